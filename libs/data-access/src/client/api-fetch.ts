import { INSTITUTION_HEADER, type SessionResponse } from '@tessera/data-access/contracts';
import { ApiError, type ApiErrorBody } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  /** Serialised as JSON; a FormData goes as it is (multipart, the browser sets the boundary). */
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
    // The refresh call itself cannot go through apiFetch: apiFetch waits on it after a 401.
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

async function send(path: string, options: ApiFetchOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let body: BodyInit | undefined;
  if (isForm) body = options.body as FormData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.institutionId) headers[INSTITUTION_HEADER] = options.institutionId;
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends the call, refreshing the session once and retrying after a 401; a failure becomes an
 * ApiError carrying the status and the server's message (its body is JSON whatever was asked for).
 */
async function request(path: string, options: ApiFetchOptions, accept: string): Promise<Response> {
  let response = await send(path, options, accept);
  if (response.status === 401 && !NO_REFRESH_PATHS.some((p) => path.startsWith(p))) {
    const session = await refreshSession();
    if (session) response = await send(path, options, accept);
  }
  if (!response.ok) {
    const body = parseJson(await response.text());
    const errorBody = body && typeof body === 'object' ? (body as ApiErrorBody) : null;
    throw new ApiError(response.status, response.statusText, errorBody);
  }
  return response;
}

/**
 * The one way the front ends talk to the API: same origin, cookies included, JSON both ways (or a
 * FormData upload). A 401 triggers one refresh of the session and one retry; any other failure
 * becomes an ApiError carrying the status and the server's message.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const response = await request(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  return parseJson(await response.text()) as T;
}

/** A file the API answered: its bytes and the name the server gave it, if any. */
export interface ApiFile {
  blob: Blob;
  /** From `Content-Disposition`; null when the server named none. */
  filename: string | null;
}

/** `attachment; filename="a.txt"` or RFC 5987 `filename*=UTF-8''a%20b.txt` → the name. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = plain ? (plain[1] ?? plain[2]).trim() : '';
  return name || null;
}

/**
 * A file download through the same session handling as apiFetch (a plain link cannot carry the
 * institution header, so screens fetch the bytes and save them). The body is never parsed.
 */
export async function apiDownload(
  path: string,
  options: ApiFetchOptions & { accept?: string } = {},
): Promise<ApiFile> {
  const { accept = '*/*', ...rest } = options;
  const response = await request(path, rest, accept);
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')),
  };
}

/** Saves a downloaded file in the browser under its name. */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the moment it needs to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
