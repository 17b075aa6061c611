import type { TenantScope } from '../access/tenant-scope';
import { administeredInstitution, canManageOwners, displayName, planRules } from './administration-rules';

const scope = (overrides: Partial<TenantScope>): TenantScope => ({
  userId: 'u1',
  email: 'ada@acme.test',
  isSuperAdmin: false,
  institutionId: 'acme',
  role: 'admin',
  level: 'admin',
  ...overrides,
});

describe('administration rules', () => {
  it('lets owners and super admins touch owners, not admins', () => {
    expect(canManageOwners(scope({ role: 'owner' }))).toBe(true);
    expect(canManageOwners(scope({ role: 'admin', isSuperAdmin: true }))).toBe(true);
    expect(canManageOwners(scope({ role: 'admin' }))).toBe(false);
  });

  it('administers the institution of the request, and needs one', () => {
    expect(administeredInstitution(scope({}))).toBe('acme');
    expect(() => administeredInstitution(scope({ institutionId: null }))).toThrow(
      'X-Institution-Id is required',
    );
  });

  it('names a person by name, else by the start of the address', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.test' })).toBe('Ada Lovelace');
    expect(displayName({ firstName: '', lastName: '', email: 'ada@x.test' })).toBe('ada');
  });

  it('reads a plan’s rules in the contracts’ terms', () => {
    expect(planRules(null)).toBeNull();
  });
});
