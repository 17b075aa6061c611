import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { JobQueue } from '../jobs/job-queue.service';

/**
 * The process's Prometheus metrics. One registry per app (tests run several apps in one process);
 * gauges read from the database are collected when scraped, with one cheap query each.
 */
@Injectable()
export class MetricsService implements OnModuleInit {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();

  /**
   * Counted per request into `requestSeries` and handed to prom-client when scraped: its `inc()`
   * checks and hashes the labels on every call, which a health request felt (docs/adr/0026).
   */
  readonly httpRequests = new Counter({
    name: 'tessera_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: () => {
      for (const series of this.requestSeries.values()) {
        if (series.unreported === 0) continue;
        series.count.inc(series.unreported);
        series.unreported = 0;
      }
    },
  });

  readonly httpDuration = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly liveConnections = new Gauge({
    name: 'tessera_sse_connections',
    help: 'Open live-update streams (GET /api/events) on this process.',
    registers: [this.registry],
  });

  readonly jobFailures = new Counter({
    name: 'tessera_job_failures_total',
    help: 'Job attempts that failed in this process, by queue.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'tessera_' });
    const pool = (): Pool | undefined => (this.dataSource.driver as unknown as { master?: Pool }).master;
    new Gauge({
      name: 'tessera_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting = callers queued for one).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const current = pool();
        this.set({ state: 'total' }, current?.totalCount ?? 0);
        this.set({ state: 'idle' }, current?.idleCount ?? 0);
        this.set({ state: 'waiting' }, current?.waitingCount ?? 0);
      },
    });
    const jobQueue = this.jobs;
    const logger = this.logger;
    new Gauge({
      name: 'tessera_job_queue_depth',
      help: 'Queued and active jobs, by queue (all processes).',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        if (!jobQueue.running) return;
        try {
          for (const [queue, depth] of Object.entries(await jobQueue.depth())) this.set({ queue }, depth);
        } catch (error) {
          logger.warn(
            `job queue depth unavailable: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    });
    const database = this.dataSource;
    new Gauge({
      name: 'tessera_outbox_backlog',
      help: 'E-mails written to the outbox and not yet handed over (all processes).',
      registers: [this.registry],
      async collect() {
        try {
          const [row] = await database.query(
            `SELECT count(*)::int AS queued FROM mail_outbox WHERE status = 'queued'`,
          );
          this.set(Number(row?.queued ?? 0));
        } catch (error) {
          logger.warn(
            `outbox backlog unavailable: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    });
  }

  onModuleInit(): void {
    this.jobs.onJobFailed((queue) => this.jobFailures.inc({ queue }));
  }

  /**
   * Each label set's counter and histogram, resolved once: prom-client otherwise hashes the labels
   * on every call. Bounded: routes are patterns, methods and statuses few.
   */
  private readonly requestSeries = new Map<
    string,
    {
      count: Counter.Internal;
      /** Requests answered since the last scrape, not yet added to `count`. */
      unreported: number;
      duration: Histogram.Internal<'method' | 'route' | 'status'>;
    }
  >();

  /** One finished request; `route` is the pattern (`/api/crm/deals/:id`), never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = {
        count: this.httpRequests.labels(labels),
        unreported: 0,
        duration: this.httpDuration.labels(labels),
      };
      this.requestSeries.set(key, series);
    }
    series.unreported += 1;
    series.duration.observe(seconds);
  }
}
