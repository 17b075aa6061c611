/** Refresh this long before the access token expires, so no call meets an expired token. */
export const REFRESH_LEAD_MS = 60_000;
/** Never refresh more often than this, even for very short tokens. */
export const MIN_REFRESH_DELAY_MS = 5_000;
/** setTimeout overflows past 2^31-1 ms (~24.8 days); long tokens are refreshed by then anyway. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Milliseconds to wait before refreshing a session whose access token expires at `expiresAt`. */
export function refreshDelay(expiresAt: string, now: number = Date.now()): number | null {
  const expiry = Date.parse(expiresAt);
  if (Number.isNaN(expiry)) return null;
  const lifetime = expiry - now;
  // Short tokens: refresh at 80% of their life rather than after they expired.
  const lead = Math.min(REFRESH_LEAD_MS, Math.max(0, lifetime) * 0.2);
  return Math.min(Math.max(lifetime - lead, MIN_REFRESH_DELAY_MS), MAX_TIMEOUT_MS);
}

/** The cookie the API sets beside the httpOnly session cookies (readable: it holds no secret). */
export const ACCESS_EXPIRY_COOKIE = 'tessera_at_expires';

/** The access token's expiry from `document.cookie`, or null when there is none. */
export function accessExpiryFromCookies(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === ACCESS_EXPIRY_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}
