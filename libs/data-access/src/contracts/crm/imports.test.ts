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

describe('CRM imports of products', () => {
  const mapping = ['name', 'code', 'tax_percent', 'active', 'price_USD', 'price_JPY', 'price_KWD'];

  it('reads prices from their text into minor units of each currency, never through a float', () => {
    expect(
      validateCrmImportRow('products', mapping, ['Seat', 'S1', '7.25%', 'no', '0.29', '1500', '1.005']),
    ).toEqual({
      ok: true,
      values: {
        name: 'Seat',
        code: 'S1',
        tax_percent: '7.25',
        active: 'false',
        price_USD: 29,
        price_JPY: 1500,
        price_KWD: 1005,
      },
    });
    // 1.1 × 100 is 110.00000000000001 as a float; read from its text it is 110 cents.
    expect(validateCrmImportRow('products', ['name', 'price_USD'], ['A', '1.1'])).toEqual({
      ok: true,
      values: { name: 'A', price_USD: 110 },
    });
    expect(validateCrmImportRow('products', ['name', 'price_USD'], ['A', '1,234,567.80'])).toEqual({
      ok: true,
      values: { name: 'A', price_USD: 123456780 },
    });
    expect(validateCrmImportRow('products', ['name', 'tax_percent'], ['A', '20'])).toEqual({
      ok: true,
      values: { name: 'A', tax_percent: '20' },
    });
  });

  it('refuses a price with more decimals than its currency, a percent over 100 and a yes/no that is neither', () => {
    expect(
      validateCrmImportRow('products', mapping, ['Seat', 'S1', '0.125', 'maybe', '-1', '1.5', '1,5']),
    ).toEqual({
      ok: false,
      errors: {
        tax_percent: 'Tax % must be a number from 0 to 100 with at most 2 decimals',
        active: 'Active must be yes or no',
        price_USD: 'Price USD must be an amount of 0 or more with at most 2 decimals',
        price_JPY: 'Price JPY must be a whole amount of 0 or more (JPY has no decimals)',
        price_KWD: 'Price KWD must be an amount of 0 or more with at most 3 decimals',
      },
    });
  });

  it('leaves the amount and percent kinds of deals as they were', () => {
    expect(
      validateCrmImportRow('deals', ['name', 'amount', 'probability'], ['D', '$1,250.505', '40']),
    ).toEqual({ ok: true, values: { name: 'D', amount: 1250.51, probability: 40 } });
  });

  it('matches products by code, and by name only when a row has no code', () => {
    expect(crmImportMatchKeys('products', { name: 'Seat', code: 'S-1' })).toEqual(['code:s-1']);
    expect(crmImportMatchKeys('products', { name: 'Seat' })).toEqual(['name:seat']);
  });
});
