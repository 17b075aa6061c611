import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets handed out by link (invitations, password resets) and kept by the browser (refresh
 * tokens): 256 random bits, base64url, stored only as their SHA-256. A fast hash is enough for a
 * random secret of this size; a stolen table gives nothing to guess from.
 */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface OneTimeToken {
  /** What the link carries; never stored. */
  token: string;
  /** What the database keeps. */
  hash: string;
  /** When the link stops working. */
  expiresAt: Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new link secret that works for `lifetimeMs` from `now`. */
export function newOneTimeToken(lifetimeMs: number, now: Date = new Date()): OneTimeToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: expiryAfter(lifetimeMs, now) };
}

/** A value that cannot be one of our tokens needs no database lookup to be refused. */
export function looksLikeOneTimeToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

export function expiryAfter(milliseconds: number, now: Date = new Date()): Date {
  return new Date(now.getTime() + milliseconds);
}

export type OneTimeTokenState = 'valid' | 'invalid' | 'expired' | 'used' | 'revoked';

export interface StoredOneTimeToken {
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt?: Date | null;
}

/**
 * Why a stored token may or may not be used now. A used or withdrawn link says so even after it
 * would have expired: that is the more useful thing to tell its holder.
 */
export function oneTimeTokenState(
  stored: StoredOneTimeToken | null,
  now: Date = new Date(),
): OneTimeTokenState {
  if (!stored) return 'invalid';
  if (stored.revokedAt) return 'revoked';
  if (stored.usedAt) return 'used';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
