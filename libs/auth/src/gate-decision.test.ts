import { type AccessControlResponse, GUEST_ACCESS, PUBLIC_READ } from '@tessera/data-access/contracts';
import { decideGate } from './gate-decision';

function accessWith(
  overrides: Partial<AccessControlResponse> & { role?: string } = {},
): AccessControlResponse {
  const { role = 'member', ...rest } = overrides;
  return {
    user: { id: 'u1', name: 'Dana Reyes', role, org_id: 'org-1' },
    organization: { ...GUEST_ACCESS.organization, id: 'org-1', modules_included: ['crm', 'finance'] },
    access_control: { crm: 'read', finance: 'admin' },
    personalization: { sidebar_pinned: [], recent_modules: [] },
    is_super_admin: false,
    ...rest,
  };
}

const ready = (access: AccessControlResponse) => ({ loading: false, access });

describe('decideGate (order of docs/product/access.md#permission-gate)', () => {
  it('shows the spinner while permissions load, before anything else', () => {
    expect(decideGate({ loading: true, access: accessWith({ is_super_admin: true }) }, {})).toBe('loading');
  });

  it('lets a super admin through every requirement', () => {
    const access = accessWith({ is_super_admin: true, role: 'guest', access_control: {} });
    expect(
      decideGate(ready(access), {
        moduleId: 'hotel',
        requiredRole: 'owner',
        roles: ['admin'],
        permission: 'hotel.manage',
      }),
    ).toBe('allow');
  });

  it('allows with no requirements', () => {
    expect(decideGate(ready(accessWith()), {})).toBe('allow');
  });

  it('checks a single required role by level', () => {
    expect(decideGate(ready(accessWith({ role: 'member' })), { requiredRole: 'viewer' })).toBe('allow');
    expect(decideGate(ready(accessWith({ role: 'member' })), { requiredRole: 'admin' })).toBe('deny');
  });

  it('needs any role of a list, or all with requireAll', () => {
    const access = accessWith({ role: 'admin' });
    expect(decideGate(ready(access), { roles: ['owner', 'member'] })).toBe('allow');
    expect(decideGate(ready(access), { roles: ['owner'] })).toBe('deny');
    expect(decideGate(ready(access), { roles: ['owner', 'member'], requireAll: true })).toBe('deny');
    expect(decideGate(ready(access), { roles: ['viewer', 'member'], requireAll: true })).toBe('allow');
  });

  it('stops at a failed role before looking at the module', () => {
    expect(
      decideGate(ready(accessWith({ role: 'viewer' })), { requiredRole: 'owner', moduleId: 'crm' }),
    ).toBe('deny');
  });

  it('needs access on a named module', () => {
    expect(decideGate(ready(accessWith()), { moduleId: 'crm' })).toBe('allow');
    expect(decideGate(ready(accessWith()), { moduleId: 'hotel' })).toBe('deny');
    // Included but no level → denied; a level but not included → denied.
    expect(decideGate(ready(accessWith({ access_control: { finance: 'read' } })), { moduleId: 'crm' })).toBe(
      'deny',
    );
    expect(decideGate(ready(accessWith({ access_control: { hotel: 'admin' } })), { moduleId: 'hotel' })).toBe(
      'deny',
    );
  });

  it('accepts a permission as a string with or without module, or as an object', () => {
    const access = accessWith();
    expect(decideGate(ready(access), { permission: 'crm.read' })).toBe('allow');
    expect(decideGate(ready(access), { permission: 'crm.update' })).toBe('deny');
    expect(decideGate(ready(access), { permission: 'invoices.manage.finance' })).toBe('allow');
    expect(
      decideGate(ready(access), { permission: { resource: 'crm', action: 'read', module: 'crm' } }),
    ).toBe('allow');
    expect(
      decideGate(ready(access), { permission: { resource: 'leads', action: 'delete', module: 'crm' } }),
    ).toBe('deny');
  });

  it('needs any permission of a list, or all with requireAll', () => {
    const access = accessWith();
    expect(decideGate(ready(access), { permissions: ['crm.update', 'finance.update'] })).toBe('allow');
    expect(
      decideGate(ready(access), { permissions: ['crm.update', 'finance.update'], requireAll: true }),
    ).toBe('deny');
    expect(decideGate(ready(access), { permissions: ['crm.read', 'finance.update'], requireAll: true })).toBe(
      'allow',
    );
    expect(decideGate(ready(access), { permissions: ['crm.update', 'hotel.read'] })).toBe('deny');
  });

  it('denies the guest fallback any module', () => {
    expect(decideGate(ready(GUEST_ACCESS), { permission: 'crm.read', moduleId: 'crm' })).toBe('deny');
    expect(decideGate(ready(GUEST_ACCESS), { moduleId: 'public' })).toBe('deny');
  });

  it('gives the guest fallback public read access, and every member too, but no public write', () => {
    expect(decideGate(ready(GUEST_ACCESS), { permission: PUBLIC_READ })).toBe('allow');
    expect(decideGate(ready(GUEST_ACCESS), { permission: 'public.read' })).toBe('allow');
    expect(decideGate(ready(GUEST_ACCESS), { permission: 'public.update' })).toBe('deny');
    expect(
      decideGate(ready(accessWith({ role: 'viewer', access_control: {} })), { permission: 'public.read' }),
    ).toBe('allow');
  });
});
