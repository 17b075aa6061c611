import {
  DEFAULT_THANK_YOU,
  isWebOrigin,
  WEB_FORM_CORE_FIELDS,
  WEB_FORM_LEAD_FIELD_NAMES,
  WEB_FORM_LEAD_FIELDS,
  WEB_FORM_LIMITS,
  type WebForm,
  type WebFormInput,
  type WebFormLeadField,
} from '@tessera/data-access/contracts';

/** One row of the builder: every lead field, asked or not, with its label and required flag. */
export interface FieldChoice {
  field: WebFormLeadField;
  asked: boolean;
  label: string;
  required: boolean;
}

export interface WebFormDraft {
  name: string;
  fields: FieldChoice[];
  afterSubmit: 'message' | 'redirect';
  thankYou: string;
  redirectUrl: string;
  consentText: string;
  /** One origin a line, as the owner types them. */
  origins: string;
}

export type WebFormDraftErrors = Partial<
  Record<'name' | 'fields' | 'redirectUrl' | 'origins' | 'form', string>
>;

export function emptyWebFormDraft(): WebFormDraft {
  return {
    name: '',
    fields: WEB_FORM_LEAD_FIELD_NAMES.map((field) => ({
      field,
      asked: WEB_FORM_CORE_FIELDS.includes(field) || field === 'company',
      label: WEB_FORM_LEAD_FIELDS[field].label,
      required: WEB_FORM_CORE_FIELDS.includes(field),
    })),
    afterSubmit: 'message',
    thankYou: DEFAULT_THANK_YOU,
    redirectUrl: '',
    consentText: '',
    origins: '',
  };
}

export function draftFromWebForm(form: WebForm): WebFormDraft {
  const empty = emptyWebFormDraft();
  const asked = form.fields.map((field) => ({ ...field, asked: true }));
  const others = empty.fields
    .filter((choice) => !form.fields.some((field) => field.field === choice.field))
    .map((choice) => ({ ...choice, asked: false, required: false }));
  return {
    name: form.name,
    fields: [...asked, ...others],
    afterSubmit: form.redirect_url ? 'redirect' : 'message',
    thankYou: form.thank_you_message,
    redirectUrl: form.redirect_url ?? '',
    consentText: form.consent_text ?? '',
    origins: form.allowed_origins.join('\n'),
  };
}

const originLines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The builder's own checks, the same limits the API applies (it checks again). */
export function validateWebFormDraft(draft: WebFormDraft): WebFormDraftErrors {
  const errors: WebFormDraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  else if (draft.name.trim().length > WEB_FORM_LIMITS.name)
    errors.name = `Name must be at most ${WEB_FORM_LIMITS.name} characters`;
  const blank = draft.fields.find((choice) => choice.asked && !choice.label.trim());
  if (blank) errors.fields = `Give the ${WEB_FORM_LEAD_FIELDS[blank.field].label} field a label`;
  if (draft.afterSubmit === 'redirect' && !/^https?:\/\/\S+$/i.test(draft.redirectUrl.trim()))
    errors.redirectUrl = 'Enter the address to send visitors to, starting with https://';
  const origins = originLines(draft.origins);
  const bad = origins.find((origin) => !isWebOrigin(origin));
  if (bad) errors.origins = `${bad} is not a site origin such as https://www.example.com (no path)`;
  else if (origins.length > WEB_FORM_LIMITS.allowedOrigins)
    errors.origins = `List at most ${WEB_FORM_LIMITS.allowedOrigins} sites`;
  return errors;
}

export function inputFromDraft(draft: WebFormDraft): WebFormInput {
  return {
    name: draft.name.trim(),
    fields: draft.fields
      .filter((choice) => choice.asked)
      .map(({ field, label, required }) => ({ field, label: label.trim(), required })),
    thank_you_message: draft.thankYou.trim() || DEFAULT_THANK_YOU,
    redirect_url: draft.afterSubmit === 'redirect' ? draft.redirectUrl.trim() : null,
    consent_text: draft.consentText.trim() || null,
    allowed_origins: originLines(draft.origins),
  };
}

/** The API's field messages, on the builder's fields. */
export function draftErrorsFrom(errors: Record<string, string | string[]> | undefined): WebFormDraftErrors {
  if (!errors) return {};
  const found: WebFormDraftErrors = {};
  for (const [name, messages] of Object.entries(errors)) {
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (!message) continue;
    if (name === 'name') found.name = message;
    else if (name.startsWith('fields')) found.fields = message;
    else if (name === 'redirect_url') found.redirectUrl = message;
    else if (name.startsWith('allowed_origins')) found.origins = message;
    else found.form = message;
  }
  return found;
}

/** The snippet a site pastes where the form should appear: a placeholder and the embed script. */
export function scriptSnippet(apiOrigin: string, formId: string): string {
  return `<div data-tessera-form="${formId}"></div>\n<script src="${apiOrigin}/api/forms/embed.js" async></script>`;
}

/** The same form in an iframe, for sites that keep other pages' scripts out. */
export function iframeSnippet(apiOrigin: string, form: { id: string; name: string }): string {
  const title = form.name.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  return `<iframe src="${apiOrigin}/api/forms/${form.id}/page" title="${title}" width="100%" height="640" style="border:0"></iframe>`;
}
