import { EventEmitter } from 'node:events';
import { type LiveEvent, parseLiveEvent } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { NotificationListener } from '../database/notification-listener';

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

export class PostgresLiveEventBus extends LiveEventBus {
  private readonly listener: NotificationListener;

  constructor(
    databaseUrl: string,
    private readonly dataSource: DataSource,
  ) {
    super();
    this.listener = new NotificationListener(
      databaseUrl,
      [LIVE_CHANNEL],
      {
        notified: (_channel, payload) => {
          const event = parseLiveEvent(payload);
          if (event) this.deliver({ kind: 'change', event });
        },
        // Notifications sent while the connection was down are gone: screens refetch instead.
        reconnected: () => this.deliver({ kind: 'resync' }),
      },
      'LiveUpdates',
    );
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.dataSource.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
