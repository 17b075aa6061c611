import { INSTITUTION_HEADER, type SessionResponse } from '@tessera/data-access/contracts';
import { ApiError, type ApiErrorBody } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent as `X-Institution-Id` for org-scoped calls. */
  institutionId?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
}

type SessionListener = (session: SessionResponse | null) => void;

const sessionListeners = new Set<SessionListener>();

/**
 * Told after every refresh attempt apiFetch makes on its own (a session, or null when the refresh
 * token was refused), so the auth provider can reschedule or sign the user out.
 */
export function onSessionRefreshed(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

// Calls that must never trigger a refresh: they ARE the session calls.
const NO_REFRESH_PATHS = ['/api/auth/sign-in', '/api/auth/refresh', '/api/auth/sign-out'];

let refreshInFlight: Promise<SessionResponse | null> | null = null;

/**
 * Rotates the session cookies once, shared by every call that hit a 401 at the same time (a
 * refresh token is single-use, so parallel refreshes would revoke each other).
 */
export function refreshSession(): Promise<SessionResponse | null> {
  if (!refreshInFlight) {
    refreshInFlight = fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => (response.ok ? ((await response.json()) as SessionResponse) : null))
      .catch(() => null)
      .then((session) => {
        for (const listener of sessionListeners) listener(session);
        return session;
      })
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

function buildUrl(path: string, query: ApiFetchOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function send(path: string, options: ApiFetchOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.institutionId) headers[INSTITUTION_HEADER] = options.institutionId;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one way the front ends talk to the API: same origin, cookies included, JSON both ways.
 * A 401 triggers one refresh of the session and one retry; any other failure becomes an ApiError
 * carrying the status and the server's message.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  let response = await send(path, options);
  if (response.status === 401 && !NO_REFRESH_PATHS.some((p) => path.startsWith(p))) {
    const session = await refreshSession();
    if (session) response = await send(path, options);
  }
  const body = await readBody(response);
  if (!response.ok) {
    const errorBody = body && typeof body === 'object' ? (body as ApiErrorBody) : null;
    throw new ApiError(response.status, response.statusText, errorBody);
  }
  return body as T;
}
