import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Every API process listens here; the payload is a JSON array of session ids. */
export const REVOCATION_CHANNEL = 'tessera_session_revoked';
/** NOTIFY payloads must stay under 8000 bytes: ~180 ids of 37 characters per message. */
const IDS_PER_NOTIFICATION = 150;
const RECONNECT_DELAY_MS = 1000;
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
  private listener: Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private stopped = false;

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
    this.stopped = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
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
    const url = this.config.databaseUrl;
    if (!url || this.stopped) return;
    const client = new Client({ connectionString: url, application_name: 'tessera-revocations' });
    client.on('notification', (message) => {
      if (message.channel !== REVOCATION_CHANNEL || !message.payload) return;
      try {
        const ids: unknown = JSON.parse(message.payload);
        if (!Array.isArray(ids)) return;
        const expiresAt = Date.now() + this.config.accessTokenTtlSeconds * 1000;
        for (const id of ids) if (typeof id === 'string') this.revoked.set(id, expiresAt);
      } catch {
        this.logger.warn('Ignored a malformed session revocation notice');
      }
    });
    const retry = (error?: Error) => {
      if (this.stopped || this.listener !== client) return;
      this.listener = null;
      this.logger.warn(`Revocation listener lost (${error?.message ?? 'connection ended'}); reconnecting`);
      client.end().catch(() => undefined);
      this.reconnectTimer = setTimeout(() => {
        // Whatever was announced while disconnected is in the table.
        void this.listen().then(() => this.load().catch(() => undefined));
      }, RECONNECT_DELAY_MS);
      this.reconnectTimer.unref();
    };
    client.on('error', retry);
    client.on('end', () => retry());
    try {
      await client.connect();
      await client.query(`LISTEN ${REVOCATION_CHANNEL}`);
      this.listener = client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn(`Revocation listener could not connect: ${(error as Error).message}`);
      this.reconnectTimer = setTimeout(() => void this.listen(), RECONNECT_DELAY_MS);
      this.reconnectTimer.unref();
    }
  }
}
