import { companySizeFor, crmImportMatchKeys, matchCrmImportColumns, validateCrmImportRow } from './imports';

describe('CRM imports of companies', () => {
  it('matches the company headers of HubSpot, Pipedrive, Salesforce and Twenty exports', () => {
    expect(
      matchCrmImportColumns('companies', [
        'Company Name',
        'Company Domain Name',
        'Number of Employees',
        'Industry',
        'Phone Number',
        'Street Address',
      ]),
    ).toEqual(['name', 'domain', 'size', 'industry', 'phone', 'address']);
    expect(matchCrmImportColumns('companies', ['Organization - Name', 'Organization - Website'])).toEqual([
      'name',
      'domain',
    ]);
    expect(matchCrmImportColumns('companies', ['Account Name', 'Website', 'Employees'])).toEqual([
      'name',
      'domain',
      'size',
    ]);
    expect(matchCrmImportColumns('companies', ['Name', 'Domain Name Primary Link Url'])).toEqual([
      'name',
      'domain',
    ]);
  });

  it('turns a head count into the product’s size band and a web address into its domain', () => {
    expect([1, 10, 11, 50, 51, 200, 201, 1000, 1001].map(companySizeFor)).toEqual([
      '1-10',
      '1-10',
      '11-50',
      '11-50',
      '51-200',
      '51-200',
      '201-1000',
      '201-1000',
      '1000+',
    ]);
    const row = validateCrmImportRow(
      'companies',
      ['name', 'domain', 'size', 'industry'],
      ['Acme', 'https://www.Acme.com/about', '1,250', 'Financial Services'],
    );
    expect(row).toEqual({
      ok: true,
      values: { name: 'Acme', domain: 'acme.com', size: '1000+', industry: 'finance' },
    });
    expect(validateCrmImportRow('companies', ['name', 'size'], ['Acme', '51 – 200'])).toEqual({
      ok: true,
      values: { name: 'Acme', size: '51-200' },
    });
  });

  it('refuses a missing name, a domain that is not one and an unknown size with a message per field', () => {
    expect(
      validateCrmImportRow('companies', ['name', 'domain', 'size'], ['', 'not a domain', 'lots']),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Company name is required',
        domain: 'Domain must be a web domain such as acme.com',
        size: 'Size must be a head count or one of 1-10, 11-50, 51-200, 201-1000, 1000+',
      },
    });
  });

  it('matches companies by domain first, then by name; people by e-mail; deals by name', () => {
    expect(crmImportMatchKeys('companies', { name: 'Acme Inc', domain: 'acme.com' })).toEqual([
      'domain:acme.com',
      'name:acme inc',
    ]);
    expect(crmImportMatchKeys('companies', { name: ' Acme ' })).toEqual(['name:acme']);
    expect(crmImportMatchKeys('contacts', { first_name: 'A', email: 'A@X.io' })).toEqual(['email:a@x.io']);
    expect(crmImportMatchKeys('leads', { first_name: 'A' })).toEqual([]);
    expect(crmImportMatchKeys('deals', { name: 'Renewal' })).toEqual(['name:renewal']);
  });
});
