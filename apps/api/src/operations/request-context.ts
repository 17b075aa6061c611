import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What every log line of one request (or of a job it enqueued) carries. */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` with `context` visible to everything it awaits (logs, job sends). */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** Runs `work` in `context`, entering it only when it is not already the current one. */
export function resumeRequestContext<T>(context: RequestContext, work: () => T): T {
  if (storage.getStore() === context) return work();
  return storage.run(context, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Short, printable, no separators a log or a header could be confused by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's X-Request-Id when it is sane (a proxy or a client tracing its own calls), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
