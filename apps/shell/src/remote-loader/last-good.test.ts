import { forgetLastGood, lastGoodTarget, rememberLastGood } from './last-good';
import type { RemoteTarget } from './remote-target';

const release = (version: string): RemoteTarget => ({
  key: 'billing',
  name: 'billing_remote',
  entry: `http://localhost:3000/remotes/billing/v/${version}/mf-manifest.json`,
  request: 'billing_remote/billing',
  version,
  integrity: { manifest: `sha256-m${version}`, entry: `sha256-e${version}`, entryFile: 'remoteEntry.js' },
});

describe('last good release per institution', () => {
  beforeEach(() => localStorage.clear());

  it('falls back to the release that last loaded for that institution, not to the failing one', () => {
    rememberLastGood('acme', release('1.0.0'));
    expect(lastGoodTarget('acme', release('1.0.1'))?.version).toBe('1.0.0');
    expect(lastGoodTarget('acme', release('1.0.0'))).toBeNull();
    expect(lastGoodTarget('globex', release('1.0.1'))).toBeNull();
    forgetLastGood('acme', 'billing_remote');
    expect(lastGoodTarget('acme', release('1.0.1'))).toBeNull();
  });

  it('never remembers a build without published hashes (a local override, the workspace build)', () => {
    const { integrity: _none, ...local } = release('dev');
    rememberLastGood('acme', local);
    expect(lastGoodTarget('acme', release('1.0.1'))).toBeNull();
  });
});
