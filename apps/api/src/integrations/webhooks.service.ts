import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  CreatedWebhookEndpoint,
  CreateWebhookInput,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookEndpointSummary,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import { actorOf, administeredInstitution } from '../administration/administration-rules';
import { AuditLogService } from '../administration/audit-log.service';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-errors';
import { isoOrNull, updatedRows } from '../common/sql-rows';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type JobContext, JobQueue } from '../jobs/job-queue.service';
import { OutboxService } from '../mail/outbox.service';
import {
  resolveWebhookHost,
  WebhookAddressError,
  type WebhookAddressRules,
  webhookUrlProblem,
} from './webhook-address';
import { DELIVER_WEBHOOK_JOB } from './webhook-events.service';
import { sendWebhook } from './webhook-sender';

const SECRET_PREFIX = 'whsec_';
const DELIVERIES_SHOWN = 100;
/** pg-boss doubles the retry delay up to this, then retries at this pace until the window ends. */
const RETRY_DELAY_MAX_SECONDS = 60 * 60;

interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabled_at: Date | null;
  disabled_reason: string | null;
  failing_since: Date | null;
  created_by: string | null;
  created_at: Date;
}

const ENDPOINT_COLUMNS = `e.id, e.url, e.events, e.enabled, e.disabled_at, e.disabled_reason, e.failing_since,
  (SELECT email FROM users WHERE id = e.created_by) AS created_by, e.created_at`;

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: WebhookDelivery['event_type'];
  status: WebhookDelivery['status'];
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  attempt_log: Array<Omit<WebhookDeliveryAttempt, 'started_at'> & { started_at: string }>;
}

const DELIVERY_COLUMNS = `d.id, d.event_id, d.event_type, d.status, d.attempts, d.response_status, d.last_error,
  d.created_at, d.last_attempt_at, d.delivered_at,
  COALESCE((SELECT json_agg(json_build_object('attempt', a.attempt, 'started_at', a.started_at,
      'duration_ms', a.duration_ms, 'response_status', a.response_status, 'error', a.error) ORDER BY a.attempt)
    FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id), '[]') AS attempt_log`;

/** A delivery as one attempt claims it, with what it needs to send. */
interface ClaimedDelivery {
  id: string;
  institution_id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  url: string;
  secret: string;
  enabled: boolean;
  window_over: boolean;
  /** The attempt's row in the delivery log, completed with its answer. */
  attempt_id: string;
}

/** How an attempt ended, for its delivery and its row in the log. */
interface AttemptOutcome {
  status: number | null;
  error: string;
  /** Null when nothing was sent. */
  durationMs: number | null;
}

// The columns are selected under the contract's names: only the timestamps need turning into strings.
function toEndpoint(row: EndpointRow): WebhookEndpointSummary {
  return {
    ...row,
    disabled_at: isoOrNull(row.disabled_at),
    failing_since: isoOrNull(row.failing_since),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    last_attempt_at: isoOrNull(row.last_attempt_at),
    delivered_at: isoOrNull(row.delivered_at),
    attempt_log: row.attempt_log.map((attempt) => ({
      ...attempt,
      started_at: new Date(attempt.started_at).toISOString(),
    })),
  };
}

/** Retries that cover the window: doubling up to an hour, then hourly until it ends. */
export function retriesFor(firstDelaySeconds: number, windowSeconds: number): number {
  let retries = 0;
  let delay = firstDelaySeconds;
  let elapsed = 0;
  while (elapsed < windowSeconds) {
    elapsed += Math.min(delay, RETRY_DELAY_MAX_SECONDS);
    delay *= 2;
    retries += 1;
  }
  return retries + 1;
}

/**
 * Webhook endpoints of an institution and their deliveries (docs/api.md#webhooks). A delivery is a job:
 * at least once, retried with back-off on a timeout or a non-2xx answer for the retry window (24 h),
 * then failed; an endpoint that has failed for the whole window is disabled and its maker told.
 */
@Injectable()
export class WebhooksService implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
    private readonly audit: AuditLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get settings() {
    return this.config.integrations;
  }

  private get rules(): WebhookAddressRules {
    return { allowPrivate: this.settings.webhookAllowPrivate, production: this.config.production };
  }

  onModuleInit(): void {
    const {
      webhookRetryDelaySeconds: delay,
      webhookRetryWindowSeconds: window,
      webhookTimeoutSeconds,
    } = this.settings;
    this.jobs.register<{ deliveryId: string }>({
      name: DELIVER_WEBHOOK_JOB,
      handler: (data, job) => this.deliver(data.deliveryId, job),
      queue: {
        retryLimit: retriesFor(delay, window),
        retryDelay: delay,
        retryBackoff: true,
        retryDelayMax: RETRY_DELAY_MAX_SECONDS,
        expireInSeconds: Math.max(60, webhookTimeoutSeconds * 3),
      },
      concurrency: 4,
      onFailure: (data, reason) => this.failForGood(data.deliveryId, reason),
    });
  }

  async create(scope: TenantScope, input: CreateWebhookInput): Promise<CreatedWebhookEndpoint> {
    const institutionId = administeredInstitution(scope);
    const url = input.url.trim();
    await this.requireReachable(url);
    const events = [...new Set(input.events)];
    const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.dataSource.transaction(async (manager) => {
      const [created] = await manager.query<EndpointRow[]>(
        `INSERT INTO webhook_endpoints AS e (institution_id, url, events, secret, created_by)
           VALUES ($1, $2, $3, $4, $5) RETURNING ${ENDPOINT_COLUMNS}`,
        [institutionId, url, events, secret, scope.userId],
      );
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'webhook.created',
          target: url,
          details: { webhook_id: created?.id, events },
        },
        manager,
      );
      return created as EndpointRow;
    });
    return { ...toEndpoint(row), secret };
  }

  /** The URL's shape, then where its host points now (checked again at every delivery). */
  private async requireReachable(url: string): Promise<void> {
    const refuse = (message: string): never => {
      throw new InvalidInputError(message, { url: [message] });
    };
    const problem = webhookUrlProblem(url, this.rules);
    if (problem) refuse(problem);
    try {
      await resolveWebhookHost(new URL(url).hostname.replace(/^\[|\]$/g, ''), this.rules);
    } catch (error) {
      if (error instanceof WebhookAddressError) refuse(`url: ${error.message}`);
      refuse(`url: its host could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})`);
    }
  }

  async list(scope: TenantScope): Promise<WebhookEndpointSummary[]> {
    const rows = await this.dataSource.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.institution_id = $1 ORDER BY e.created_at DESC`,
      [administeredInstitution(scope)],
    );
    return rows.map(toEndpoint);
  }

  async remove(scope: TenantScope, id: string): Promise<void> {
    const institutionId = administeredInstitution(scope);
    await this.dataSource.transaction(async (manager) => {
      const [row] = updatedRows<{ url: string }>(
        await manager.query(
          'DELETE FROM webhook_endpoints WHERE id = $1 AND institution_id = $2 RETURNING url',
          [id, institutionId],
        ),
      );
      if (!row) throw new NotFoundError('Webhook');
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'webhook.deleted',
          target: row.url,
          details: { webhook_id: id },
        },
        manager,
      );
    });
  }

  async deliveries(scope: TenantScope, endpointId: string): Promise<WebhookDelivery[]> {
    const institutionId = administeredInstitution(scope);
    await this.requireEndpoint(this.dataSource.manager, institutionId, endpointId);
    const rows = await this.dataSource.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
        WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT ${DELIVERIES_SHOWN}`,
      [endpointId],
    );
    return rows.map(toDelivery);
  }

  private async requireEndpoint(manager: EntityManager, institutionId: string, id: string): Promise<void> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM webhook_endpoints WHERE id = $1 AND institution_id = $2',
      [id, institutionId],
    );
    if (rows.length === 0) throw new NotFoundError('Webhook');
  }

  /**
   * Sends a delivery again, whatever became of it: a new retry window starts, and a disabled endpoint
   * is enabled again (resending is how an administrator says the receiver is back).
   */
  async resend(scope: TenantScope, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    const institutionId = administeredInstitution(scope);
    const row = await this.dataSource.transaction(async (manager) => {
      await this.requireEndpoint(manager, institutionId, endpointId);
      const [delivery] = updatedRows<DeliveryRow>(
        await manager.query(
          `UPDATE webhook_deliveries d SET status = 'pending', retry_window_started_at = now(), claimed_until = NULL
            WHERE d.id = $1 AND d.endpoint_id = $2 AND d.status <> 'pending' RETURNING ${DELIVERY_COLUMNS}`,
          [deliveryId, endpointId],
        ),
      );
      if (!delivery) {
        const exists: unknown[] = await manager.query(
          'SELECT 1 FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2',
          [deliveryId, endpointId],
        );
        if (exists.length === 0) throw new NotFoundError('Delivery');
        throw new ConflictError('This delivery is still being sent');
      }
      await manager.query(
        `UPDATE webhook_endpoints SET enabled = true, disabled_at = NULL, disabled_reason = NULL, failing_since = NULL
          WHERE id = $1 AND NOT enabled`,
        [endpointId],
      );
      await this.jobs.send(DELIVER_WEBHOOK_JOB, { deliveryId }, { manager });
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'webhook.resent',
          target: delivery.event_type,
          details: { webhook_id: endpointId, delivery_id: deliveryId, event_id: delivery.event_id },
        },
        manager,
      );
      return delivery;
    });
    this.jobs.wake(DELIVER_WEBHOOK_JOB);
    return toDelivery(row);
  }

  // ─── Delivery (a job, as the system) ─────────────────────────────────────────────────────────

  /**
   * One attempt. The claim (one statement) counts the attempt, starts its row in the delivery log and
   * holds the delivery for the attempt's timeout, so a second copy of the job cannot send it at the
   * same time; an attempt of a process that died stays in the log without an answer, and the delivery
   * is free to take again once its claim has run out.
   */
  private async deliver(deliveryId: string, job: JobContext): Promise<void> {
    const timeoutMs = this.settings.webhookTimeoutSeconds * 1000;
    const [claimed] = updatedRows<ClaimedDelivery>(
      await this.dataSource.query(
        `WITH claimed AS (
           UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = now(),
                  claimed_until = now() + make_interval(secs => $2)
             FROM webhook_endpoints e
            WHERE d.id = $1 AND d.status = 'pending' AND (d.claimed_until IS NULL OR d.claimed_until < now())
              AND e.id = d.endpoint_id
          RETURNING d.id, d.institution_id, d.endpoint_id, d.event_id, d.body, d.attempts, e.url, e.secret,
                    e.enabled, d.retry_window_started_at <= now() - make_interval(secs => $3) AS window_over),
         attempt AS (
           INSERT INTO webhook_delivery_attempts (institution_id, delivery_id, attempt)
           SELECT institution_id, id, attempts FROM claimed RETURNING id)
         SELECT claimed.*, attempt.id AS attempt_id FROM claimed, attempt`,
        [deliveryId, timeoutMs / 1000 + 5, this.settings.webhookRetryWindowSeconds],
      ),
    );
    if (!claimed) {
      const [row] = await this.dataSource.query<Array<{ status: string }>>(
        'SELECT status FROM webhook_deliveries WHERE id = $1',
        [deliveryId],
      );
      // Held by another attempt: this copy tries again later, in case that one dies.
      if (row?.status === 'pending') throw new Error('The delivery is being sent by another attempt');
      return;
    }
    if (!claimed.enabled) {
      await this.recordFailure(
        claimed,
        { status: null, error: 'The endpoint is disabled', durationMs: null },
        true,
      );
      return;
    }
    if (job.signal.aborted) throw new Error('Stopped before sending');
    const started = performance.now();
    const answer = await sendWebhook({
      url: claimed.url,
      body: claimed.body,
      secret: claimed.secret,
      eventId: claimed.event_id,
      timeoutMs,
      rules: this.rules,
    });
    const durationMs = Math.round(performance.now() - started);
    if (answer.error === null) {
      await this.dataSource.transaction(async (manager) => {
        await this.completeAttempt(manager, claimed, { status: answer.status, error: null, durationMs });
        await manager.query(
          `UPDATE webhook_deliveries SET status = 'delivered', response_status = $2, last_error = NULL,
                  delivered_at = now(), claimed_until = NULL WHERE id = $1`,
          [claimed.id, answer.status],
        );
        await manager.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1', [
          claimed.endpoint_id,
        ]);
      });
      return;
    }
    const final = await this.recordFailure(
      claimed,
      { status: answer.status, error: answer.error, durationMs },
      claimed.window_over,
    );
    // pg-boss retries the job with back-off; a delivery past its window is failed and stays so.
    if (!final) throw new Error(answer.error);
  }

  private async completeAttempt(
    manager: EntityManager,
    delivery: ClaimedDelivery,
    outcome: Omit<AttemptOutcome, 'error'> & { error: string | null },
  ): Promise<void> {
    await manager.query(
      'UPDATE webhook_delivery_attempts SET duration_ms = $2, response_status = $3, error = $4 WHERE id = $1',
      [delivery.attempt_id, outcome.durationMs, outcome.status, outcome.error],
    );
  }

  /** Records a failed attempt; answers whether the delivery is now failed for good. */
  private async recordFailure(
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    final: boolean,
  ): Promise<boolean> {
    const { status, error } = outcome;
    await this.dataSource.transaction(async (manager) => {
      await this.completeAttempt(manager, delivery, outcome);
      await manager.query(
        `UPDATE webhook_deliveries SET response_status = $2, last_error = $3, claimed_until = NULL,
                status = CASE WHEN $4 THEN 'failed' ELSE status END WHERE id = $1`,
        [delivery.id, status, error, final],
      );
      if (delivery.enabled) await this.noteEndpointFailure(manager, delivery.endpoint_id, error);
    });
    return final;
  }

  /** The endpoint has failed since its first unanswered delivery; past the window it is disabled. */
  private async noteEndpointFailure(
    manager: EntityManager,
    endpointId: string,
    error: string,
  ): Promise<void> {
    const [changed] = updatedRows<{
      institution_id: string;
      url: string;
      created_by: string | null;
      enabled: boolean;
    }>(
      await manager.query(
        `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, now()),
                enabled = NOT (COALESCE(failing_since, now()) <= now() - make_interval(secs => $2)),
                disabled_at = CASE WHEN COALESCE(failing_since, now()) <= now() - make_interval(secs => $2)
                                   THEN now() END,
                disabled_reason = CASE WHEN COALESCE(failing_since, now()) <= now() - make_interval(secs => $2)
                                       THEN $3 END
          WHERE id = $1 AND enabled
        RETURNING institution_id, url, created_by, enabled`,
        [
          endpointId,
          this.settings.webhookRetryWindowSeconds,
          `Every delivery failed for the retry window: ${error}`,
        ],
      ),
    );
    const disabled = changed && !changed.enabled ? changed : null;
    if (!disabled) return;
    await this.audit.record(
      {
        institutionId: disabled.institution_id,
        actor: null,
        actorName: 'Tessera webhooks',
        action: 'webhook.disabled',
        target: disabled.url,
        details: { webhook_id: endpointId, last_error: error },
      },
      manager,
    );
    await this.tellOwners(manager, endpointId, disabled, error);
  }

  /** The endpoint's maker is told (its institution's owners if the maker has left). */
  private async tellOwners(
    manager: EntityManager,
    endpointId: string,
    endpoint: { institution_id: string; url: string; created_by: string | null },
    error: string,
  ): Promise<void> {
    const recipients = await manager.query<Array<{ email: string }>>(
      `SELECT u.email FROM users u WHERE u.id = $1
        UNION
       SELECT u.email FROM institution_members m JOIN users u ON u.id = m.user_id
        WHERE $1::uuid IS NULL AND m.institution_id = $2 AND m.role = 'owner'`,
      [endpoint.created_by, endpoint.institution_id],
    );
    const hours = Math.round(this.settings.webhookRetryWindowSeconds / 3600);
    await this.outbox.queue(
      manager,
      recipients.map(({ email }) => ({
        orgId: endpoint.institution_id,
        kind: 'webhook' as const,
        to: email,
        subject: 'A webhook was disabled after failing',
        text: [
          `Tessera could not deliver events to ${endpoint.url} for ${hours > 0 ? `${hours} hours` : 'the whole retry window'}, so the webhook is disabled and receives nothing more.`,
          '',
          `Last error: ${error}`,
          '',
          `Once the receiver answers again, resend a delivery from its log to enable it: ${this.outbox.link('/administration/webhooks')}`,
        ].join('\n'),
        idempotencyKey: `webhook-disabled:${endpointId}:${Date.now()}`,
        createdBy: endpoint.created_by,
      })),
    );
  }

  /** The job's retries are spent (or its process died on the last one): the delivery has failed. */
  private async failForGood(deliveryId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'failed', claimed_until = NULL,
              last_error = COALESCE(last_error, $2) WHERE id = $1 AND status = 'pending'`,
      [deliveryId, reason],
    );
    this.logger.warn(`webhook delivery ${deliveryId} failed for good: ${reason}`);
  }
}
