import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type EmailAttachment,
  type EmailMessage,
  type EmailThread,
  isEmailAddress,
  replySubject,
  type SentEmailMessage,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { requireInScope, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { outboxMessageId } from '../../mail/mail-transport';
import { OutboxService } from '../../mail/outbox.service';
import { logActivities } from '../activities/activity-log';
import { CrmMailer, type CrmEmailRecipient } from '../email/crm-mailer';
import type { SendEmailDto } from '../email/dto/send-email.dto';
import type { ReplyEmailDto } from './dto/reply-email.dto';
import { noLink, recordOutboundEmail, senderOf } from './outbound-email';

export type EmailRecordKind = 'contacts' | 'leads' | 'companies' | 'deals';

const RECORDS: Record<
  EmailRecordKind,
  { table: 'crm_contacts' | 'crm_leads' | 'crm_companies' | 'crm_deals'; label: string; linked: string }
> = {
  contacts: { table: 'crm_contacts', label: 'Contact', linked: 'l.contact_id = $1' },
  leads: { table: 'crm_leads', label: 'Lead', linked: 'l.lead_id = $1' },
  // A company's conversations: matched by its domain, or with one of its people.
  companies: {
    table: 'crm_companies',
    label: 'Company',
    linked: 'l.company_id = $1 OR l.contact_id IN (SELECT c.id FROM crm_contacts c WHERE c.company_id = $1)',
  },
  // A deal's conversations: replies written on it, and every conversation with its contact.
  deals: {
    table: 'crm_deals',
    label: 'Deal',
    linked: 'l.deal_id = $1 OR l.contact_id = (SELECT d.contact_id FROM crm_deals d WHERE d.id = $1)',
  },
};

/** The threads a page shows at most, newest first. */
const THREAD_LIMIT = 50;

interface MessageRow {
  id: string;
  owner_id: string;
  direction: 'inbound' | 'outbound';
  message_id: string;
  thread_key: string;
  subject: string;
  from_address: string;
  from_name: string | null;
  to_addresses: string[];
  cc_addresses: string[];
  text_body: string | null;
  html_body: string | null;
  received_at: Date;
  body_hidden: boolean;
}

/**
 * E-mail conversations on CRM timelines and replies written in the CRM (docs/product/mailboxes.md).
 * What a reader sees follows each mailbox owner's choice: shared (all), subjects only (no bodies,
 * no attachments) or private (nothing, except to the owner).
 */
@Injectable()
export class EmailThreadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxService,
    private readonly mailer: CrmMailer,
  ) {}

  /**
   * A new e-mail written on a deal, to the deal's contact (merge fields filled as in Send Email),
   * starting a conversation shown on the deal and on the contact.
   */
  async compose(scope: TenantScope, dealId: string, input: SendEmailDto): Promise<SentEmailMessage> {
    return this.dataSource.transaction(async (manager) => {
      const where = scopeSql(scope, 'd', 2);
      const [deal]: Array<{ contact_id: string | null }> = await manager.query(
        `SELECT d.contact_id FROM crm_deals d WHERE d.id = $1 AND ${where.sql}`,
        [dealId, ...where.params],
      );
      if (!deal) throw new NotFoundError('Deal');
      const contactWhere = scopeSql(scope, 'c', 2);
      const [contact]: Array<Omit<CrmEmailRecipient, 'contact_id' | 'lead_id'> & { id: string }> =
        deal.contact_id
          ? await manager.query(
              `SELECT c.id, c.org_id, c.owner_id, c.first_name, c.last_name, c.company, c.email
               FROM crm_contacts c WHERE c.id = $1 AND ${contactWhere.sql}`,
              [deal.contact_id, ...contactWhere.params],
            )
          : [];
      if (!contact) {
        const message = 'This deal has no contact to write to';
        throw new InvalidInputError(message, { to: [message] });
      }
      const sender = await senderOf(manager, scope);
      const outcome = await this.mailer.send(manager, {
        kind: 'direct',
        recipient: { ...contact, contact_id: contact.id },
        subject: input.subject,
        body: input.body,
        sentBy: scope.userId,
        loggedBy: scope.userId,
        describe: (address) => `Sent to ${address}`,
        replyTo: sender.address,
        throughMailbox: sender.sendsThrough,
      });
      if (!outcome.sent) {
        const message =
          outcome.reason === 'no_address' ? 'This contact has no e-mail address' : outcome.message;
        throw new InvalidInputError(message, { to: [message] });
      }
      const messageId = outboxMessageId(outcome.messageId, this.config.publicUrl);
      const row = await recordOutboundEmail(manager, {
        scope,
        sender,
        messageId,
        outboxId: outcome.messageId,
        subject: outcome.subject,
        body: outcome.text,
        to: outcome.to,
        inReplyTo: null,
        references: [],
        threadKey: null,
        links: [
          { ...noLink, contact_id: contact.id },
          { ...noLink, deal_id: dealId },
        ],
      });
      return {
        id: row.id,
        thread_key: row.thread_key,
        message_id: messageId,
        to: outcome.to,
        subject: outcome.subject,
      };
    });
  }

  async threads(scope: TenantScope, kind: EmailRecordKind, id: string): Promise<EmailThread[]> {
    const record = RECORDS[kind];
    await requireInScope(this.dataSource.manager, scope, record.table, id, record.label);
    const where = scopeSql(scope, 'e', 3);
    const visible = `(e.owner_id = $2 OR m.visibility IS NULL OR m.visibility <> 'private')`;
    const keys: Array<{ thread_key: string }> = await this.dataSource.query(
      `SELECT e.thread_key FROM crm_email_message_links l
         JOIN crm_email_messages e ON e.id = l.message_id
         LEFT JOIN crm_mailboxes m ON m.id = e.mailbox_id
        WHERE (${record.linked}) AND ${where.sql} AND ${visible}
        GROUP BY e.thread_key ORDER BY max(e.received_at) DESC LIMIT ${THREAD_LIMIT}`,
      [id, scope.userId, ...where.params],
    );
    if (keys.length === 0) return [];
    const messageWhere = scopeSql(scope, 'e', 3);
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT e.id, e.owner_id, e.direction, e.message_id, e.thread_key, e.subject, e.from_address, e.from_name,
              e.to_addresses, e.cc_addresses, e.text_body, e.html_body, e.received_at,
              (e.owner_id <> $2 AND m.visibility = 'subjects_only') AS body_hidden
         FROM crm_email_messages e
         LEFT JOIN crm_mailboxes m ON m.id = e.mailbox_id
        WHERE e.thread_key = ANY($1) AND ${messageWhere.sql} AND ${visible}
        ORDER BY e.received_at, e.id`,
      [keys.map((key) => key.thread_key), scope.userId, ...messageWhere.params],
    );
    const shown = new Map<string, MessageRow>();
    // Two people's mailboxes may both hold one message: show it once, the reader's own copy or a readable one.
    for (const row of rows) {
      const key = `${row.thread_key}\n${row.message_id}`;
      const kept = shown.get(key);
      if (
        !kept ||
        row.owner_id === scope.userId ||
        (kept.body_hidden && !row.body_hidden && kept.owner_id !== scope.userId)
      )
        shown.set(key, row);
    }
    const messages = [...shown.values()];
    const attachments = await this.attachments(
      messages.filter((row) => !row.body_hidden).map((row) => row.id),
    );
    const threads = new Map<string, EmailThread>(
      keys.map((key) => [
        key.thread_key,
        { thread_key: key.thread_key, subject: '', last_message_at: '', messages: [] },
      ]),
    );
    for (const row of messages) {
      const thread = threads.get(row.thread_key);
      if (!thread) continue;
      thread.messages.push(toMessage(row, attachments.get(row.id) ?? []));
    }
    const result = [...threads.values()].filter((thread) => thread.messages.length > 0);
    for (const thread of result) {
      thread.subject = thread.messages[0].subject;
      thread.last_message_at = thread.messages[thread.messages.length - 1].received_at;
    }
    return result.sort((a, b) => b.last_message_at.localeCompare(a.last_message_at));
  }

  private async attachments(messageIds: string[]): Promise<Map<string, EmailAttachment[]>> {
    const byMessage = new Map<string, EmailAttachment[]>();
    if (messageIds.length === 0) return byMessage;
    const rows: Array<EmailAttachment & { message_id: string }> = await this.dataSource.query(
      `SELECT id, message_id, file_name, content_type, size_bytes FROM crm_email_attachments
        WHERE message_id = ANY($1) ORDER BY file_name, id`,
      [messageIds],
    );
    for (const row of rows)
      byMessage.set(row.message_id, [
        ...(byMessage.get(row.message_id) ?? []),
        {
          id: row.id,
          file_name: row.file_name,
          content_type: row.content_type,
          size_bytes: Number(row.size_bytes),
        },
      ]);
    return byMessage;
  }

  /** An attachment, when its message is one the reader may read in full. */
  async attachment(scope: TenantScope, attachmentId: string): Promise<EmailAttachment & { content: Buffer }> {
    const where = scopeSql(scope, 'e', 3);
    const [row]: Array<EmailAttachment & { content: Buffer }> = await this.dataSource.query(
      `SELECT a.id, a.file_name, a.content_type, a.size_bytes, a.content
         FROM crm_email_attachments a
         JOIN crm_email_messages e ON e.id = a.message_id
         LEFT JOIN crm_mailboxes m ON m.id = e.mailbox_id
        WHERE a.id = $1 AND ${where.sql}
          AND (e.owner_id = $2 OR m.visibility IS NULL OR m.visibility = 'shared')`,
      [attachmentId, scope.userId, ...where.params],
    );
    if (!row) throw new NotFoundError('Attachment');
    return { ...row, size_bytes: Number(row.size_bytes) };
  }

  /**
   * A reply written in the CRM: queued in the outbox, through the writer's own SMTP server From their
   * address when the mailbox holding the conversation has SMTP settings, else from MAIL_FROM with
   * Reply-To their own address, threaded with In-Reply-To and References so the customer's mail client keeps the
   * conversation, and stored on the thread at once under the Message-ID the outbox will send it
   * with, so the writer's Sent folder, when it syncs, adds nothing twice.
   */
  async reply(scope: TenantScope, messageId: string, input: ReplyEmailDto): Promise<SentEmailMessage> {
    return this.dataSource.transaction(async (manager) => {
      const where = scopeSql(scope, 'e', 3);
      const [original]: Array<{
        id: string;
        direction: 'inbound' | 'outbound';
        message_id: string;
        reference_ids: string[];
        thread_key: string;
        subject: string;
        from_address: string;
        to_addresses: string[];
        mailbox_id: string | null;
      }> = await manager.query(
        `SELECT e.id, e.direction, e.message_id, e.reference_ids, e.thread_key, e.subject, e.from_address, e.to_addresses,
                e.mailbox_id
           FROM crm_email_messages e LEFT JOIN crm_mailboxes m ON m.id = e.mailbox_id
          WHERE e.id = $1 AND ${where.sql} AND (e.owner_id = $2 OR m.visibility IS NULL OR m.visibility <> 'private')`,
        [messageId, scope.userId, ...where.params],
      );
      if (!original) throw new NotFoundError('Message');
      if (input.deal_id) await requireInScope(manager, scope, 'crm_deals', input.deal_id, 'Deal');
      const to = (original.direction === 'inbound' ? original.from_address : original.to_addresses[0]) ?? '';
      if (!isEmailAddress(to))
        throw new InvalidInputError('This message has no address to reply to', {
          to: ['No address to reply to'],
        });
      const linkWhere = scopeSql(scope, 'l', 2);
      const links: Array<{
        contact_id: string | null;
        lead_id: string | null;
        company_id: string | null;
        deal_id: string | null;
      }> = await manager.query(
        `SELECT DISTINCT l.contact_id, l.lead_id, l.company_id, l.deal_id FROM crm_email_message_links l
            WHERE l.message_id = $1 AND ${linkWhere.sql}`,
        [original.id, ...linkWhere.params],
      );
      const subject = input.subject?.trim() || replySubject(original.subject || '(no subject)');
      const references = [...original.reference_ids, original.message_id].slice(-20);
      const sender = await senderOf(manager, scope, original.mailbox_id);
      const contactId = links.find((link) => link.contact_id)?.contact_id ?? null;
      const [outboxId] = await this.outbox.queue(manager, [
        {
          orgId: scope.institutionId,
          kind: 'direct',
          to,
          subject,
          text: input.body,
          contactId: contactId ?? undefined,
          createdBy: scope.userId,
          threading: { replyTo: sender.address, inReplyTo: original.message_id, references },
          throughMailbox: sender.sendsThrough,
        },
      ]);
      const sentId = outboxMessageId(outboxId, this.config.publicUrl);
      const row = await recordOutboundEmail(manager, {
        scope,
        sender,
        messageId: sentId,
        outboxId,
        subject,
        body: input.body,
        to,
        inReplyTo: original.message_id,
        references,
        threadKey: original.thread_key,
        links: [...links, { ...noLink, deal_id: input.deal_id ?? null }],
      });
      await logActivities(manager, [
        {
          org_id: scope.institutionId,
          owner_id: scope.userId,
          contact_id: contactId,
          lead_id: links.find((link) => link.lead_id)?.lead_id ?? null,
          deal_id: input.deal_id ?? null,
          type: 'email',
          subject,
          description: `Replied to ${to}`,
          status: 'completed',
        },
      ]);
      return { id: row.id, thread_key: original.thread_key, message_id: sentId, to, subject };
    });
  }
}

function toMessage(row: MessageRow, attachments: EmailAttachment[]): EmailMessage {
  return {
    id: row.id,
    direction: row.direction,
    subject: row.subject,
    from_address: row.from_address,
    from_name: row.from_name,
    to_addresses: row.to_addresses,
    cc_addresses: row.cc_addresses,
    received_at: new Date(row.received_at).toISOString(),
    text_body: row.body_hidden ? null : row.text_body,
    html_body: row.body_hidden ? null : row.html_body,
    body_hidden: row.body_hidden,
    attachments,
    owner_id: row.owner_id,
  };
}
