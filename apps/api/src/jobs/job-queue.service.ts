import { runAsSystem } from '../access/tenant-context';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import { type Db, type Job, type JobWithMetadata, PgBoss, type Queue } from 'pg-boss';
import { JOB_SCHEMA, poolDatabase } from './job-queue-installation';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { pgPoolOf } from '../database/data-source';
import { currentRequestId, runWithRequestContext } from '../operations/request-context';

export { JOB_SCHEMA } from './job-queue-installation';

export interface JobContext {
  id: string;
  /** 0 on the first attempt; a retry after a crash or a failure counts up. */
  retryCount: number;
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface JobDefinition<T> {
  name: string;
  handler: JobHandler<T>;
  /** Queue options: retries, back-off, expiry, heartbeat (pg-boss `Queue`). */
  queue?: Omit<Queue, 'name'>;
  /** Jobs this process runs at once from this queue. */
  concurrency?: number;
  /**
   * Runs once when the job has failed for good: its retries are spent, or its process died during
   * the last one (no handler ran to say so). `reason` is the last error. It runs as a job of its own
   * on `<name>.failed`, so it survives a crash too; it must be idempotent like any handler.
   */
  onFailure?: (data: T, reason: string) => Promise<void>;
}

export interface SendJobOptions {
  /** Enqueue inside this transaction: the job exists exactly when the change that caused it commits. */
  manager?: EntityManager;
  /**
   * The job's key for queues whose policy limits jobs per key (`singleton`: one active per key;
   * `stately`, `exclusive`…). A `standard` queue only stores it.
   */
  singletonKey?: string;
  startAfter?: Date;
  /** The request that caused the job, for its log lines; defaults to the request being handled. */
  requestId?: string;
}

/** Where the jobs of a queue go once they have failed for good (see `onFailure`). */
export function failedQueueName(name: string): string {
  return `${name}.failed`;
}

/** pg-boss keeps a failure as the serialised error, or as `{ value: { message } }` for a lost heartbeat. */
function failureReason(output: unknown): string {
  const value = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = value?.message ?? value?.value?.message;
  return typeof message === 'string' && message ? message : 'unknown error';
}

/** Where the enqueuing request's id rides in a job's data; handlers never see it. */
const REQUEST_ID_FIELD = '_requestId';

/** A job's data as its handler expects it, and the id of the request that enqueued it. */
function unwrapJobData(raw: unknown): { data: Record<string, unknown>; requestId: string | undefined } {
  const { [REQUEST_ID_FIELD]: requestId, ...data } = (raw ?? {}) as Record<string, unknown>;
  return { data, requestId: typeof requestId === 'string' ? requestId : undefined };
}

function transactionDatabase(manager: EntityManager): Db {
  // TypeORM's Postgres query runner holds the pg client of its transaction here.
  const client = (manager.queryRunner as { databaseConnection?: PoolClient } | undefined)?.databaseConnection;
  if (!client || !manager.queryRunner?.isTransactionActive) {
    throw new Error('Jobs enqueued with a manager must be sent inside its transaction');
  }
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

/**
 * The background-work queue (pg-boss on PostgreSQL or the embedded PGlite): features register
 * their job handlers while modules initialise; workers start once the app has bootstrapped and
 * drain on shutdown. Several API processes on one database each run a given job once.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  /** This process's worker ids per queue, to wake them (see `wake`). */
  private readonly workerIds = new Map<string, string[]>();
  private boss: PgBoss | null = null;
  private started = false;
  private readonly failureListeners: ((queue: string) => void)[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Called by features from `onModuleInit`; a name is registered once. */
  register<T>(definition: JobDefinition<T>): void {
    if (this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} is registered twice`);
    // A partitioned queue is a table of its own, created by createQueue at start: DDL the runtime
    // login may not run (job-queue-installation.ts). Every queue lives in pg-boss's common table.
    if (definition.queue?.partition)
      throw new Error(`Job ${definition.name}: partitioned queues are not supported`);
    this.definitions.set(definition.name, definition as JobDefinition<unknown>);
  }

  /** Told of every failed attempt (metrics). */
  onJobFailed(listener: (queue: string) => void): void {
    this.failureListeners.push(listener);
  }

  get running(): boolean {
    return this.started;
  }

  async onApplicationBootstrap(): Promise<void> {
    const pool = pgPoolOf(this.dataSource);
    const boss = new PgBoss({
      db: poolDatabase(pool),
      schema: JOB_SCHEMA,
      // The owner installed and upgraded the schema before the API started (installJobQueue); the
      // runtime login may not change it and only checks that it is at this pg-boss's version.
      migrate: false,
      createSchema: false,
      supervise: true,
      schedule: false,
      // The supervisor is what notices a dead process's jobs (stale heartbeat) and expired ones;
      // pg-boss's default pass of 60 s would leave a crashed import idle for a minute.
      superviseIntervalSeconds: this.config.jobMonitorSeconds,
      monitorIntervalSeconds: this.config.jobMonitorSeconds,
      // Also how fresh the backlog counts are that switch workers to draining (below).
      queueCacheIntervalSeconds: this.config.jobMonitorSeconds,
    });
    boss.on('error', (error: Error) => this.logger.error(`queue: ${error.message}`));
    await boss.start();
    const defaults: Omit<Queue, 'name'> = {
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      heartbeatSeconds: this.config.jobHeartbeatSeconds,
      expireInSeconds: 15 * 60,
    };
    for (const definition of this.definitions.values()) {
      // A dead-letter queue must exist before the queue that names it.
      if (definition.onFailure) await boss.createQueue(failedQueueName(definition.name), defaults);
      const options = {
        ...defaults,
        ...definition.queue,
        ...(definition.onFailure ? { deadLetter: failedQueueName(definition.name) } : {}),
      };
      // createQueue leaves an existing queue as it was: retry settings changed since (a new release,
      // another configuration) are applied here, so the running code's settings are the queue's.
      await boss.createQueue(definition.name, options);
      const { policy: _policy, partition: _partition, ...changeable } = options;
      await boss.updateQueue(definition.name, changeable);
    }
    this.boss = boss;
    if (this.config.runJobs) {
      for (const definition of this.definitions.values()) await this.startWorkers(boss, definition);
    }
    this.started = true;
  }

  async onApplicationShutdown(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    this.workerIds.clear();
    this.started = false;
    // Graceful: in-flight jobs finish (or are handed back) before the pool closes.
    await boss?.stop({ graceful: true, close: false, timeout: 20_000 });
  }

  async send<T extends object>(name: string, data: T, options: SendJobOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name} is registered`);
    const boss = this.requireBoss();
    const requestId = options.requestId ?? currentRequestId();
    return boss.send(name, requestId ? { ...data, [REQUEST_ID_FIELD]: requestId } : data, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfter,
      db: options.manager ? transactionDatabase(options.manager) : undefined,
    });
  }

  /**
   * Many jobs of one queue in one statement (pg-boss `insert`, with the queue's retry settings):
   * for work that fans out from one change, such as an import's webhook deliveries.
   */
  async sendMany<T extends object>(
    name: string,
    jobs: ReadonlyArray<{ data: T; singletonKey?: string }>,
    options: Pick<SendJobOptions, 'manager' | 'requestId'> = {},
  ): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name} is registered`);
    if (jobs.length === 0) return;
    const requestId = options.requestId ?? currentRequestId();
    await this.requireBoss().insert(
      name,
      jobs.map((job) => ({
        data: requestId ? { ...job.data, [REQUEST_ID_FIELD]: requestId } : job.data,
        singletonKey: job.singletonKey,
      })),
      { db: options.manager ? transactionDatabase(options.manager) : undefined },
    );
  }

  /**
   * Starts this process's idle workers of a queue now rather than at their next poll (about a
   * second): for work a person is waiting for. Call it once the job is committed; other processes
   * still find it by polling.
   */
  wake(name: string): void {
    for (const id of this.workerIds.get(name) ?? []) this.boss?.notifyWorker(id);
  }

  /** Queued and active jobs, for health and metrics. */
  async depth(): Promise<Record<string, number>> {
    const boss = this.requireBoss();
    const depths: Record<string, number> = {};
    for (const name of this.definitions.keys()) {
      const queue = await boss.getQueue(name);
      depths[name] = (queue?.queuedCount ?? 0) + (queue?.activeCount ?? 0);
    }
    return depths;
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not running');
    return this.boss;
  }

  private async startWorkers(boss: PgBoss, definition: JobDefinition<unknown>): Promise<void> {
    const run = async ([job]: Job<unknown>[]) => {
      const started = Date.now();
      const { data, requestId } = unwrapJobData(job.data);
      // The job's log lines carry the id of the request that enqueued it.
      const context = { requestId: requestId ?? `job-${job.id}` };
      await runWithRequestContext(context, async () => {
        try {
          // A job acts on the ids it was given, for whichever tenant enqueued it.
          await runAsSystem(`job ${definition.name}`, () =>
            definition.handler(data, { id: job.id, retryCount: job.retryCount, signal: job.signal }),
          );
          this.logger.log(`${definition.name} ${job.id} done in ${Date.now() - started} ms`);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.logger.warn(`${definition.name} ${job.id} failed (attempt ${job.retryCount + 1}): ${message}`);
          for (const listener of this.failureListeners) listener(definition.name);
          throw error;
        }
      });
    };
    const ids: string[] = [];
    for (let worker = 0; worker < (definition.concurrency ?? 1); worker += 1) {
      // A worker that polls once a second runs one job a second; with a backlog (a campaign's
      // thousands of messages) it fetches the next job as soon as one is done.
      ids.push(
        await boss.work(
          definition.name,
          { batchSize: 1, pollingIntervalSeconds: 1, burstWhenReadyExceeds: 1 },
          run,
        ),
      );
    }
    this.workerIds.set(definition.name, ids);
    const onFailure = definition.onFailure;
    if (!onFailure) return;
    await boss.work(
      failedQueueName(definition.name),
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([job]: JobWithMetadata<unknown>[]) => {
        const reason = failureReason(job.sourceOutput);
        const { data, requestId } = unwrapJobData(job.data);
        await runWithRequestContext({ requestId: requestId ?? `job-${job.sourceId ?? job.id}` }, async () => {
          this.logger.warn(`${definition.name} ${job.sourceId ?? job.id} failed for good: ${reason}`);
          await runAsSystem(`job ${definition.name} failed`, () => onFailure(data, reason));
        });
      },
    );
  }
}
