import {
  expiryAfter,
  hashToken,
  looksLikeOneTimeToken,
  newOneTimeToken,
  oneTimeTokenState,
} from './one-time-token';

describe('one-time tokens', () => {
  it('makes a random base64url token and keeps only its SHA-256', () => {
    const first = newOneTimeToken(3600_000);
    const second = newOneTimeToken(3600_000);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hash).toBe(hashToken(first.token));
    expect(first.hash).not.toContain(first.token);
    // The well-known SHA-256 of "abc": the hash is the standard one, not a home-made variant.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuses values that cannot be a token without looking them up', () => {
    expect(looksLikeOneTimeToken(newOneTimeToken(3600_000).token)).toBe(true);
    expect(looksLikeOneTimeToken('')).toBe(false);
    expect(looksLikeOneTimeToken('short')).toBe(false);
    expect(looksLikeOneTimeToken(`${'a'.repeat(42)}=`)).toBe(false);
    expect(looksLikeOneTimeToken(`${'a'.repeat(42)} `)).toBe(false);
  });

  it('expires a given time after now', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(expiryAfter(7 * 24 * 3600_000, now).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(expiryAfter(3600_000, now).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    // A new link carries its own expiry.
    expect(newOneTimeToken(3600_000, now).expiresAt.toISOString()).toBe('2026-11-23T11:00:00.000Z');
  });

  it('tells why a stored token can or cannot be used', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const later = new Date('2026-11-23T11:00:00Z');
    const earlier = new Date('2026-11-23T09:00:00Z');
    expect(oneTimeTokenState(null, now)).toBe('invalid');
    expect(oneTimeTokenState({ expiresAt: later, usedAt: null }, now)).toBe('valid');
    expect(oneTimeTokenState({ expiresAt: now, usedAt: null }, now)).toBe('expired');
    expect(oneTimeTokenState({ expiresAt: earlier, usedAt: null }, now)).toBe('expired');
    expect(oneTimeTokenState({ expiresAt: later, usedAt: earlier }, now)).toBe('used');
    expect(oneTimeTokenState({ expiresAt: earlier, usedAt: earlier }, now)).toBe('used');
    expect(oneTimeTokenState({ expiresAt: later, usedAt: null, revokedAt: earlier }, now)).toBe('revoked');
  });
});
