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

type ModuleRow = RegistrationForm['modules'][number];

/** A module row, as the form holds it or as it is sent (the same fields); submodules as `[name, id]`. */
function moduleRow(
  id: string,
  name: string,
  category: ModuleRow['category'],
  submodules: [string, string][],
): ModuleRow {
  return {
    id,
    name,
    category,
    submodules: submodules.map(([subName, subId]) => ({ name: subName, id: subId })),
  };
}

const billing: RegistrationForm = {
  key: ' billing ',
  name: 'Billing',
  modules: [
    moduleRow('', '', 'Core Business', [
      ['Invoices', ''],
      ['  ', ''],
      ['Payment Runs', 'runs'],
    ]),
    moduleRow('', 'Time & Billing', 'Business Growth', [['Timesheets', '']]),
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
        moduleRow('billing', 'Billing', 'Core Business', [
          ['Invoices', 'invoices'],
          ['Payment Runs', 'runs'],
        ]),
        moduleRow('time-billing', 'Time & Billing', 'Business Growth', [['Timesheets', 'timesheets']]),
      ],
    });
    expect(registrationInput(emptyRegistration()).modules).toEqual([moduleRow('', '', 'Core Business', [])]);
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
