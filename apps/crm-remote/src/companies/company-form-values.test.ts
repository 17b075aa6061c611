import { companyInputFromForm, emptyCompanyForm, validateCompanyForm } from './company-form-values';

describe('company form (docs/product/companies.md)', () => {
  it('says what is wrong per field', () => {
    expect(
      validateCompanyForm({ ...emptyCompanyForm(), name: ' ', domain: 'not a domain', industry: 'mining' }),
    ).toEqual({
      name: 'Company name is required',
      domain: 'Domain must be a web domain such as acme.com',
      industry: 'Choose an industry',
    });
  });

  it('sends a clean domain and clears what was emptied', () => {
    const values = {
      ...emptyCompanyForm(),
      name: ' Acme ',
      domain: 'https://www.Acme.com/about',
      size: '11-50',
    };
    expect(validateCompanyForm(values)).toEqual({});
    expect(companyInputFromForm(values)).toEqual({
      name: 'Acme',
      domain: 'acme.com',
      industry: null,
      size: '11-50',
      phone: null,
      address: null,
    });
  });
});
