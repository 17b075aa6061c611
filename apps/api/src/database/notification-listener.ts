import { Logger } from '@nestjs/common';
import { Client } from 'pg';

const RECONNECT_DELAY_MS = 1000;

export interface NotificationHandlers {
  /** A NOTIFY on one of the channels. */
  notified(channel: string, payload: string): void;
  /**
   * The connection came back after a loss: notifications sent meanwhile are gone, so whatever
   * they would have told must be re-read.
   */
  reconnected(): void;
}

/**
 * One dedicated connection, outside the pool (LISTEN holds its session), that LISTENs on fixed
 * channels and reconnects after a loss. Used by every cross-process signal of the API: session
 * revocations, access changes, live updates.
 */
export class NotificationListener {
  private readonly logger: Logger;
  private client: Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channels: readonly string[],
    private readonly handlers: NotificationHandlers,
    name: string,
  ) {
    this.logger = new Logger(name);
  }

  /** Resolves once listening (or, if the database cannot be reached now, once a retry is planned). */
  async start(): Promise<void> {
    this.stopped = false;
    try {
      await this.listen();
    } catch (error) {
      this.logger.warn(`could not listen: ${(error as Error).message}`);
      this.reconnectSoon();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 10_000 });
    client.on('notification', (message) => {
      if (this.channels.includes(message.channel))
        this.handlers.notified(message.channel, message.payload ?? '');
    });
    const lost = (error?: Error) => {
      if (this.stopped || (this.client !== null && this.client !== client)) return;
      this.logger.warn(`listener connection lost (${error?.message ?? 'ended'}); reconnecting`);
      client.end().catch(() => undefined);
      this.reconnectSoon();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  private reconnectSoon(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.client = null;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = null;
      try {
        await this.listen();
        this.handlers.reconnected();
      } catch (error) {
        this.logger.warn(`listener reconnect failed: ${(error as Error).message}`);
        this.reconnectSoon();
      }
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
