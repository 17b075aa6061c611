import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The link a customer opens to accept or decline a quote, without an account: the quote's id and
 * the link's expiry, signed with HMAC-SHA256 under QUOTE_LINK_SECRET (docs/adr/0019-products-and-quotes.md).
 * Changing either part breaks the signature; a link past its expiry is refused even when signed.
 */

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, quoteId: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`quote:${quoteId}.${expiresAt}`).digest('base64url');
}

/** `expiresAt` in seconds since the epoch. */
export function signQuoteLink(secret: string, quoteId: string, expiresAt: number): string {
  return `${quoteId}.${expiresAt}.${signature(secret, quoteId, expiresAt)}`;
}

export type QuoteLinkCheck = { quoteId: string } | { refused: 'invalid' | 'expired' };

export function checkQuoteLink(secret: string, token: string, now = Date.now()): QuoteLinkCheck {
  const match = TOKEN.exec(token);
  if (!match) return { refused: 'invalid' };
  const [, quoteId, expires, given] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(secret, quoteId, Number(expires)));
  if (!timingSafeEqual(expected, Buffer.from(given))) return { refused: 'invalid' };
  if (Number(expires) * 1000 < now) return { refused: 'expired' };
  return { quoteId };
}

/** A quote's link lasts until the end of its last valid day (UTC). */
export function quoteLinkExpiry(validUntil: string): number {
  return Math.floor(Date.parse(`${validUntil}T23:59:59Z`) / 1000);
}
