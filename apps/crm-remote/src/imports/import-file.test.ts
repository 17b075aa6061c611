import { automaticMapping, previewImport, readImportFile } from './import-file';

const HUBSPOT = [
  'First Name,Last Name,Email Address,Phone Number,Company Name,Lifecycle Stage,Record ID',
  'Ada,Lovelace,ada@example.com,555,Engines,customer,1',
  ',Nameless,n@example.com,,,,2',
  'Bad,Mail,nope,,,martian,3',
].join('\r\n');

describe('import file', () => {
  it('maps a HubSpot export automatically and previews the refused rows by line', () => {
    const file = readImportFile('contacts.csv', HUBSPOT);
    const mapping = automaticMapping('contacts', file);
    expect(mapping).toEqual(['first_name', 'last_name', 'email', 'phone', 'company', 'status', null]);
    const preview = previewImport('contacts', file, mapping);
    expect(preview.refusedCount).toBe(2);
    expect(preview.refused.map((row) => [row.row, Object.keys(row.errors)])).toEqual([
      [3, ['first_name']],
      [4, ['email', 'status']],
    ]);
  });

  it('maps the product catalogue’s own export, one price per currency, and previews exact-money refusals', () => {
    const file = readImportFile(
      'products.csv',
      [
        'Name,Code,Unit,Description,Tax %,Billing,Active,Price EUR,Price JPY',
        'Seat,S1,seat,,7.25,monthly,yes,19.99,2500',
        'Hours,H1,hour,,7.255,one_time,yes,19.999,12.5',
      ].join('\r\n'),
    );
    const mapping = automaticMapping('products', file);
    expect(mapping).toEqual([
      'name',
      'code',
      'unit',
      'description',
      'tax_percent',
      'recurrence',
      'active',
      'price_EUR',
      'price_JPY',
    ]);
    const preview = previewImport('products', file, mapping);
    expect(preview.refused).toEqual([
      {
        row: 3,
        errors: {
          tax_percent: 'Tax % must be a number from 0 to 100 with at most 2 decimals',
          price_EUR: 'Price EUR must be an amount of 0 or more with at most 2 decimals',
          price_JPY: 'Price JPY must be a whole amount of 0 or more (JPY has no decimals)',
        },
      },
    ]);
  });
});
