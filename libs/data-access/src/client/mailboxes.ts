import type {
  ConnectMailboxInput,
  EmailThread,
  Mailbox,
  ReplyEmailInput,
  SendCrmEmailInput,
  SentEmailMessage,
  UpdateMailboxInput,
} from '@tessera/data-access/contracts';
import { type ApiFile, apiDownload, apiFetch } from './api-fetch';

/** The records whose pages show e-mail conversations. */
export type EmailThreadRecordKind = 'contacts' | 'leads' | 'companies' | 'deals';

export function fetchMailboxes(institutionId: string | null, signal?: AbortSignal): Promise<Mailbox[]> {
  return apiFetch<Mailbox[]>('/api/mailboxes', { institutionId, signal });
}

export function connectMailbox(institutionId: string | null, input: ConnectMailboxInput): Promise<Mailbox> {
  return apiFetch<Mailbox>('/api/mailboxes', { method: 'POST', institutionId, body: input });
}

export function updateMailbox(
  institutionId: string | null,
  id: string,
  input: UpdateMailboxInput,
): Promise<Mailbox> {
  return apiFetch<Mailbox>(`/api/mailboxes/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: input,
  });
}

export function disconnectMailbox(institutionId: string | null, id: string): Promise<void> {
  return apiFetch<void>(`/api/mailboxes/${encodeURIComponent(id)}`, { method: 'DELETE', institutionId });
}

export function fetchEmailThreads(
  institutionId: string | null,
  record: { kind: EmailThreadRecordKind; id: string },
  signal?: AbortSignal,
): Promise<EmailThread[]> {
  return apiFetch<EmailThread[]>(`/api/crm/${record.kind}/${encodeURIComponent(record.id)}/emails`, {
    institutionId,
    signal,
  });
}

export function replyToEmail(
  institutionId: string | null,
  messageId: string,
  input: ReplyEmailInput & { deal_id?: string },
): Promise<SentEmailMessage> {
  return apiFetch<SentEmailMessage>(`/api/crm/emails/${encodeURIComponent(messageId)}/reply`, {
    method: 'POST',
    institutionId,
    body: input,
  });
}

/** A new e-mail written on a deal, to the deal's contact (merge fields as in Send Email). */
export function composeDealEmail(
  institutionId: string | null,
  dealId: string,
  input: SendCrmEmailInput,
): Promise<SentEmailMessage> {
  return apiFetch<SentEmailMessage>(`/api/crm/deals/${encodeURIComponent(dealId)}/emails`, {
    method: 'POST',
    institutionId,
    body: input,
  });
}

/** An attachment's bytes (the scope header cannot ride on a plain link, so the screen fetches a Blob). */
export function downloadEmailAttachment(
  institutionId: string | null,
  attachmentId: string,
): Promise<ApiFile> {
  return apiDownload(`/api/crm/email-attachments/${encodeURIComponent(attachmentId)}`, { institutionId });
}
