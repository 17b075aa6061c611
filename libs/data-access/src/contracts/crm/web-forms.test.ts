import {
  checkWebFormAnswers,
  isWebOrigin,
  type WebFormField,
  webFormFieldErrors,
  webOrigin,
} from './web-forms';

const CORE: WebFormField[] = [
  { field: 'first_name', label: 'First name', required: true },
  { field: 'last_name', label: 'Last name', required: true },
  { field: 'email', label: 'E-mail', required: true },
];

describe('web forms', () => {
  it('reads origins as browsers send them', () => {
    expect(webOrigin('HTTPS://WWW.Example.com:443/contact?x=1')).toBe('https://www.example.com');
    expect(webOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(webOrigin('ftp://example.com')).toBeNull();
    expect(webOrigin('example.com')).toBeNull();
    expect(isWebOrigin('https://example.com')).toBe(true);
    expect(isWebOrigin('https://example.com/')).toBe(true);
    expect(isWebOrigin('https://example.com/page')).toBe(false);
    expect(isWebOrigin('https://example.com?x')).toBe(false);
  });

  it('needs the core fields, required, each once', () => {
    expect(webFormFieldErrors(CORE)).toEqual([]);
    expect(
      webFormFieldErrors([
        { field: 'first_name', label: 'First', required: false },
        { field: 'first_name', label: 'Again', required: true },
        { field: 'last_name', label: 'Last', required: true },
      ]),
    ).toEqual([
      'first_name is on the form twice',
      'first_name must be required',
      'the form must ask for email',
    ]);
  });

  it('checks answers against the form and keeps the clean values', () => {
    const form = {
      fields: [
        ...CORE,
        { field: 'website', label: 'Site', required: false },
        { field: 'budget_range', label: 'Budget', required: false },
      ] as WebFormField[],
      consent_text: null,
    };
    expect(
      checkWebFormAnswers(form, {
        first_name: ' Ana ',
        last_name: 'Lee',
        email: 'ana@lee.test',
        website: 'lee.test',
        budget_range: '',
      }),
    ).toEqual({
      values: { first_name: 'Ana', last_name: 'Lee', email: 'ana@lee.test', website: 'lee.test' },
      errors: {},
    });
    expect(
      checkWebFormAnswers(form, {
        first_name: 'x'.repeat(101),
        last_name: 'Lee',
        email: 'a@b.test',
        website: 'not a site',
        budget_range: 'lots',
      }).errors,
    ).toEqual({
      first_name: ['First name must be at most 100 characters'],
      website: ['Site must be a web address'],
      budget_range: ['Budget must be one of under_5k, 5k-10k, 10k-25k, 25k-50k, 50k+'],
    });
  });
});
