import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError } from '../../common/domain-errors';
import { WorkflowRunnerService } from '../workflows/workflow-runner.service';
import { JobQueue } from '../../jobs/job-queue.service';
import { AutomationRunner } from '../automation/automation-runner';
import { ContactEntity } from '../contacts/contact.entity';
import { isWebLink, MailLinks, TRACKING_TOKEN_PATTERN } from '../email/mail-links';
import { unsubscribeAddress } from '../email/unsubscribes';
import { SequencesService } from '../sequences/sequences.service';

export const EMAIL_OPENED_JOB = 'crm.email-opened';

export interface UnsubscribeTarget {
  email: string;
  sender: string | null;
  unsubscribed: boolean;
}

const INVALID_LINK = 'This link is not valid';

function requireToken(token: string): void {
  if (!TRACKING_TOKEN_PATTERN.test(token))
    throw new InvalidInputError(INVALID_LINK, { token: [INVALID_LINK] });
}

/**
 * What recipients do with a tracked message: open it (the pixel), follow a link, unsubscribe.
 * The first open (or a click, which implies one) enqueues a job, in the same transaction as the
 * recorded time, that fires the contact's `email_opened` workflows and automation rules: exactly
 * once per message, since the time is recorded only once.
 */
@Injectable()
export class EmailTrackingService implements OnModuleInit {
  private readonly logger = new Logger('EmailTracking');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly links: MailLinks,
    private readonly automation: AutomationRunner,
    private readonly workflows: WorkflowRunnerService,
    private readonly sequences: SequencesService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ messageId: string }>({
      name: EMAIL_OPENED_JOB,
      handler: (data) => this.fireOpened(data.messageId),
    });
  }

  /** The open pixel was loaded. False: no message has this token. */
  async open(token: string): Promise<boolean> {
    requireToken(token);
    return this.dataSource.transaction(async (manager) => {
      const engaged = await this.engage(manager, token, false);
      return engaged !== null;
    });
  }

  /** A tracked link was followed: where to send the reader. Only a link we signed is followed. */
  async click(token: string, url: string | undefined, signature: string | undefined): Promise<string> {
    requireToken(token);
    if (!url || !signature || !isWebLink(url) || !this.links.isSigned(token, url, signature))
      throw new InvalidInputError(INVALID_LINK, { u: [INVALID_LINK] });
    await this.dataSource.transaction((manager) => this.engage(manager, token, true));
    // The signature proves the product wrote this link; it is followed even if the message is gone.
    return url;
  }

  /**
   * Records the first open (and the first click) of a message; a click counts as an open, since
   * many readers block images. Returns null for an unknown token.
   */
  private async engage(
    manager: EntityManager,
    token: string,
    clicked: boolean,
  ): Promise<{ id: string } | null> {
    const [rows]: [Array<{ id: string; contact_id: string | null; first_open: boolean }>, number] =
      await manager.query(
        `WITH target AS (
           SELECT id, opened_at IS NULL AS first_open FROM mail_outbox WHERE tracking_token = $1 FOR UPDATE
         )
         UPDATE mail_outbox m
            SET opened_at = coalesce(m.opened_at, now()),
                clicked_at = CASE WHEN $2 THEN coalesce(m.clicked_at, now()) ELSE m.clicked_at END
           FROM target
          WHERE m.id = target.id
         RETURNING m.id, m.contact_id, target.first_open`,
        [token, clicked],
      );
    const message = rows[0];
    if (!message) return null;
    if (message.first_open && message.contact_id)
      await this.jobs.send(EMAIL_OPENED_JOB, { messageId: message.id }, { manager });
    return message;
  }

  /** Who an unsubscribe link is for; null when the link is unknown or not a contact's. */
  async unsubscribeTarget(token: string): Promise<UnsubscribeTarget | null> {
    requireToken(token);
    const [row]: Array<{ email: string; sender: string | null; unsubscribed_at: Date | null }> =
      await this.dataSource.query(
        `SELECT m.recipient AS email, i.name AS sender, c.unsubscribed_at
           FROM mail_outbox m
           JOIN crm_contacts c ON c.id = m.contact_id
           LEFT JOIN institutions i ON i.id = m.org_id
          WHERE m.tracking_token = $1`,
        [token],
      );
    return row ? { email: row.email, sender: row.sender, unsubscribed: row.unsubscribed_at !== null } : null;
  }

  /** Unsubscribes the message's address in its contact's scope; null for an unknown link. */
  async unsubscribe(token: string): Promise<UnsubscribeTarget | null> {
    requireToken(token);
    return this.dataSource.transaction(async (manager) => {
      const [row]: Array<{ email: string; sender: string | null; org_id: string | null; owner_id: string }> =
        await manager.query(
          `SELECT m.recipient AS email, i.name AS sender, c.org_id, c.owner_id
             FROM mail_outbox m
             JOIN crm_contacts c ON c.id = m.contact_id
             LEFT JOIN institutions i ON i.id = m.org_id
            WHERE m.tracking_token = $1`,
          [token],
        );
      if (!row) return null;
      await unsubscribeAddress(manager, row, row.email);
      // They leave their sequences now, not at their next step (docs/product/sequences.md).
      await this.sequences.recordUnsubscribe(manager, row, row.email);
      return { email: row.email, sender: row.sender, unsubscribed: true };
    });
  }

  /** The job: the contact's email_opened automation rules, then its email_opened workflows. */
  private async fireOpened(messageId: string): Promise<void> {
    const [message]: Array<{
      id: string;
      campaign_id: string | null;
      contact_id: string | null;
      recipient: string;
    }> = await this.dataSource.query(
      'SELECT id, campaign_id, contact_id, recipient FROM mail_outbox WHERE id = $1',
      [messageId],
    );
    if (!message?.contact_id) return;
    const contact = await this.dataSource.getRepository(ContactEntity).findOneBy({ id: message.contact_id });
    if (!contact) return;
    const scope = await this.contactScope(contact);
    const fired = await this.dataSource.transaction((manager) =>
      this.automation.onEmailOpened(manager, scope, contact, message),
    );
    const runs = await this.workflows.onEmailOpened(scope, { messageId, email: message.recipient });
    this.logger.log(
      `message ${messageId} opened: ${fired.length} automation rule(s), ${runs.length} workflow(s)`,
    );
  }

  /** The contact's own scope, acting as its owner (an institution's rows, or the owner's own). */
  private async contactScope(contact: ContactEntity): Promise<TenantScope> {
    const [owner]: Array<{ email: string }> = await this.dataSource.query(
      'SELECT email FROM users WHERE id = $1',
      [contact.owner_id],
    );
    return {
      userId: contact.owner_id,
      email: owner?.email ?? '',
      isSuperAdmin: false,
      institutionId: contact.org_id,
      role: null,
      level: 'write',
    };
  }
}
