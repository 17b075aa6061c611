import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { JobQueue } from '../jobs/job-queue.service';

export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; jobs: boolean; accepting: boolean };
  reasons: string[];
}

/** How long the database may take to answer `SELECT 1` before the process counts as not ready. */
const DATABASE_CHECK_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Whether this process should receive traffic: what the load balancer asks through
 * /api/health/ready. Draining starts with the shutdown, before anything closes, so the balancer
 * stops sending while in-flight requests finish.
 */
@Injectable()
export class ReadinessService implements BeforeApplicationShutdown {
  private draining = false;
  private migrationsApplied = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  get accepting(): boolean {
    return !this.draining;
  }

  markDraining(): void {
    this.draining = true;
  }

  beforeApplicationShutdown(): void {
    this.markDraining();
  }

  async check(): Promise<Readiness> {
    const reasons: string[] = [];
    if (this.draining) reasons.push('shutting down');
    let database = false;
    try {
      await within(this.dataSource.query('SELECT 1'), DATABASE_CHECK_MS);
      database = true;
    } catch (error) {
      reasons.push(`database unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (database && !this.migrationsApplied) {
      try {
        // Applied migrations never become pending again: once true, the check is not repeated.
        this.migrationsApplied = !(await within(this.dataSource.showMigrations(), DATABASE_CHECK_MS));
      } catch {
        // reported below as not applied
      }
    }
    if (!this.migrationsApplied) reasons.push('migrations pending');
    if (!this.jobs.running) reasons.push('job queue not running');
    const checks = {
      database,
      migrations: this.migrationsApplied,
      jobs: this.jobs.running,
      accepting: !this.draining,
    };
    return { ready: reasons.length === 0, checks, reasons };
  }
}
