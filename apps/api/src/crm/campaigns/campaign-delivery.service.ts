import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  audienceLeadSources,
  audienceStatuses,
  CAMPAIGN_TEST_SUBJECT_PREFIX,
  type CampaignAudience,
  type CampaignDelivery,
  type CampaignFigures,
  type CampaignTestSend,
  type CampaignRecipient,
  isEmailAddress,
  type OutboxMessageStatus,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { type JobContext, JobQueue } from '../../jobs/job-queue.service';
import { MailQuotas } from '../../mail/mail-quotas';
import type { OutboxMessageEntity } from '../../mail/outbox-message.entity';
import {
  DELIVER_MAIL_JOB,
  newTrackingToken,
  OutboxService,
  type QueuedMail,
} from '../../mail/outbox.service';
import { MailLinks } from '../email/mail-links';
import { unsubscribedSql } from '../email/unsubscribes';
import { campaignMessage } from './campaign-message';
import { EmailCampaignEntity } from './email-campaign.entity';
import { WebhookEvents } from '../../integrations/webhook-events.service';

export const CAMPAIGN_SEND_JOB = 'crm.campaign.send';
export const CAMPAIGN_COMPLETION_JOB = 'crm.campaign.complete';
/** Sends a scheduled campaign at its `send_at` (the job starts then). */
export const CAMPAIGN_SCHEDULED_SEND_JOB = 'crm.campaign.scheduled-send';

/** Messages queued per transaction: a large audience never holds one huge transaction. */
export const CAMPAIGN_CHUNK_SIZE = 200;

/** The completion check's first wait; it doubles up to a minute while messages are retried. */
const COMPLETION_CHECK_SECONDS = 5;
const COMPLETION_CHECK_MAX_SECONDS = 60;

/** The address check of isEmailAddress, in SQL, so the count and the pages agree with it. */
const EMAIL_SQL_PATTERN = '^[^[:space:]@]+@[^[:space:]@.]+(\\.[^[:space:]@.]+)+$';

interface AudienceRow {
  id: string;
  first_name: string;
  last_name: string;
  company: string | null;
  email: string;
}

/** The idempotency key of a campaign's message to one address: at most one, ever. */
export function campaignMessageKey(campaignId: string, email: string): string {
  return `campaign:${campaignId}:${email.trim().toLowerCase()}`;
}

/**
 * The recipients of a campaign, one per address: the campaign's scope, contacts with a valid
 * e-mail matching the audience, no unsubscribed address; the oldest contact of an address gets
 * its message. Ordered by address so it can be read in pages (`after` an address).
 */
export function audienceSql(campaign: Pick<EmailCampaignEntity, 'org_id' | 'owner_id' | 'audience'>): {
  sql: string;
  params: unknown[];
} {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const filters = [
    campaign.org_id
      ? `c.org_id = ${param(campaign.org_id)}`
      : `c.org_id IS NULL AND c.owner_id = ${param(campaign.owner_id)}`,
    `length(c.email) <= 320`,
    `btrim(c.email) ~ ${param(EMAIL_SQL_PATTERN)}`,
    `NOT ${unsubscribedSql('c.org_id', 'c.owner_id', 'lower(btrim(c.email))')}`,
  ];
  const audience = campaign.audience ?? {};
  const statuses = audienceStatuses(audience);
  const sources = audienceLeadSources(audience);
  if (statuses.length) filters.push(`c.status = ANY(${param(statuses)}::text[])`);
  if (sources.length) filters.push(`c.lead_source = ANY(${param(sources)}::text[])`);
  if (audience.tags?.length) filters.push(`c.tags @> ${param(audience.tags)}::text[]`);
  return {
    sql: `SELECT DISTINCT ON (lower(btrim(c.email)))
                 c.id, c.first_name, c.last_name, c.company, lower(btrim(c.email)) AS email
            FROM crm_contacts c
           WHERE ${filters.join(' AND ')}`,
    params,
  };
}

/** A recipient's times (CampaignRecipient): Dates from the database, ISO strings in the answer. */
type RecipientTime = 'sent_at' | 'opened_at' | 'clicked_at' | 'unsubscribed_at';

/**
 * A campaign's delivery, as jobs: `crm.campaign.send` resolves the audience and queues one outbox
 * message per recipient, in chunks, each keyed by campaign and address, so a run again after a
 * crash queues nothing twice; the campaign becomes `sent` (docs/product/campaigns.md: sent_at, recipient count,
 * one completed email activity per recipient) once no message is left queued, checked when a
 * message is handed over and by `crm.campaign.complete` until then (docs/product/campaigns.md).
 */
@Injectable()
export class CampaignDeliveryService implements OnModuleInit {
  private readonly logger = new Logger('Campaigns');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
    private readonly links: MailLinks,
    private readonly quotas: MailQuotas,
    private readonly webhooks: WebhookEvents,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ campaignId: string }>({
      name: CAMPAIGN_SEND_JOB,
      handler: (data, job) => this.queueMessages(data.campaignId, job),
      queue: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 * 60 },
    });
    this.jobs.register<{ campaignId: string; round?: number }>({
      name: CAMPAIGN_COMPLETION_JOB,
      handler: (data) => this.checkCompletion(data.campaignId, data.round ?? 0),
      // One waiting check per campaign: a check run again after a crash does not fork the chain.
      queue: { policy: 'stately', retryLimit: 10, retryDelay: 5 },
    });
    this.jobs.register<{ campaignId: string; sendAt: string }>({
      name: CAMPAIGN_SCHEDULED_SEND_JOB,
      handler: (data) => this.sendScheduled(data.campaignId, data.sendAt),
      queue: { retryLimit: 10, retryDelay: 5, retryBackoff: true },
    });
    this.outbox.onSent((message) => this.onMessageSent(message));
  }

  /**
   * Marks the campaign `sending` and enqueues its delivery, in the caller's transaction (which
   * holds the campaign's row lock), so the job exists exactly when the campaign says it is sent.
   */
  async beginSending(manager: EntityManager, campaignId: string, requestedBy: string | null): Promise<void> {
    await manager.update(
      EmailCampaignEntity,
      { id: campaignId },
      {
        status: 'sending',
        send_at: null,
        send_requested_at: () => 'now()',
        send_requested_by: requestedBy,
        delivery_total: null,
        delivery_queued_at: null,
        delivery_error: null,
      },
    );
    await this.start(manager, campaignId);
  }

  /** Enqueues the scheduled send in the caller's transaction; the job starts at `sendAt`. */
  async schedule(manager: EntityManager, campaignId: string, sendAt: Date): Promise<void> {
    await this.jobs.send(
      CAMPAIGN_SCHEDULED_SEND_JOB,
      { campaignId, sendAt: sendAt.toISOString() },
      { manager, startAfter: sendAt },
    );
  }

  /**
   * A scheduled send runs only for the schedule it was made for: a campaign whose schedule was
   * cancelled (draft) or moved (another send_at) is left alone, so a stale job never sends.
   */
  private async sendScheduled(campaignId: string, sendAt: string): Promise<void> {
    const started = await this.dataSource.transaction(async (manager) => {
      const campaign = await manager.findOne(EmailCampaignEntity, {
        where: { id: campaignId },
        lock: { mode: 'pessimistic_write' },
      });
      if (campaign?.status !== 'scheduled' || campaign.send_at?.toISOString() !== sendAt) return false;
      await this.beginSending(manager, campaign.id, campaign.send_requested_by ?? campaign.owner_id);
      return true;
    });
    if (started) this.wake();
  }

  /**
   * A test of the campaign to one person (the signed-in user): the message as a recipient gets it,
   * its subject marked as a test, not part of the campaign (no campaign id), so no figure counts it.
   */
  async queueTest(
    manager: EntityManager,
    campaign: EmailCampaignEntity,
    person: { first_name: string; last_name: string; company: string | null; email: string },
    userId: string,
  ): Promise<CampaignTestSend> {
    await this.quotas.checkCampaignTest(manager, userId);
    const token = newTrackingToken();
    const sender = await this.senderName(campaign);
    const rendered = campaignMessage(
      { subject: campaign.subject, body: campaign.body ?? '' },
      person,
      {
        openPixel: this.links.openPixel(token),
        unsubscribe: this.links.unsubscribe(token),
        click: (url) => this.links.click(token, url),
      },
      sender,
    );
    const subject = `${CAMPAIGN_TEST_SUBJECT_PREFIX}${rendered.subject}`;
    const [messageId] = await this.outbox.queue(manager, [
      {
        orgId: campaign.org_id,
        kind: 'test',
        to: person.email,
        subject,
        text: rendered.text,
        html: rendered.html,
        createdBy: userId,
        trackingToken: token,
      },
    ]);
    return { message_id: messageId, to: person.email.trim().toLowerCase(), subject };
  }

  /** Each campaign's figures, from its messages (campaigns without any: zeros). */
  async figures(campaignIds: string[]): Promise<Map<string, CampaignFigures>> {
    const rows: Array<Record<keyof CampaignFigures, string> & { campaign_id: string }> = campaignIds.length
      ? await this.dataSource.query(
          `SELECT m.campaign_id,
                  count(*) AS recipients,
                  count(*) FILTER (WHERE m.status = 'sent') AS delivered,
                  count(m.opened_at) AS opened,
                  count(m.clicked_at) AS clicked,
                  count(c.unsubscribed_at) AS unsubscribed
             FROM mail_outbox m
             LEFT JOIN crm_contacts c ON c.id = m.contact_id
            WHERE m.campaign_id = ANY($1::uuid[])
            GROUP BY m.campaign_id`,
          [campaignIds],
        )
      : [];
    const figures = new Map<string, CampaignFigures>();
    for (const id of campaignIds)
      figures.set(id, { recipients: 0, delivered: 0, opened: 0, clicked: 0, unsubscribed: 0 });
    for (const row of rows)
      figures.set(row.campaign_id, {
        recipients: Number(row.recipients),
        delivered: Number(row.delivered),
        opened: Number(row.opened),
        clicked: Number(row.clicked),
        unsubscribed: Number(row.unsubscribed),
      });
    return figures;
  }

  /** How many would receive a campaign to `audience` in this scope now (the send's own rule). */
  async audienceCount(
    owner: Pick<EmailCampaignEntity, 'org_id' | 'owner_id'>,
    audience: CampaignAudience,
  ): Promise<number> {
    const query = audienceSql({ ...owner, audience });
    const [{ total }]: Array<{ total: string }> = await this.dataSource.query(
      `SELECT count(*) AS total FROM (${query.sql}) recipients`,
      query.params,
    );
    return Number(total);
  }

  /** Starts this process's idle delivery worker now, once the send has committed. */
  wake(): void {
    this.jobs.wake(CAMPAIGN_SEND_JOB);
  }

  /** Delivers a message queued by a request now, once it has committed. */
  wakeMail(): void {
    this.jobs.wake(DELIVER_MAIL_JOB);
  }

  /** Enqueues the delivery in the caller's transaction (the one that marks the campaign sending). */
  async start(manager: EntityManager, campaignId: string): Promise<void> {
    await this.jobs.send(CAMPAIGN_SEND_JOB, { campaignId }, { manager, singletonKey: campaignId });
  }

  private async queueMessages(campaignId: string, job: JobContext): Promise<void> {
    const campaigns = this.dataSource.getRepository(EmailCampaignEntity);
    const campaign = await campaigns.findOneBy({ id: campaignId });
    if (campaign?.status !== 'sending') return;
    try {
      const audience = audienceSql(campaign);
      const [{ total }]: Array<{ total: string }> = await this.dataSource.query(
        `SELECT count(*) AS total FROM (${audience.sql}) recipients`,
        audience.params,
      );
      await campaigns.update({ id: campaignId }, { delivery_total: Number(total), delivery_error: null });
      const sender = await this.senderName(campaign);
      let after = '';
      for (;;) {
        if (job.signal.aborted) throw new Error('The delivery was stopped; it resumes on the next run');
        const page = await this.dataSource.transaction(async (manager) => {
          const rows: AudienceRow[] = await manager.query(
            `${audience.sql} AND lower(btrim(c.email)) > $${audience.params.length + 1}
             ORDER BY lower(btrim(c.email)), c.created_at, c.id
             LIMIT ${CAMPAIGN_CHUNK_SIZE}`,
            [...audience.params, after],
          );
          const messages = rows
            .filter((row) => isEmailAddress(row.email))
            .map((row) => this.message(campaign, row, sender));
          await this.outbox.queue(manager, messages);
          return rows;
        });
        // The chunk's messages are committed: idle delivery workers need not wait for their poll.
        this.jobs.wake(DELIVER_MAIL_JOB);
        if (page.length < CAMPAIGN_CHUNK_SIZE) break;
        after = page[page.length - 1].email;
      }
      await campaigns.update({ id: campaignId }, { delivery_queued_at: new Date() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await campaigns.update({ id: campaignId }, { delivery_error: message });
      throw error;
    }
    if (!(await this.complete(campaignId))) await this.scheduleCompletionCheck(campaignId, 0);
  }

  private message(campaign: EmailCampaignEntity, row: AudienceRow, sender: string | null): QueuedMail {
    const token = newTrackingToken();
    const rendered = campaignMessage(
      { subject: campaign.subject, body: campaign.body ?? '' },
      row,
      {
        openPixel: this.links.openPixel(token),
        unsubscribe: this.links.unsubscribe(token),
        click: (url) => this.links.click(token, url),
      },
      sender,
    );
    return {
      orgId: campaign.org_id,
      kind: 'campaign',
      to: row.email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      idempotencyKey: campaignMessageKey(campaign.id, row.email),
      campaignId: campaign.id,
      contactId: row.id,
      createdBy: campaign.send_requested_by ?? campaign.owner_id,
      trackingToken: token,
    };
  }

  /** Who the footer says the e-mail comes from: the institution, or the owner of personal rows. */
  async senderName(campaign: EmailCampaignEntity): Promise<string | null> {
    const [row]: Array<{ name: string | null }> = campaign.org_id
      ? await this.dataSource.query('SELECT name FROM institutions WHERE id = $1', [campaign.org_id])
      : await this.dataSource.query(
          `SELECT coalesce(nullif(btrim(concat_ws(' ', first_name, last_name)), ''), email) AS name
             FROM users WHERE id = $1`,
          [campaign.owner_id],
        );
    return row?.name ?? null;
  }

  private async onMessageSent(message: OutboxMessageEntity): Promise<void> {
    if (!message.campaignId) return;
    try {
      if (!(await this.anyQueued(this.dataSource.manager, message.campaignId)))
        await this.complete(message.campaignId);
    } catch (error) {
      // The completion check job gets there anyway; the message itself was handed over.
      this.logger.warn(`completion check of campaign ${message.campaignId}: ${(error as Error).message}`);
    }
  }

  private async anyQueued(manager: EntityManager, campaignId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM mail_outbox WHERE campaign_id = $1 AND status = 'queued' LIMIT 1`,
      [campaignId],
    );
    return rows.length > 0;
  }

  /**
   * docs/product/campaigns.md once every message has been handed over (or has failed for good): one completed email
   * activity per recipient whose message was sent (keyed by campaign and contact), status sent,
   * sent_at and the recipient count, in one transaction under the campaign's row lock. True when
   * the campaign is sent.
   */
  async complete(campaignId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [campaign]: Array<Pick<EmailCampaignEntity, 'status' | 'owner_id' | 'delivery_queued_at'>> =
        await manager.query(
          'SELECT status, owner_id, delivery_queued_at FROM crm_email_campaigns WHERE id = $1 FOR UPDATE',
          [campaignId],
        );
      if (!campaign) return true;
      if (campaign.status === 'sent') return true;
      if (campaign.status !== 'sending' || !campaign.delivery_queued_at) return false;
      if (await this.anyQueued(manager, campaignId)) return false;
      await manager.query(
        `INSERT INTO crm_activities (org_id, owner_id, contact_id, campaign_id, type, subject, description, status, completed_at)
         SELECT m.org_id, coalesce(u.id, $2), m.contact_id, m.campaign_id, 'email', m.subject,
                'Campaign email to ' || m.recipient, 'completed', coalesce(m.sent_at, now())
           FROM mail_outbox m
           JOIN crm_contacts c ON c.id = m.contact_id
           LEFT JOIN users u ON u.id = m.created_by
          WHERE m.campaign_id = $1 AND m.status = 'sent'
         ON CONFLICT (campaign_id, contact_id) WHERE campaign_id IS NOT NULL DO NOTHING`,
        [campaignId, campaign.owner_id],
      );
      const [[sent]] = (await manager.query(
        `UPDATE crm_email_campaigns
            SET status = 'sent', sent_at = now(), delivery_error = NULL,
                recipients_count = (SELECT count(*) FROM mail_outbox WHERE campaign_id = $1 AND status = 'sent')
          WHERE id = $1
        RETURNING id, org_id, name, subject, status, sent_at, recipients_count`,
        [campaignId],
      )) as [Array<{ org_id: string | null }>, number];
      if (sent) await this.webhooks.emit(manager, sent.org_id, 'campaign.sent', sent);
      this.logger.log(`campaign ${campaignId} sent`);
      return true;
    });
  }

  private async checkCompletion(campaignId: string, round: number): Promise<void> {
    if (await this.complete(campaignId)) return;
    await this.scheduleCompletionCheck(campaignId, round + 1);
  }

  private async scheduleCompletionCheck(campaignId: string, round: number): Promise<void> {
    const seconds = Math.min(
      COMPLETION_CHECK_MAX_SECONDS,
      COMPLETION_CHECK_SECONDS * 2 ** Math.min(round, 4),
    );
    await this.jobs.send(
      CAMPAIGN_COMPLETION_JOB,
      { campaignId, round },
      { singletonKey: campaignId, startAfter: new Date(Date.now() + seconds * 1000) },
    );
  }

  /** Progress from the queue itself, so a reloaded page shows where the delivery is. */
  async delivery(
    campaign: EmailCampaignEntity,
    list: { status?: OutboxMessageStatus; limit: number; offset: number },
  ): Promise<CampaignDelivery> {
    const [counts]: Array<
      Record<'queued' | 'sent' | 'failed' | 'opened' | 'clicked' | 'unsubscribed', string>
    > = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE m.status = 'queued') AS queued,
                count(*) FILTER (WHERE m.status = 'sent') AS sent,
                count(*) FILTER (WHERE m.status = 'failed') AS failed,
                count(m.opened_at) AS opened,
                count(m.clicked_at) AS clicked,
                count(c.unsubscribed_at) AS unsubscribed
           FROM mail_outbox m
           LEFT JOIN crm_contacts c ON c.id = m.contact_id
          WHERE m.campaign_id = $1`,
      [campaign.id],
    );
    const filter = list.status ? 'AND m.status = $2' : '';
    const params: unknown[] = list.status ? [campaign.id, list.status] : [campaign.id];
    const [{ total }]: Array<{ total: string }> = await this.dataSource.query(
      `SELECT count(*) AS total FROM mail_outbox m WHERE m.campaign_id = $1 ${filter}`,
      params,
    );
    // A recipient as the driver returns it: its times as Dates.
    const rows: Array<Omit<CampaignRecipient, RecipientTime> & Record<RecipientTime, Date | null>> =
      await this.dataSource.query(
        `SELECT m.id AS message_id, m.contact_id,
              nullif(btrim(concat_ws(' ', c.first_name, c.last_name)), '') AS name,
              m.recipient AS email, m.status, m.attempts, m.last_error, m.sent_at, m.opened_at,
              m.clicked_at, c.unsubscribed_at
         FROM mail_outbox m
         LEFT JOIN crm_contacts c ON c.id = m.contact_id
        WHERE m.campaign_id = $1 ${filter}
        ORDER BY m.recipient, m.id
        LIMIT ${Number(list.limit)} OFFSET ${Number(list.offset)}`,
        params,
      );
    const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);
    const recipients: CampaignRecipient[] = rows.map((row) => ({
      ...row,
      sent_at: iso(row.sent_at),
      opened_at: iso(row.opened_at),
      clicked_at: iso(row.clicked_at),
      unsubscribed_at: iso(row.unsubscribed_at),
    }));
    return {
      campaign_id: campaign.id,
      status: campaign.status,
      requested_at: iso(campaign.send_requested_at),
      completed_at: iso(campaign.sent_at),
      total: campaign.delivery_total,
      queued: Number(counts.queued),
      sent: Number(counts.sent),
      failed: Number(counts.failed),
      opened: Number(counts.opened),
      clicked: Number(counts.clicked),
      unsubscribed: Number(counts.unsubscribed),
      error: campaign.delivery_error,
      recipients,
      recipients_total: Number(total),
      limit: list.limit,
      offset: list.offset,
    };
  }
}
