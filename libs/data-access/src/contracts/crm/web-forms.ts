import { BUDGET_RANGES, COMPANY_SIZES, INDUSTRIES, TIMELINES } from './enums';

/**
 * Web forms (docs/product/web-forms.md): forms an owner builds and embeds on any site, whose
 * submissions become leads. The field catalogue, limits and checks live here once: the builder
 * screen and the API both use them.
 */

/** How a lead field is asked for on a form. */
export type WebFormInputKind = 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select';

export interface WebFormFieldSpec {
  /** The label a new form gives the field. */
  label: string;
  kind: WebFormInputKind;
  /** Longest accepted answer, in characters (the lead column's limit). */
  maxLength: number;
  /** The accepted answers of a select. */
  options?: readonly string[];
}

/** The lead fields a form may ask for, in the builder's order. */
export const WEB_FORM_LEAD_FIELDS = {
  first_name: { label: 'First name', kind: 'text', maxLength: 100 },
  last_name: { label: 'Last name', kind: 'text', maxLength: 100 },
  email: { label: 'E-mail', kind: 'email', maxLength: 254 },
  phone: { label: 'Phone', kind: 'tel', maxLength: 40 },
  company: { label: 'Company', kind: 'text', maxLength: 200 },
  position: { label: 'Job title', kind: 'text', maxLength: 120 },
  website: { label: 'Website', kind: 'url', maxLength: 300 },
  industry: { label: 'Industry', kind: 'select', maxLength: 40, options: INDUSTRIES },
  company_size: { label: 'Company size', kind: 'select', maxLength: 40, options: COMPANY_SIZES },
  budget_range: { label: 'Budget', kind: 'select', maxLength: 40, options: BUDGET_RANGES },
  timeline: { label: 'Timeline', kind: 'select', maxLength: 40, options: TIMELINES },
  pain_points: { label: 'How can we help?', kind: 'textarea', maxLength: 5000 },
} as const satisfies Record<string, WebFormFieldSpec>;

export type WebFormLeadField = keyof typeof WEB_FORM_LEAD_FIELDS;
export const WEB_FORM_LEAD_FIELD_NAMES = Object.keys(WEB_FORM_LEAD_FIELDS) as WebFormLeadField[];

/** A lead needs a name, and de-duplication needs the address: every form asks for these, required. */
export const WEB_FORM_CORE_FIELDS: readonly WebFormLeadField[] = ['first_name', 'last_name', 'email'];

export interface WebFormField {
  field: WebFormLeadField;
  label: string;
  required: boolean;
}

export const WEB_FORM_LIMITS = {
  name: 120,
  label: 120,
  thankYou: 1000,
  consent: 2000,
  redirectUrl: 500,
  allowedOrigins: 20,
} as const;

/**
 * Spam defences. The honeypot is a field people never see; the fill token is signed by the server
 * when the form is shown, so a bot cannot claim to have spent longer on the form than it did.
 */
export const WEB_FORM_HONEYPOT = 'fax_number';
export const WEB_FORM_TOKEN_FIELD = '_form_token';
export const WEB_FORM_CONSENT_FIELD = 'consent';
/** A form sent sooner than this after it was shown was not typed by a person. */
export const WEB_FORM_MIN_FILL_SECONDS = 3;
/** A token older than this belongs to a page left open for a day: the visitor reloads it. */
export const WEB_FORM_TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface WebForm {
  id: string;
  org_id: string | null;
  owner_id: string;
  name: string;
  fields: WebFormField[];
  thank_you_message: string;
  redirect_url: string | null;
  consent_text: string | null;
  /** Origins of the sites that may embed the form; empty: any site. */
  allowed_origins: string[];
  submission_count: number;
  created_at: string;
  updated_at: string;
}

export interface WebFormInput {
  name: string;
  fields: WebFormField[];
  thank_you_message?: string;
  redirect_url?: string | null;
  consent_text?: string | null;
  allowed_origins?: string[];
}

export type UpdateWebFormInput = Partial<WebFormInput>;

/** One submission on the form's page: the lead it made or updated, with the lead's score. */
export interface WebFormSubmission {
  id: string;
  lead_id: string;
  outcome: 'created' | 'merged';
  created_at: string;
  lead_name: string;
  lead_email: string | null;
  lead_score: number;
}

/** What a visitor's browser receives to show a form (no owner data). */
export interface PublicWebForm {
  id: string;
  name: string;
  fields: Array<WebFormField & { kind: WebFormInputKind; options: string[] | null; max_length: number }>;
  consent_text: string | null;
  honeypot: string;
  token_field: string;
  token: string;
  submit_url: string;
}

export interface WebFormSubmissionResult {
  message: string;
  redirect_url: string | null;
}

export const DEFAULT_THANK_YOU = 'Thank you! We will be in touch soon.';

const URL_PARTS =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?([/?#]\S*)?$/i;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/** The origin of a web address as browsers send it (`https://example.com`, no path), or null. */
export function webOrigin(value: string): string | null {
  const parts = URL_PARTS.exec(value.trim());
  if (!parts) return null;
  const scheme = (parts[1] as string).toLowerCase();
  const host = (parts[2] as string).toLowerCase();
  const port = parts[3] && parts[3] !== DEFAULT_PORTS[scheme] ? `:${Number(parts[3])}` : '';
  return `${scheme}://${host}${port}`;
}

/** Whether `value` is exactly an origin (scheme, host and port; at most a trailing slash). */
export function isWebOrigin(value: string): boolean {
  const parts = URL_PARTS.exec(value.trim());
  return parts !== null && (parts[4] === undefined || parts[4] === '/');
}

/** The form's fields, with the core ones checked: the messages per property, empty when valid. */
export function webFormFieldErrors(fields: readonly WebFormField[]): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.field)) errors.push(`${field.field} is on the form twice`);
    seen.add(field.field);
  }
  for (const core of WEB_FORM_CORE_FIELDS) {
    const field = fields.find((candidate) => candidate.field === core);
    if (!field) errors.push(`the form must ask for ${core}`);
    else if (!field.required) errors.push(`${core} must be required`);
  }
  return errors;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A visitor's answers, checked against the form: the cleaned values and the messages per field
 * (empty when valid). Answers are text; unknown names are refused so a page cannot write fields
 * the form does not show.
 */
export function checkWebFormAnswers(
  form: { fields: readonly WebFormField[]; consent_text: string | null },
  answers: Readonly<Record<string, unknown>>,
): { values: Partial<Record<WebFormLeadField, string>>; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const values: Partial<Record<WebFormLeadField, string>> = {};
  const fail = (name: string, message: string) => {
    errors[name] = [...(errors[name] ?? []), message];
  };
  const known = new Set<string>([WEB_FORM_HONEYPOT, WEB_FORM_TOKEN_FIELD, WEB_FORM_CONSENT_FIELD]);
  for (const field of form.fields) {
    known.add(field.field);
    const spec: WebFormFieldSpec = WEB_FORM_LEAD_FIELDS[field.field];
    const raw = answers[field.field];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      fail(field.field, `${field.label} must be text`);
      continue;
    }
    const value = (raw ?? '').trim();
    if (value === '') {
      if (field.required) fail(field.field, `${field.label} is required`);
      continue;
    }
    if (value.length > spec.maxLength)
      fail(field.field, `${field.label} must be at most ${spec.maxLength} characters`);
    else if (spec.kind === 'email' && !EMAIL.test(value))
      fail(field.field, `${field.label} must be an e-mail address`);
    else if (spec.kind === 'url' && webOrigin(value.includes('://') ? value : `https://${value}`) === null)
      fail(field.field, `${field.label} must be a web address`);
    else if (spec.options && !spec.options.includes(value))
      fail(field.field, `${field.label} must be one of ${spec.options.join(', ')}`);
    else values[field.field] = value;
  }
  if (form.consent_text) {
    const consent = answers[WEB_FORM_CONSENT_FIELD];
    if (!(consent === true || consent === 'true' || consent === 'on' || consent === 'yes'))
      fail(WEB_FORM_CONSENT_FIELD, 'Please give your consent to send the form');
  }
  for (const name of Object.keys(answers))
    if (!known.has(name)) fail(name, `${name} is not a field of this form`);
  return { values, errors };
}
