import type { SendCrmEmailInput, SentCrmEmail } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Who a written e-mail goes to: the record's own address. */
export type EmailRecipientKind = 'lead' | 'contact';

/** Send Email on a lead or a contact: queued in the outbox, logged as a completed email activity. */
export function sendCrmEmail(
  institutionId: string | null,
  to: { kind: EmailRecipientKind; id: string },
  input: SendCrmEmailInput,
): Promise<SentCrmEmail> {
  const collection = to.kind === 'lead' ? 'leads' : 'contacts';
  return apiFetch<SentCrmEmail>(`/api/crm/${collection}/${encodeURIComponent(to.id)}/emails`, {
    method: 'POST',
    institutionId,
    body: input,
  });
}
