import {
  defaultLevelForRole,
  GUEST_ACCESS,
  hasPermission,
  isModuleVisible,
  isSuperAdminEmail,
  levelSatisfies,
  parsePermission,
  roleSatisfies,
} from './access';

describe('levels and roles (docs/product/access.md)', () => {
  it('orders levels read < write < admin', () => {
    expect(levelSatisfies('admin', 'write')).toBe(true);
    expect(levelSatisfies('write', 'write')).toBe(true);
    expect(levelSatisfies('read', 'write')).toBe(false);
    expect(levelSatisfies(undefined, 'read')).toBe(false);
  });
  it('gives each role its default level', () => {
    expect(defaultLevelForRole('owner')).toBe('admin');
    expect(defaultLevelForRole('admin')).toBe('admin');
    expect(defaultLevelForRole('member')).toBe('write');
    expect(defaultLevelForRole('viewer')).toBe('read');
  });
  it('lets a higher role satisfy a lower one', () => {
    expect(roleSatisfies('owner', 'admin')).toBe(true);
    expect(roleSatisfies('viewer', 'member')).toBe(false);
    expect(roleSatisfies(null, 'viewer')).toBe(false);
  });
});

describe('permissions', () => {
  it('parses resource.action and resource.action.module', () => {
    expect(parsePermission('crm.read')).toEqual({ resource: 'crm', action: 'read' });
    expect(parsePermission('deals.update.crm')).toEqual({
      resource: 'deals',
      action: 'update',
      module: 'crm',
    });
    expect(parsePermission('crm')).toBeNull();
  });
  it('holds when the level on the module covers the action', () => {
    const access = { crm: 'read' as const, hotel: 'admin' as const };
    expect(hasPermission(access, 'crm.read')).toBe(true);
    expect(hasPermission(access, 'deals.update.crm')).toBe(false);
    expect(hasPermission(access, { resource: 'rooms', action: 'configure', module: 'hotel' })).toBe(true);
    // Unknown actions need admin.
    expect(hasPermission(access, 'crm.export')).toBe(false);
  });
});

describe('super admin (docs/product/access.md#super-admins)', () => {
  it('is an e-mail of the product domain, whatever the case', () => {
    expect(isSuperAdminEmail('admin@tessera.app', 'tessera.app')).toBe(true);
    expect(isSuperAdminEmail('Admin@Tessera.App', 'tessera.app')).toBe(true);
    expect(isSuperAdminEmail('admin@tessera.app.evil.test', 'tessera.app')).toBe(false);
    expect(isSuperAdminEmail('admin@nottessera.app', 'tessera.app')).toBe(false);
  });
});

describe('module visibility (docs/product/access.md)', () => {
  const access = {
    ...GUEST_ACCESS,
    organization: { ...GUEST_ACCESS.organization, modules_included: ['crm', 'hotel'] },
    access_control: { crm: 'read' as const, finance: 'admin' as const },
  };
  it('needs the module in modules_included and a level', () => {
    expect(isModuleVisible(access, 'crm')).toBe(true);
    expect(isModuleVisible(access, 'hotel')).toBe(false);
    expect(isModuleVisible(access, 'finance')).toBe(false);
  });
  it('shows everything to a super admin', () => {
    expect(isModuleVisible({ ...access, is_super_admin: true }, 'finance')).toBe(true);
  });
});
