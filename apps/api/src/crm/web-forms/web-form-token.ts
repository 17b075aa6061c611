import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEB_FORM_MIN_FILL_SECONDS, WEB_FORM_TOKEN_MAX_AGE_SECONDS } from '@tessera/data-access/contracts';

/**
 * The fill token a form carries: when the server showed it, signed for that form. The minimum
 * fill time is measured from this moment, so a bot cannot claim to have spent longer on the form
 * than it did (a timestamp the browser chose would be trivial to back-date).
 */
export function webFormToken(key: Buffer, formId: string, issuedAtMs: number): string {
  return `${issuedAtMs}.${signature(key, formId, issuedAtMs)}`;
}

function signature(key: Buffer, formId: string, issuedAtMs: number): string {
  return createHmac('sha256', key).update(`web-form\n${formId}\n${issuedAtMs}`).digest('base64url');
}

export type TokenVerdict = 'valid' | 'invalid' | 'too_fast' | 'expired';

export function checkWebFormToken(
  key: Buffer,
  formId: string,
  token: unknown,
  nowMs: number,
  minFillSeconds = WEB_FORM_MIN_FILL_SECONDS,
): TokenVerdict {
  if (typeof token !== 'string') return 'invalid';
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAtMs = Number(match[1]);
  const expected = Buffer.from(signature(key, formId, issuedAtMs));
  const given = Buffer.from(match[2] as string);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const age = nowMs - issuedAtMs;
  if (age < minFillSeconds * 1000) return 'too_fast';
  if (age > WEB_FORM_TOKEN_MAX_AGE_SECONDS * 1000) return 'expired';
  return 'valid';
}

/** The key of fill tokens, derived from JWT_SECRET so every API process signs alike. */
export function webFormTokenKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('tessera web form tokens').digest();
}
