import type { WebForm } from '@tessera/data-access/contracts';
import {
  draftErrorsFrom,
  draftFromWebForm,
  emptyWebFormDraft,
  iframeSnippet,
  inputFromDraft,
  scriptSnippet,
  validateWebFormDraft,
} from './web-form-draft';

describe('web form draft', () => {
  it('starts with the fields every form needs, required, and the company', () => {
    const input = inputFromDraft({ ...emptyWebFormDraft(), name: ' Demo request ' });
    expect(input).toEqual({
      name: 'Demo request',
      fields: [
        { field: 'first_name', label: 'First name', required: true },
        { field: 'last_name', label: 'Last name', required: true },
        { field: 'email', label: 'E-mail', required: true },
        { field: 'company', label: 'Company', required: false },
      ],
      thank_you_message: 'Thank you! We will be in touch soon.',
      redirect_url: null,
      consent_text: null,
      allowed_origins: [],
    });
  });

  it('checks the name, labels, redirect address and origins', () => {
    const draft = emptyWebFormDraft();
    draft.fields[1] = { ...(draft.fields[1] as (typeof draft.fields)[number]), label: ' ' };
    expect(
      validateWebFormDraft({
        ...draft,
        afterSubmit: 'redirect',
        redirectUrl: 'thanks.html',
        origins: 'https://ok.test\nhttps://bad.test/page',
      }),
    ).toEqual({
      name: 'Name is required',
      fields: 'Give the Last name field a label',
      redirectUrl: 'Enter the address to send visitors to, starting with https://',
      origins: 'https://bad.test/page is not a site origin such as https://www.example.com (no path)',
    });
    expect(
      validateWebFormDraft({
        ...emptyWebFormDraft(),
        name: 'Ok',
        origins: 'https://a.test, http://localhost:8080',
      }),
    ).toEqual({});
  });

  it('reads a saved form back with its asked fields first', () => {
    const form: WebForm = {
      id: 'f1',
      org_id: null,
      owner_id: 'u1',
      name: 'Contact us',
      fields: [
        { field: 'email', label: 'Your e-mail', required: true },
        { field: 'first_name', label: 'First name', required: true },
        { field: 'last_name', label: 'Last name', required: true },
      ],
      thank_you_message: 'Thanks',
      redirect_url: 'https://example.test/thanks',
      consent_text: 'I agree',
      allowed_origins: ['https://example.test'],
      submission_count: 0,
      created_at: '',
      updated_at: '',
    };
    const draft = draftFromWebForm(form);
    expect(draft.fields.slice(0, 3).map((choice) => choice.field)).toEqual([
      'email',
      'first_name',
      'last_name',
    ]);
    expect(draft.fields.filter((choice) => choice.asked)).toHaveLength(3);
    expect(inputFromDraft(draft)).toEqual({
      name: 'Contact us',
      fields: form.fields,
      thank_you_message: 'Thanks',
      redirect_url: 'https://example.test/thanks',
      consent_text: 'I agree',
      allowed_origins: ['https://example.test'],
    });
  });

  it('puts the API’s field messages on the builder’s fields', () => {
    expect(
      draftErrorsFrom({
        name: ['name must not be empty'],
        'allowed_origins.0': ['bad origin'],
        fields: ['the form must ask for email'],
      }),
    ).toEqual({
      name: 'name must not be empty',
      origins: 'bad origin',
      fields: 'the form must ask for email',
    });
  });

  it('makes the snippets to paste, escaping the title', () => {
    expect(scriptSnippet('https://crm.test', 'f1')).toBe(
      '<div data-tessera-form="f1"></div>\n<script src="https://crm.test/api/forms/embed.js" async></script>',
    );
    expect(iframeSnippet('https://crm.test', { id: 'f1', name: 'Say "hi" <now>' })).toContain(
      'title="Say &#34;hi&#34; &#60;now&#62;"',
    );
  });
});
