import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { type LiveEvent, parseLiveEvent } from '@tessera/data-access/contracts';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';

/** A change for the open screens, or word that changes may have been missed (refetch everything). */
export type LiveBusMessage = { kind: 'change'; event: LiveEvent } | { kind: 'resync' };
export type LiveBusListener = (message: LiveBusMessage) => void;

/**
 * Carries changes to every API process's open event streams. Two implementations behind one
 * interface: PostgreSQL LISTEN/NOTIFY between processes, or in-process for the embedded PGlite
 * (one process, one pooled connection that a LISTEN would take for itself).
 */
export abstract class LiveEventBus {
  private readonly listeners = new EventEmitter().setMaxListeners(0);

  abstract publish(event: LiveEvent): Promise<void>;
  abstract start(): Promise<void>;
  abstract stop(): Promise<void>;

  subscribe(listener: LiveBusListener): () => void {
    this.listeners.on('message', listener);
    return () => this.listeners.off('message', listener);
  }

  protected deliver(message: LiveBusMessage): void {
    this.listeners.emit('message', message);
  }
}

export class InProcessLiveEventBus extends LiveEventBus {
  async publish(event: LiveEvent): Promise<void> {
    this.deliver({ kind: 'change', event });
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

/** The NOTIFY channel; payloads stay far below PostgreSQL's 8000-byte limit (ids and names only). */
export const LIVE_CHANNEL = 'tessera_live';
const RECONNECT_DELAY_MS = 1_000;

export class PostgresLiveEventBus extends LiveEventBus {
  private readonly logger = new Logger('LiveUpdates');
  private client: Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.dataSource.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** One dedicated connection per process, outside the pool: LISTEN holds its session. */
  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 10_000 });
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      const event = parseLiveEvent(message.payload);
      if (event) this.deliver({ kind: 'change', event });
    });
    client.on('error', (error) => {
      this.logger.warn(`listener connection lost: ${error.message}`);
      this.reconnectSoon();
    });
    client.on('end', () => this.reconnectSoon());
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    this.client = client;
  }

  private reconnectSoon(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.client = null;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      try {
        await this.listen();
        // Notifications sent while the connection was down are gone: screens refetch instead.
        this.deliver({ kind: 'resync' });
      } catch (error) {
        this.logger.warn(
          `listener reconnect failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        this.reconnectSoon();
      }
    }, RECONNECT_DELAY_MS);
  }
}
