import type { EntityManager } from 'typeorm';
import { scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';

/** The CRM records a message is shown on: exactly one column set per link. */
export interface EmailLink {
  contact_id: string | null;
  lead_id: string | null;
  company_id: string | null;
  deal_id: string | null;
}

export const noLink: EmailLink = { contact_id: null, lead_id: null, company_id: null, deal_id: null };

/** Who writes from the CRM; `sendsThrough` is the mailbox whose SMTP server sends it, when it has one. */
export interface CrmSender {
  address: string;
  mailboxId: string | null;
  sendsThrough: string | null;
}

/**
 * Who writes from the CRM: the writer's mailbox that holds the conversation (`preferred`), else their
 * working mailbox in this scope (synced ones first, the newest), else their sign-in e-mail. With SMTP
 * settings that mailbox sends the message From its address; without, MAIL_FROM sends it with Reply-To.
 */
export async function senderOf(
  manager: EntityManager,
  scope: Pick<TenantScope, 'institutionId' | 'userId' | 'email'>,
  preferred: string | null = null,
): Promise<CrmSender> {
  const where = scopeSql(scope, 'm', 3);
  const [mailbox]: Array<{ id: string; email_address: string | null; has_smtp: boolean }> =
    await manager.query(
      `SELECT m.id, m.email_address, m.smtp_host IS NOT NULL AS has_smtp
         FROM crm_mailboxes m WHERE m.owner_id = $1 AND ${where.sql}
        ORDER BY m.id = $2 DESC, m.status = 'synced' DESC, m.created_at DESC LIMIT 1`,
      [scope.userId, preferred, ...where.params],
    );
  return {
    address: mailbox?.email_address ?? scope.email.toLowerCase(),
    mailboxId: mailbox?.id ?? null,
    sendsThrough: mailbox?.has_smtp && mailbox.email_address ? mailbox.id : null,
  };
}

/**
 * A message written in the CRM, stored on its conversation as soon as it is queued, under the
 * Message-ID the outbox sends it with: the writer's Sent folder, when it syncs, adds nothing twice,
 * and the customer's answer (In-Reply-To that id) joins the same conversation.
 */
export async function recordOutboundEmail(
  manager: EntityManager,
  email: {
    scope: Pick<TenantScope, 'institutionId' | 'userId'>;
    sender: Pick<CrmSender, 'address' | 'mailboxId'>;
    messageId: string;
    outboxId: string;
    subject: string;
    body: string;
    to: string;
    inReplyTo: string | null;
    references: string[];
    /** The conversation it continues; a new message starts its own. */
    threadKey: string | null;
    links: EmailLink[];
  },
): Promise<{ id: string; thread_key: string }> {
  const threadKey = email.threadKey ?? email.messageId;
  const [row]: Array<{ id: string }> = await manager.query(
    `INSERT INTO crm_email_messages
       (org_id, owner_id, mailbox_id, direction, message_id, in_reply_to, reference_ids, thread_key, subject,
        from_address, to_addresses, text_body, received_at, outbox_message_id)
     VALUES ($1, $2, $3, 'outbound', $4, $5, $6, $7, $8, $9, $10, $11, now(), $12)
     RETURNING id`,
    [
      email.scope.institutionId,
      email.scope.userId,
      email.sender.mailboxId,
      email.messageId,
      email.inReplyTo,
      email.references,
      threadKey,
      email.subject,
      email.sender.address,
      [email.to],
      email.body,
      email.outboxId,
    ],
  );
  const distinct = new Map<string, EmailLink>();
  for (const link of email.links) {
    for (const column of ['contact_id', 'lead_id', 'company_id', 'deal_id'] as const) {
      const id = link[column];
      if (id) distinct.set(`${column}:${id}`, { ...noLink, [column]: id });
    }
  }
  for (const link of distinct.values())
    await manager.query(
      `INSERT INTO crm_email_message_links (message_id, org_id, owner_id, contact_id, lead_id, company_id, deal_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [
        row.id,
        email.scope.institutionId,
        email.scope.userId,
        link.contact_id,
        link.lead_id,
        link.company_id,
        link.deal_id,
      ],
    );
  return { id: row.id, thread_key: threadKey };
}
