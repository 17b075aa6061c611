import { randomUUID } from 'node:crypto';
import { AsyncScopeSlot } from '../common/async-scope';

/** What every log line of one request (or of a job it enqueued) carries. */
export interface RequestContext {
  requestId: string;
}

/** Its slot in the shared async scope (common/async-scope.ts); a request enters it in common/request-scope.ts. */
export const requestContextSlot = new AsyncScopeSlot<RequestContext>();

/** Runs `work` with `context` visible to everything it awaits (logs, job sends). */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return requestContextSlot.run(context, work);
}

export function currentRequestId(): string | undefined {
  return requestContextSlot.get()?.requestId;
}

/** Short, printable, no separators a log or a header could be confused by. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's X-Request-Id when it is sane (a proxy or a client tracing its own calls), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
