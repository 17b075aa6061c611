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
});
