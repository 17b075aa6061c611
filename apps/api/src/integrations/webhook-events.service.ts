import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type WebhookEvent,
  type WebhookEventType,
  webhookEventMatches,
  webhookPatternsFor,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { JobQueue } from '../jobs/job-queue.service';

export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';
/** Set on a transaction's query runner when it queued deliveries: its commit wakes the workers. */
const QUEUED_FLAG = 'tesseraWebhooksQueued';

/**
 * Whether an enabled endpoint of the institution `institutionSql` names listens to any of `types`,
 * as a condition for one statement that changes a row only when nothing listens (the caller then
 * writes the change with `emit` in a transaction instead): the same rule as `emitMany`'s
 * (`webhookEventMatches`), read in the same statement as the change. `patternsParam` is the `$n`
 * that carries `listenedPatterns(types)`. A row without an institution (NULL) has no listeners.
 */
export function webhookListenedSql(institutionSql: string, patternsParam: string): string {
  return `EXISTS (SELECT 1 FROM webhook_endpoints w
                   WHERE w.institution_id = ${institutionSql} AND w.enabled AND w.events && ${patternsParam}::text[])`;
}

/** The parameter for `webhookListenedSql`'s `patternsParam`. */
export function listenedPatterns(types: readonly WebhookEventType[]): string[] {
  return [...new Set(types.flatMap((type) => webhookPatternsFor(type)))];
}

/**
 * The one way a change tells webhooks about itself (docs/api.md#events): called by the service that
 * makes the change, inside its transaction, it writes one delivery per subscribed endpoint and a
 * job for each, so an event exists exactly when its change commits — a rolled-back change sends
 * nothing. Changes outside an institution (personal rows) have no webhooks.
 */
@Injectable()
export class WebhookEvents implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    // The poll would find the jobs within a second; waking this process's workers at commit takes
    // that second off the event-to-delivery time (other processes still poll).
    const wakeOnCommit: EntitySubscriberInterface = {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        const data = event.queryRunner.data as Record<string, unknown>;
        if (!data[QUEUED_FLAG] || event.queryRunner.isTransactionActive) return;
        data[QUEUED_FLAG] = false;
        this.jobs.wake(DELIVER_WEBHOOK_JOB);
      },
    };
    this.dataSource.subscribers.push(wakeOnCommit);
  }

  async emit(
    manager: EntityManager,
    institutionId: string | null,
    type: WebhookEventType,
    data: object,
  ): Promise<void> {
    await this.emitMany(manager, institutionId, type, [data]);
  }

  /**
   * One event per item, for changes of many rows at once (imports, bulk edits, undo). The items are
   * only built when an endpoint listens to `type` (`items` may be a loader, so an import into an
   * institution without webhooks reads nothing more), and the deliveries and their jobs are written
   * in one statement each, whatever the number of rows.
   */
  async emitMany(
    manager: EntityManager,
    institutionId: string | null,
    type: WebhookEventType,
    items: readonly object[] | (() => Promise<readonly object[]>),
  ): Promise<void> {
    if (!institutionId) return;
    const endpoints: Array<{ id: string; events: string[] }> = await manager.query(
      'SELECT id, events FROM webhook_endpoints WHERE institution_id = $1 AND enabled',
      [institutionId],
    );
    const subscribed = endpoints.filter((endpoint) => webhookEventMatches(endpoint.events, type));
    if (subscribed.length === 0) return;
    const data = typeof items === 'function' ? await items() : items;
    if (data.length === 0) return;
    const createdAt = new Date().toISOString();
    const events: WebhookEvent[] = data.map((item) => ({
      id: randomUUID(),
      type,
      created_at: createdAt,
      institution_id: institutionId,
      data: item as Record<string, unknown>,
    }));
    const deliveries: Array<{ id: string }> = await manager.query(
      `INSERT INTO webhook_deliveries (institution_id, endpoint_id, event_id, event_type, body)
         SELECT $1, endpoint_id, e.id, $4, e.body
           FROM unnest($2::uuid[]) AS endpoint_id
          CROSS JOIN unnest($3::uuid[], $5::text[]) AS e(id, body)
         RETURNING id`,
      [
        institutionId,
        subscribed.map((endpoint) => endpoint.id),
        events.map((event) => event.id),
        type,
        events.map((event) => JSON.stringify(event)),
      ],
    );
    await this.jobs.sendMany(
      DELIVER_WEBHOOK_JOB,
      deliveries.map((delivery) => ({ data: { deliveryId: delivery.id }, singletonKey: delivery.id })),
      { manager },
    );
    if (manager.queryRunner) (manager.queryRunner.data as Record<string, unknown>)[QUEUED_FLAG] = true;
  }
}
