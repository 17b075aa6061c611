import { LIVE_CHANGE_EVENT, type LiveEvent, parseLiveEvent } from '@tessera/data-access/contracts';

export interface ReceivedEvent {
  name: string;
  id?: string;
  data: string;
}

export interface EventStreamClient {
  status: number;
  received: ReceivedEvent[];
  /** Changes received so far (parsed). */
  changes(): LiveEvent[];
  /** Resolves with the first change matching `match`, or rejects after `timeoutMs`. */
  waitForChange(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
}

/** A real SSE client over fetch (what EventSource does), reading GET /api/events. */
export async function openEventStream(
  baseUrl: string,
  cookie: string,
  institutionId: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events?institution=${institutionId}`, {
    headers: { cookie, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: ReceivedEvent = { name: 'message', data: '' };
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event.name = line.slice(7);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) event.data += line.slice(6);
            }
            if (event.data || event.name !== 'message') received.push(event);
            for (const wake of waiters) wake();
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  const changes = () =>
    received
      .filter((event) => event.name === LIVE_CHANGE_EVENT)
      .map((event) => parseLiveEvent(event.data))
      .filter((event): event is LiveEvent => event !== null);
  return {
    status: response.status,
    received,
    changes,
    waitForChange(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = changes().find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(changes())}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
