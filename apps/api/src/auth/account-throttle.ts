import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface ThrottleVerdict {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Fixed-window counters per account (an e-mail address) in PostgreSQL, so every API process
 * counts the same attempts: a per-process counter would give an attacker N times the budget
 * behind a load balancer. One statement per attempt, on the credential routes only.
 */
@Injectable()
export class AccountThrottle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AccountThrottle.name);
  private cleanupTimer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.cleanupTimer = setInterval(() => void this.cleanup(), CLEANUP_INTERVAL_MS);
    this.cleanupTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.cleanupTimer) clearInterval(this.cleanupTimer);
  }

  /** Counts one attempt for `key`; refused once the window holds more than `limit` attempts. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<ThrottleVerdict> {
    const rows: Array<{ hits: number; remaining: string | number }> = await this.dataSource.query(
      `INSERT INTO auth_throttle AS t (key, hits, window_started_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN t.window_started_at <= now() - make_interval(secs => $2) THEN 1 ELSE t.hits + 1 END,
         window_started_at = CASE WHEN t.window_started_at <= now() - make_interval(secs => $2)
                                  THEN now() ELSE t.window_started_at END
       RETURNING hits, EXTRACT(EPOCH FROM (window_started_at + make_interval(secs => $2) - now())) AS remaining`,
      [key, windowSeconds],
    );
    const hits = Number(rows[0]?.hits ?? 1);
    const retryAfterSeconds = Math.max(1, Math.ceil(Number(rows[0]?.remaining ?? windowSeconds)));
    return { allowed: hits <= limit, hits, retryAfterSeconds };
  }

  /** A success ends the run of failures. */
  async clear(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
  }

  private async cleanup(): Promise<void> {
    try {
      // Counters whose window has long ended: a day, or the configured window if longer.
      const keepSeconds = Math.max(86_400, this.config.rateLimits.accountWindowSeconds);
      await this.dataSource.query(
        'DELETE FROM auth_throttle WHERE window_started_at < now() - make_interval(secs => $1)',
        [keepSeconds],
      );
    } catch (error) {
      this.logger.warn(`Could not clean up attempt counters: ${(error as Error).message}`);
    }
  }
}
