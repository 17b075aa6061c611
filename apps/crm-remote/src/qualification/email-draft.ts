import {
  type SendCrmEmailInput,
  unknownMergeFields,
  unknownMergeFieldsMessage,
} from '@tessera/data-access/contracts';

export interface EmailDraft {
  subject: string;
  body: string;
}

export type EmailDraftErrors = Partial<Record<keyof EmailDraft | 'to', string>>;

/** What the compose dialog starts with for a person. */
export function emptyEmailDraft(firstName: string): EmailDraft {
  return { subject: `Following up, ${firstName}`.trim(), body: '' };
}

/** The same checks as the API (it answers the same words), before anything is sent. */
export function validateEmailDraft(draft: EmailDraft): EmailDraftErrors {
  const errors: EmailDraftErrors = {};
  if (!draft.subject.trim()) errors.subject = 'Subject is required';
  else if (unknownMergeFields(draft.subject).length > 0)
    errors.subject = unknownMergeFieldsMessage(unknownMergeFields(draft.subject));
  if (!draft.body.trim()) errors.body = 'Message is required';
  else if (unknownMergeFields(draft.body).length > 0)
    errors.body = unknownMergeFieldsMessage(unknownMergeFields(draft.body));
  return errors;
}

export function emailInputFromDraft(draft: EmailDraft): SendCrmEmailInput {
  return { subject: draft.subject.trim(), body: draft.body };
}

/** The API's 400 `errors` by field, as the dialog shows them (first message of each field). */
export function emailDraftErrorsFrom(
  errors: Record<string, string[] | string> | undefined,
): EmailDraftErrors {
  const found: EmailDraftErrors = {};
  for (const field of ['to', 'subject', 'body'] as const) {
    const value = errors?.[field];
    const message = Array.isArray(value) ? value[0] : value;
    if (message) found[field] = message;
  }
  return found;
}
