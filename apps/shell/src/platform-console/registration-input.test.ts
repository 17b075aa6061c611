import {
  emptyRegistration,
  formFields,
  messagesByField,
  previewModule,
  type RegistrationForm,
  registrationInput,
  submoduleField,
  submoduleId,
} from './registration-input';

const billing: RegistrationForm = {
  key: ' billing ',
  name: 'Billing',
  modules: [
    {
      id: '',
      name: '',
      category: 'Core Business',
      submodules: [
        { name: 'Invoices', id: '' },
        { name: '  ', id: '' },
        { name: 'Payment Runs', id: 'runs' },
      ],
    },
    {
      id: '',
      name: 'Time & Billing',
      category: 'Business Growth',
      submodules: [{ name: 'Timesheets', id: '' }],
    },
  ],
};

describe('registering a remote from the console', () => {
  it('derives ids from names', () => {
    expect(submoduleId('Time & Billing')).toBe('time-billing');
    expect(submoduleId('  Invoices ')).toBe('invoices');
  });

  it('sends every module with its submodules: the first named after the remote unless told, blank rows left out', () => {
    expect(registrationInput(billing)).toEqual({
      key: 'billing',
      name: 'Billing',
      modules: [
        {
          id: 'billing',
          name: 'Billing',
          category: 'Core Business',
          submodules: [
            { id: 'invoices', name: 'Invoices' },
            { id: 'runs', name: 'Payment Runs' },
          ],
        },
        {
          id: 'time-billing',
          name: 'Time & Billing',
          category: 'Business Growth',
          submodules: [{ id: 'timesheets', name: 'Timesheets' }],
        },
      ],
    });
    expect(registrationInput(emptyRegistration()).modules).toEqual([
      { id: '', name: '', category: 'Core Business', submodules: [] },
    ]);
  });

  it('shows the routes the registry will give', () => {
    const [first] = registrationInput(billing).modules;
    const preview = previewModule(first as NonNullable<typeof first>, 'billing');
    expect(preview.route).toBe('/modules/billing');
    expect(preview.submodules.map((sub) => sub.route)).toEqual([
      '/modules/billing/invoices',
      '/modules/billing/runs',
    ]);
  });

  it('puts each message of the API under the row it is about, counting only the rows sent', () => {
    expect(submoduleField(billing, 0, 1)).toBeNull();
    expect(submoduleField(billing, 0, 2)).toBe('modules.0.submodules.1');
    const fields = formFields(billing);
    expect(fields).toContain('modules.1.submodules.0.id');
    expect(fields).not.toContain('modules.0.submodules.2.id');
    expect(
      messagesByField(
        {
          key: ['key crm is already registered'],
          'modules.1.id': ['A module with the id time-billing already exists', 'given twice'],
          modules: 'modules must name at least one module',
        },
        fields,
      ),
    ).toEqual({
      key: 'key crm is already registered',
      'modules.1.id': 'A module with the id time-billing already exists; given twice',
      form: 'modules must name at least one module',
    });
  });
});
