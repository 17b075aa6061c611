/**
 * Error reports (docs/product/errors.md): the logger of every screen reports an error to the console and to the
 * server, which keeps it per institution for the platform's super admins. The limits are the API's validation and
 * the client's trimming, so a report is never refused for being long: it is cut.
 */

export const ERROR_REPORT_LIMITS = {
  message: 500,
  detail: 4000,
  url: 1000,
  moduleId: 64,
} as const;

/** Reports one signed-in user may send per minute; more are dropped by the client and refused (429) by the API. */
export const ERROR_REPORTS_PER_MINUTE = 30;

/** The same message again within this window is not reported twice (a failing query retried, a render loop). */
export const ERROR_REPORT_REPEAT_WINDOW_MS = 10_000;

/** POST /api/error-reports. */
export interface ErrorReportInput {
  /** What failed, in the logger's words: "Failed to load access permissions". */
  message: string;
  /** The error's name, message and stack, or whatever was logged with it. */
  detail?: string;
  /** The page's path and query, without the origin. */
  url?: string;
  /** The module whose screen failed, when known. */
  module_id?: string;
}

/** GET /api/platform/error-reports rows. */
export interface PlatformErrorReport {
  id: string;
  institution_id: string | null;
  institution_name: string | null;
  user_email: string;
  message: string;
  detail: string | null;
  url: string | null;
  module_id: string | null;
  user_agent: string | null;
  created_at: string;
}

/** Cuts a value to `limit` characters, marking the cut. */
export function clipReportText(value: string, limit: number): string {
  return value.length <= limit ? value : `${value.slice(0, limit - 1)}…`;
}

/** The logged value as report detail: an Error's name, message and stack; anything else as text. */
export function describeLoggedValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Error)
    return [`${value.name}: ${value.message}`, value.stack].filter(Boolean).join('\n');
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
