import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isEmailAddress,
  linksInText,
  type OutboxMessageDetail,
  type OutboxMessageKind,
  type OutboxMessageSummary,
  type OutboxPage,
  textToMailHtml,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { InvalidInputError, NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type JobContext, JobQueue } from '../jobs/job-queue.service';
import {
  type MailboxSmtpRoute,
  MailTransport,
  type MailThreading,
  PermanentMailError,
} from './mail-transport';
import { OutboxMessageEntity } from './outbox-message.entity';

export const DELIVER_MAIL_JOB = 'mail.deliver';

export interface QueuedMail {
  orgId: string | null;
  kind: OutboxMessageKind;
  to: string;
  subject: string;
  /** Plain text; the HTML part is derived from it unless given. */
  text: string;
  html?: string;
  /** The body carries a sign-in secret (invitation, password reset). */
  sensitive?: boolean;
  /** One message per key, ever: a retried or repeated send does not queue it twice. */
  idempotencyKey?: string;
  campaignId?: string;
  contactId?: string;
  createdBy?: string | null;
  /** Known in advance when links in the body need it (open and click tracking). */
  trackingToken?: string;
  /** A reply written in the CRM: where answers go and the conversation it continues. */
  threading?: MailThreading;
  /**
   * The writer's connected mailbox with SMTP settings: the message goes through that server From
   * their address. Its settings are read when it is sent; gone by then, the default server sends it.
   */
  throughMailbox?: string | null;
  /** Files sent with the message (a quote's PDF), stored with it so a retry sends the same bytes. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Who is reading the outbox: a message's sign-in link may be handed back to the person who made it. */
export interface OutboxReader {
  userId: string;
  role: string | null;
}

/**
 * Decides whether `reader` may have the sign-in link of a sensitive message of one kind (the
 * feature that made the secret knows whose it is); anyone else never gets it.
 */
export type SignInLinkDisclosure = (
  message: OutboxMessageEntity,
  link: string,
  reader: OutboxReader,
) => Promise<boolean>;

/** Reads a mailbox's SMTP settings at send time (the mailboxes feature owns them); null when it has none. */
export type MailboxRouteReader = (mailboxId: string) => Promise<MailboxSmtpRoute | null>;

export function newTrackingToken(): string {
  return randomBytes(18).toString('base64url');
}

function summary(row: OutboxMessageEntity): OutboxMessageSummary {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    transport: row.transport,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    opened_at: row.openedAt?.toISOString() ?? null,
  };
}

/**
 * Every message the product sends: written to the outbox inside the caller's transaction, with a
 * delivery job enqueued in the same transaction, so a message exists exactly when the change that
 * caused it commits and is never lost while the mail server is down.
 */
@Injectable()
export class OutboxService implements OnModuleInit {
  private readonly logger = new Logger('Mail');
  private readonly sentListeners: Array<(message: OutboxMessageEntity) => Promise<void>> = [];
  private readonly linkDisclosures = new Map<OutboxMessageKind, SignInLinkDisclosure>();
  private mailboxRoutes: MailboxRouteReader | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly transport: MailTransport,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ messageId: string }>({
      name: DELIVER_MAIL_JOB,
      handler: (data, job) => this.deliver(data.messageId, job),
      queue: {
        retryLimit: this.config.mailRetryLimit,
        retryDelay: this.config.mailRetryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 60 * 60,
      },
      concurrency: 2,
    });
  }

  get smtpConfigured(): boolean {
    return this.transport.configured;
  }

  /** A link into the product as the recipient will open it. */
  link(path: string, query: Record<string, string> = {}): string {
    const url = new URL(path, `${this.config.publicUrl}/`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  }

  /** Queues the messages in `manager`'s transaction; returns the ids (an existing id for a repeated key). */
  async queue(manager: EntityManager, messages: QueuedMail[]): Promise<string[]> {
    const ids: string[] = [];
    for (const message of messages) {
      const to = message.to.trim().toLowerCase();
      if (!isEmailAddress(to))
        throw new InvalidInputError(`${message.to} is not a valid e-mail address`, {
          to: [`${message.to} is not a valid e-mail address`],
        });
      if (!message.subject.trim())
        throw new InvalidInputError('Subject is required', { subject: ['Subject is required'] });
      const [row]: Array<{ id: string; inserted: boolean }> = await manager.query(
        `INSERT INTO mail_outbox (org_id, kind, recipient, subject, text_body, html_body, sensitive, idempotency_key,
                                  tracking_token, campaign_id, contact_id, created_by, headers, mailbox_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING id, (xmax = 0) AS inserted`,
        [
          message.orgId,
          message.kind,
          to,
          message.subject.trim(),
          message.text,
          message.html ?? textToMailHtml(message.text, message.subject.trim()),
          message.sensitive ?? false,
          message.idempotencyKey ?? null,
          message.trackingToken ?? newTrackingToken(),
          message.campaignId ?? null,
          message.contactId ?? null,
          message.createdBy ?? null,
          message.threading ? JSON.stringify(message.threading) : null,
          message.throughMailbox ?? null,
        ],
      );
      if (row.inserted)
        for (const attachment of message.attachments ?? [])
          await manager.query(
            `INSERT INTO mail_outbox_attachments (message_id, org_id, created_by, file_name, content_type, content)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [
              row.id,
              message.orgId,
              message.createdBy ?? null,
              attachment.fileName,
              attachment.contentType,
              attachment.content,
            ],
          );
      if (row.inserted)
        await this.jobs.send(DELIVER_MAIL_JOB, { messageId: row.id }, { manager, singletonKey: row.id });
      ids.push(row.id);
    }
    return ids;
  }

  /** Queues in a transaction of its own. */
  queueNow(messages: QueuedMail[]): Promise<string[]> {
    return this.dataSource.transaction((manager) => this.queue(manager, messages));
  }

  async list(orgId: string | null, page: { limit: number; offset: number }): Promise<OutboxPage> {
    const repository = this.dataSource.getRepository(OutboxMessageEntity);
    const query = repository.createQueryBuilder('message');
    if (orgId) query.where('message.orgId = :orgId', { orgId });
    const [rows, total] = await query
      .orderBy('message.createdAt', 'DESC')
      .addOrderBy('message.id', 'DESC')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
    return { items: rows.map(summary), total, smtp_configured: this.smtpConfigured };
  }

  /**
   * `orgId` null: any message (platform administrators). The text of a message that carries a
   * sign-in secret is never returned, whatever its delivery state: reading it would let an
   * administrator use an invitation above their own role, or anyone take over an account by its reset
   * link. Only the feature that made the secret may hand its link back to `reader`.
   */
  async detail(orgId: string | null, id: string, reader: OutboxReader | null): Promise<OutboxMessageDetail> {
    const row = await this.dataSource
      .getRepository(OutboxMessageEntity)
      .findOneBy(orgId ? { id, orgId } : { id });
    if (!row) throw new NotFoundError('Message');
    if (!row.sensitive) {
      return {
        ...summary(row),
        text_body: row.textBody,
        html_body: row.htmlBody,
        links: linksInText(row.textBody),
        carries_sign_in_link: false,
        invitation_link: null,
      };
    }
    return {
      ...summary(row),
      text_body: null,
      html_body: null,
      links: [],
      carries_sign_in_link: true,
      invitation_link: await this.disclosedLink(row, reader),
    };
  }

  /** Lets the mailboxes feature say how a message queued through a person's mailbox reaches their server. */
  routeThroughMailboxes(reader: MailboxRouteReader): void {
    this.mailboxRoutes = reader;
  }

  /** Lets the feature that writes sensitive messages of `kind` decide who may have their link back. */
  discloseSignInLinks(kind: OutboxMessageKind, disclosure: SignInLinkDisclosure): void {
    this.linkDisclosures.set(kind, disclosure);
  }

  private async disclosedLink(row: OutboxMessageEntity, reader: OutboxReader | null): Promise<string | null> {
    const disclosure = this.linkDisclosures.get(row.kind);
    if (!reader || !disclosure || row.createdBy !== reader.userId) return null;
    for (const link of linksInText(row.textBody)) {
      if (await disclosure(row, link, reader)) return link;
    }
    return null;
  }

  private async deliver(messageId: string, job: JobContext): Promise<void> {
    const messages = this.dataSource.getRepository(OutboxMessageEntity);
    const message = await messages.findOneBy({ id: messageId });
    // Already handed over (a redelivered job after a crash) or removed with its institution.
    if (message?.status !== 'queued') return;
    let keptInOutbox = false;
    try {
      // Read at send time: a changed password or removed settings count from the next attempt.
      const route: MailboxSmtpRoute | null =
        message.mailboxId && this.mailboxRoutes ? await this.mailboxRoutes(message.mailboxId) : null;
      if (!route && !this.transport.configured) keptInOutbox = true;
      else
        await this.transport.send(
          {
            messageId: message.id,
            to: message.recipient,
            subject: message.subject,
            text: message.textBody,
            html: message.htmlBody,
            threading: message.headers ?? undefined,
            attachments: await this.attachmentsOf(message.id),
          },
          route,
        );
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentMailError || job.retryCount >= this.config.mailRetryLimit;
      await messages.update(
        { id: messageId },
        { attempts: message.attempts + 1, lastError, status: final ? 'failed' : 'queued' },
      );
      if (final) {
        this.logger.warn(`message ${messageId} to ${message.recipient} failed for good: ${lastError}`);
        return;
      }
      throw error;
    }
    if (keptInOutbox) {
      await messages.update(
        { id: messageId },
        { status: 'sent', transport: 'outbox', sentAt: new Date(), attempts: message.attempts + 1 },
      );
      await this.afterSent(message);
      return;
    }
    await messages.update(
      { id: messageId },
      {
        status: 'sent',
        transport: 'smtp',
        sentAt: new Date(),
        attempts: message.attempts + 1,
        lastError: null,
      },
    );
    await this.afterSent(message);
  }

  private async attachmentsOf(messageId: string): Promise<MailAttachment[]> {
    const rows: Array<{ file_name: string; content_type: string; content: Buffer }> =
      await this.dataSource.query(
        'SELECT file_name, content_type, content FROM mail_outbox_attachments WHERE message_id = $1 ORDER BY file_name',
        [messageId],
      );
    return rows.map((row) => ({
      fileName: row.file_name,
      contentType: row.content_type,
      content: row.content,
    }));
  }

  /** Features that care when their message has been handed over (campaign figures). */
  onSent(listener: (message: OutboxMessageEntity) => Promise<void>): void {
    this.sentListeners.push(listener);
  }

  private async afterSent(message: OutboxMessageEntity): Promise<void> {
    for (const listener of this.sentListeners) await listener(message);
  }
}
