import { randomBytes } from 'node:crypto';
import { clickSignature, isClickSigned, isWebLink, TRACKING_TOKEN_PATTERN } from './mail-links';

describe('signed click links', () => {
  const key = randomBytes(32);
  const token = 'AbCdEfGhIjKlMnOpQrStUvWx';

  it('accepts the signature of the same token and target only', () => {
    const signature = clickSignature(key, token, 'https://blog.example/a');
    expect(isClickSigned(key, token, 'https://blog.example/a', signature)).toBe(true);
    expect(isClickSigned(key, token, 'https://evil.example/a', signature)).toBe(false);
    expect(isClickSigned(key, 'ZZCdEfGhIjKlMnOpQrStUvWx', 'https://blog.example/a', signature)).toBe(false);
    expect(isClickSigned(randomBytes(32), token, 'https://blog.example/a', signature)).toBe(false);
    expect(isClickSigned(key, token, 'https://blog.example/a', '')).toBe(false);
    expect(isClickSigned(key, token, 'https://blog.example/a', `${signature}x`)).toBe(false);
  });

  it('follows web links only', () => {
    expect(isWebLink('https://a.example/x')).toBe(true);
    expect(isWebLink('http://a.example')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('mailto:a@b.example')).toBe(false);
    expect(isWebLink('not a url')).toBe(false);
  });

  it('recognises tokens shaped as the outbox makes them', () => {
    expect(TRACKING_TOKEN_PATTERN.test(randomBytes(18).toString('base64url'))).toBe(true);
    expect(TRACKING_TOKEN_PATTERN.test('short')).toBe(false);
    expect(TRACKING_TOKEN_PATTERN.test('../../etc/passwd/../../../x')).toBe(false);
  });
});
