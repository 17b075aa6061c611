import { applyOverrideParameters, overridesAllowed, saveOverrides, storedOverrides } from './dev-override';

describe('per-browser remote overrides', () => {
  it('adds, replaces and ends an override from the page URL', () => {
    const added = applyOverrideParameters(
      {},
      '?remote-override=billing@http://localhost:4300/mf-manifest.json',
    );
    expect(added).toEqual({ billing: 'http://localhost:4300/mf-manifest.json' });
    expect(applyOverrideParameters(added, '?remote-override=billing@')).toEqual({});
    expect(applyOverrideParameters(added, '?remote-override=BAD@http://x/y')).toEqual(added);
    expect(applyOverrideParameters({}, '?remote-override=crm@javascript:alert(1)')).toEqual({});
  });

  it('keeps them in this browser only', () => {
    saveOverrides({ crm: 'http://localhost:4201/mf-manifest.json' });
    expect(storedOverrides()).toEqual({ crm: 'http://localhost:4201/mf-manifest.json' });
    saveOverrides({});
    expect(storedOverrides()).toEqual({});
  });

  it('is for development builds, and for super admins in production', () => {
    expect(overridesAllowed(false, false)).toBe(true);
    expect(overridesAllowed(false, true)).toBe(false);
    expect(overridesAllowed(true, true)).toBe(true);
  });
});
