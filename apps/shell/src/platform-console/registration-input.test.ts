import { registrationInput, submoduleId } from './registration-input';

describe('registering a remote from the console', () => {
  it('derives submodule ids from their names', () => {
    expect(submoduleId('Time & Billing')).toBe('time-billing');
    expect(submoduleId('  Invoices ')).toBe('invoices');
  });

  it('makes one module named after the remote unless told otherwise', () => {
    expect(
      registrationInput({
        key: ' billing ',
        name: 'Billing',
        moduleId: '',
        moduleName: '',
        category: 'Core Business',
        submodules: 'Invoices, Payment Runs,,',
      }),
    ).toEqual({
      key: 'billing',
      name: 'Billing',
      modules: [
        {
          id: 'billing',
          name: 'Billing',
          category: 'Core Business',
          submodules: [
            { id: 'invoices', name: 'Invoices' },
            { id: 'payment-runs', name: 'Payment Runs' },
          ],
        },
      ],
    });
  });
});
