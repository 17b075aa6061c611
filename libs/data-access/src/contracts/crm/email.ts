import { mergeFieldNames } from '../mail';

/**
 * The merge fields a CRM e-mail (campaign, automation, a message written on a lead) may use,
 * written `{{first_name}}`. One list for the API, which refuses others, and the compose screens.
 */
export const CRM_MERGE_FIELDS = ['first_name', 'last_name', 'full_name', 'company', 'email'] as const;
export type CrmMergeField = (typeof CRM_MERGE_FIELDS)[number];

export interface CrmMailPerson {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  email: string | null;
}

/** The values of the merge fields for one recipient (a lead or a contact). */
export function crmMergeValues(person: CrmMailPerson): Record<CrmMergeField, string> {
  const first = person.first_name?.trim() ?? '';
  const last = person.last_name?.trim() ?? '';
  return {
    first_name: first,
    last_name: last,
    full_name: [first, last].filter(Boolean).join(' '),
    company: person.company?.trim() ?? '',
    email: person.email?.trim() ?? '',
  };
}

/** The merge fields of a template that the CRM does not know, as written (`{{nickname}}`). */
export function unknownMergeFields(template: string): string[] {
  const known: readonly string[] = CRM_MERGE_FIELDS;
  return mergeFieldNames(template)
    .filter((name) => !known.includes(name))
    .map((name) => `{{${name}}}`);
}

/** The message a field error shows for a template with unknown merge fields. */
export function unknownMergeFieldsMessage(unknown: readonly string[]): string {
  return `Unknown merge field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; use ${CRM_MERGE_FIELDS.map((name) => `{{${name}}}`).join(', ')}`;
}

/** What a person writes in the compose dialog (subject and message, merge fields allowed). */
export interface SendCrmEmailInput {
  subject: string;
  body: string;
}

/** A message written on a lead or a contact, queued in the outbox. */
export interface SentCrmEmail {
  message_id: string;
  activity_id: string;
  to: string;
  subject: string;
}
