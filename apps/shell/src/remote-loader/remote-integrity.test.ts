import { webcrypto } from 'node:crypto';
import { ExpectedIntegrity, entryUrlOf, matchesIntegrity } from './remote-integrity';

const sri = (text: string) =>
  `sha256-${Buffer.from(require('node:crypto').createHash('sha256').update(text).digest()).toString('base64')}`;

beforeAll(() => {
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });
});

describe('remote integrity', () => {
  it('accepts the published bytes and refuses any other', async () => {
    const published = 'var crm_remote = {};';
    const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
    expect(await matchesIntegrity(bytes(published), sri(published))).toBe(true);
    expect(await matchesIntegrity(bytes(`${published} alert(1)`), sri(published))).toBe(false);
    expect(await matchesIntegrity(bytes(published), 'md5-abc')).toBe(false);
  });

  it('finds the entry beside the manifest and ignores queries when matching URLs', () => {
    const integrity = { manifest: 'sha256-m', entry: 'sha256-e', entryFile: 'remoteEntry.js' };
    expect(entryUrlOf('http://localhost:3000/remotes/billing/v/1.0.0/mf-manifest.json', integrity)).toBe(
      'http://localhost:3000/remotes/billing/v/1.0.0/remoteEntry.js',
    );
    const expected = new ExpectedIntegrity();
    expected.expect('http://localhost:3000/remotes/billing/v/1.0.0/mf-manifest.json', integrity);
    expected.expect('http://localhost:3000/remotes/crm/mf-manifest.json?v=abc', undefined);
    expect(expected.manifest('http://localhost:3000/remotes/billing/v/1.0.0/mf-manifest.json?x=1')).toBe(
      'sha256-m',
    );
    expect(expected.entry('http://localhost:3000/remotes/billing/v/1.0.0/remoteEntry.js')).toBe('sha256-e');
    expect(expected.entry('http://localhost:3000/remotes/crm/remoteEntry.js')).toBeUndefined();
  });
});
