import type { ServerResponse } from 'node:http';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { LIVE_CHANGE_EVENT, LIVE_RESYNC_EVENT, type LiveEvent } from '@tessera/data-access/contracts';
import { ssoSessionMissing } from '../access/access-decisions';
import { AccessService, type InstitutionAccess } from '../access/access.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { MetricsService } from '../operations/metrics.service';
import { type LiveBusMessage, LiveEventBus } from './live-event-bus';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3_000;

interface OpenStream {
  response: ServerResponse;
  close(): void;
}

/** Whether someone with this access may see the event (read on its module, in their institution). */
export function mayReceive(access: InstitutionAccess, event: LiveEvent): boolean {
  return event.institutionId === access.institution.id && access.accessControl[event.moduleId] !== undefined;
}

/** The open event streams of this process: one per browser tab showing an institution. */
@Injectable()
export class LiveStreams implements BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveUpdates');
  private readonly streams = new Set<OpenStream>();

  constructor(
    private readonly bus: LiveEventBus,
    private readonly access: AccessService,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Streams the institution's changes the caller may read. A reconnect (Last-Event-ID) starts
   * with a resync: the browser refetches what it shows rather than replaying what it missed.
   */
  open(
    user: AuthenticatedUser,
    initialAccess: InstitutionAccess,
    response: ServerResponse,
    headers: Record<string, string>,
    resumed: boolean,
  ): void {
    let access = initialAccess;
    let sequence = 0;
    response.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx: pass each event on at once instead of buffering the response.
      'X-Accel-Buffering': 'no',
    });
    response.write(`retry: ${RECONNECT_MS}\n\n`);
    const send = (name: string, data: object) => {
      sequence += 1;
      response.write(`id: ${Date.now()}-${sequence}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    if (resumed) send(LIVE_RESYNC_EVENT, {});

    const unsubscribe = this.bus.subscribe((message: LiveBusMessage) => {
      if (message.kind === 'resync') send(LIVE_RESYNC_EVENT, {});
      else if (mayReceive(access, message.event)) send(LIVE_CHANGE_EVENT, message.event);
    });
    const heartbeat = setInterval(async () => {
      response.write(': heartbeat\n\n');
      // Membership and levels can change while a tab stays open: checked again on each beat.
      try {
        const current = await this.access.institutionAccess(user, access.institution.id);
        if (
          !current ||
          (current.institution.status === 'suspended' && !user.isSuperAdmin) ||
          ssoSessionMissing(current, user)
        )
          stream.close();
        else access = current;
      } catch (error) {
        this.logger.warn(`access check failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }, HEARTBEAT_MS);

    const stream: OpenStream = {
      response,
      close: () => {
        if (!this.streams.delete(stream)) return;
        clearInterval(heartbeat);
        unsubscribe();
        this.metrics.liveConnections.dec();
        response.end();
      },
    };
    this.streams.add(stream);
    this.metrics.liveConnections.inc();
    response.on('close', () => stream.close());
  }

  /** Open streams never finish on their own: they are ended before the server drains requests. */
  beforeApplicationShutdown(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}
