import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NotificationListener } from '../database/notification-listener';

/** Every API process listens here; the payload is a JSON array of session ids. */
export const REVOCATION_CHANNEL = 'tessera_session_revoked';
/** NOTIFY payloads must stay under 8000 bytes: ~180 ids of 37 characters per message. */
const IDS_PER_NOTIFICATION = 150;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

export interface RevokedSession {
  sessionId: string;
  userId: string;
}

/**
 * Sessions ended before their access tokens expire (sign-out, a password change, a stolen refresh
 * token). The check on every request is a lookup in this process's memory; the table makes a
 * revocation outlive a restart, and NOTIFY tells every other process at once. An entry is kept for
 * the access-token lifetime: after that every token of the session has expired anyway.
 */
@Injectable()
export class SessionRevocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocations.name);
  /** Session id → when its last access token expires (ms). */
  private readonly revoked = new Map<string, number>();
  private listener: NotificationListener | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Listen before loading, so a revocation made in between is not missed.
    if (this.usesNotify()) await this.listen();
    await this.load();
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.listener?.stop();
  }

  isRevoked(sessionId: string): boolean {
    return this.revoked.has(sessionId);
  }

  /**
   * Ends the sessions now: in this process at once, in the table, and in every other process
   * through NOTIFY. Pass the transaction's manager to make it part of a larger change.
   */
  async revoke(sessions: readonly RevokedSession[], manager?: EntityManager): Promise<void> {
    if (sessions.length === 0) return;
    const expiresAt = Date.now() + this.config.accessTokenTtlSeconds * 1000;
    for (const session of sessions) this.revoked.set(session.sessionId, expiresAt);
    const runner = manager ?? this.dataSource.manager;
    await runner.query(
      `INSERT INTO revoked_sessions (session_id, user_id, expires_at)
       SELECT s.session_id, s.user_id, $3 FROM unnest($1::uuid[], $2::uuid[]) AS s(session_id, user_id)
       ON CONFLICT (session_id) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [sessions.map((s) => s.sessionId), sessions.map((s) => s.userId), new Date(expiresAt)],
    );
    if (!this.usesNotify()) return;
    const ids = sessions.map((s) => s.sessionId);
    for (let start = 0; start < ids.length; start += IDS_PER_NOTIFICATION) {
      // NOTIFY inside a transaction is delivered at commit, which is what other processes must see.
      await runner.query('SELECT pg_notify($1, $2)', [
        REVOCATION_CHANNEL,
        JSON.stringify(ids.slice(start, start + IDS_PER_NOTIFICATION)),
      ]);
    }
  }

  /** The embedded PGlite serves this one process only: nothing to tell, and one connection to spare. */
  private usesNotify(): boolean {
    return this.config.databaseUrl !== null;
  }

  private async load(): Promise<void> {
    const rows: Array<{ session_id: string; expires_at: Date }> = await this.dataSource.query(
      'SELECT session_id, expires_at FROM revoked_sessions WHERE expires_at > now()',
    );
    for (const row of rows) this.revoked.set(row.session_id, new Date(row.expires_at).getTime());
  }

  private async prune(): Promise<void> {
    const now = Date.now();
    for (const [sessionId, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(sessionId);
    try {
      await this.dataSource.query('DELETE FROM revoked_sessions WHERE expires_at <= now()');
    } catch (error) {
      this.logger.warn(`Could not prune revoked sessions: ${(error as Error).message}`);
    }
  }

  private async listen(): Promise<void> {
    const url = this.config.databaseLogins?.runtime;
    if (!url) return;
    this.listener = new NotificationListener(
      url,
      [REVOCATION_CHANNEL],
      {
        notified: (_channel, payload) => this.remember(payload),
        // Whatever was announced while disconnected is in the table.
        reconnected: () => void this.load().catch(() => undefined),
      },
      'SessionRevocations',
    );
    await this.listener.start();
  }

  private remember(payload: string): void {
    try {
      const ids: unknown = JSON.parse(payload);
      if (!Array.isArray(ids)) return;
      const expiresAt = Date.now() + this.config.accessTokenTtlSeconds * 1000;
      for (const id of ids) if (typeof id === 'string') this.revoked.set(id, expiresAt);
    } catch {
      this.logger.warn('Ignored a malformed session revocation notice');
    }
  }
}
