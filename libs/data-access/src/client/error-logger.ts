import {
  clipReportText,
  describeLoggedValue,
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_REPEAT_WINDOW_MS,
  ERROR_REPORTS_PER_MINUTE,
  type ErrorReportInput,
  INSTITUTION_HEADER,
} from '@tessera/data-access/contracts';

/*
 * The logger of every screen (docs/product/errors.md): an error goes to the console and to the server. This library
 * is one shared instance for the shell and every remote, so the institution the user works in (published by
 * CurrentInstitutionIdProvider) and the rate budget are the same for all of them.
 */

let reportingInstitutionId: string | null = null;
const recentMessages = new Map<string, number>();
let sentAt: number[] = [];

/** Set by the current-institution provider: reports go to this institution's log. */
export function setErrorReportInstitution(institutionId: string | null): void {
  reportingInstitutionId = institutionId;
}

function shouldSend(message: string, now: number): boolean {
  const last = recentMessages.get(message);
  if (last !== undefined && now - last < ERROR_REPORT_REPEAT_WINDOW_MS) return false;
  sentAt = sentAt.filter((time) => now - time < 60_000);
  if (sentAt.length >= ERROR_REPORTS_PER_MINUTE) return false;
  recentMessages.set(message, now);
  if (recentMessages.size > 200) recentMessages.clear();
  sentAt.push(now);
  return true;
}

/** The report the server receives for a logged error (exported for its tests). */
export function errorReportFor(message: string, logged: unknown, moduleId?: string): ErrorReportInput {
  const detail = describeLoggedValue(logged);
  const location =
    typeof window === 'undefined' ? undefined : `${window.location.pathname}${window.location.search}`;
  return {
    message: clipReportText(message || 'Unknown error', ERROR_REPORT_LIMITS.message),
    ...(detail ? { detail: clipReportText(detail, ERROR_REPORT_LIMITS.detail) } : {}),
    ...(location ? { url: clipReportText(location, ERROR_REPORT_LIMITS.url) } : {}),
    ...(moduleId ? { module_id: clipReportText(moduleId, ERROR_REPORT_LIMITS.moduleId) } : {}),
  };
}

/**
 * Logs an error to the console and reports it to the server. Never throws and never waits: a report that cannot be
 * sent (offline, signed out, over the budget) is dropped, since reporting must not become a second failure.
 */
export function logError(message: string, logged?: unknown, options: { moduleId?: string } = {}): void {
  if (logged === undefined) console.error(message);
  else console.error(message, logged);
  if (typeof fetch === 'undefined') return;
  if (!shouldSend(message, Date.now())) return;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (reportingInstitutionId) headers[INSTITUTION_HEADER] = reportingInstitutionId;
  // Plain fetch, not apiFetch: a report must not trigger a session refresh or be reported itself when it fails.
  void fetch('/api/error-reports', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers,
    body: JSON.stringify(errorReportFor(message, logged, options.moduleId)),
  }).catch(() => undefined);
}

/** Forgets what was sent (tests). */
export function resetErrorLogger(): void {
  recentMessages.clear();
  sentAt = [];
  reportingInstitutionId = null;
}
