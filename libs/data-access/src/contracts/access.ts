/**
 * Roles, access levels and permissions (docs/product/access.md), defined once and enforced identically by the
 * PermissionGate in the browser and the guards in the API.
 */

import type { InstitutionSummary } from './institutions';

export const ACCESS_LEVELS = ['read', 'write', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
/** `none` is stored for an explicit denial; it never appears in an access_control map. */
export type StoredAccessLevel = AccessLevel | 'none';
export const STORED_ACCESS_LEVELS: readonly StoredAccessLevel[] = ['none', ...ACCESS_LEVELS];

const LEVEL_RANK: Record<AccessLevel, number> = { read: 1, write: 2, admin: 3 };

export function isAccessLevel(value: unknown): value is AccessLevel {
  return typeof value === 'string' && (ACCESS_LEVELS as readonly string[]).includes(value);
}

/** True when `granted` is at least `required` (admin ⊇ write ⊇ read). */
export function levelSatisfies(granted: AccessLevel | undefined | null, required: AccessLevel): boolean {
  if (!granted || !isAccessLevel(granted)) return false;
  return LEVEL_RANK[granted] >= LEVEL_RANK[required];
}

export const INSTITUTION_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type InstitutionRole = (typeof INSTITUTION_ROLES)[number];

/** True when `held` is `needed` or above it (owner ⊇ admin ⊇ member ⊇ viewer). */
export function roleAtLeast(held: string | null | undefined, needed: InstitutionRole): boolean {
  const rank = INSTITUTION_ROLES.indexOf(held as InstitutionRole);
  return rank !== -1 && rank <= INSTITUTION_ROLES.indexOf(needed);
}

export const ROLE_LABELS: Record<InstitutionRole | 'super_admin' | 'guest', string> = {
  owner: 'Owner',
  admin: 'Administrator',
  member: 'Member',
  viewer: 'Viewer',
  super_admin: 'Super Admin',
  guest: 'Guest',
};

export function roleLabel(role: string | null | undefined): string {
  if (!role) return ROLE_LABELS.guest;
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

/** The level a member gets on every enabled module unless an explicit level is set for them. */
export function defaultLevelForRole(role: InstitutionRole): AccessLevel {
  switch (role) {
    case 'owner':
    case 'admin':
      return 'admin';
    case 'member':
      return 'write';
    case 'viewer':
      return 'read';
  }
}

/** Role levels for the gate's role checks: a higher role satisfies a lower one. */
const ROLE_RANK: Record<string, number> = {
  guest: 0,
  viewer: 1,
  member: 2,
  admin: 3,
  owner: 4,
  super_admin: 5,
};

export function roleSatisfies(role: string | null | undefined, required: string): boolean {
  const have = ROLE_RANK[role ?? 'guest'];
  const need = ROLE_RANK[required];
  if (have === undefined || need === undefined) return role === required;
  return have >= need;
}

/** Which level an action needs on a module (read for reads, write for changes, admin for configuration). */
export const ACTION_LEVELS: Record<string, AccessLevel> = {
  read: 'read',
  view: 'read',
  list: 'read',
  create: 'write',
  update: 'write',
  write: 'write',
  delete: 'write',
  manage: 'admin',
  configure: 'admin',
  admin: 'admin',
};

export interface PermissionObject {
  resource: string;
  action: string;
  module?: string;
}

export type Permission = string | PermissionObject;

/** Parses `resource.action` or `resource.action.module` into its parts. */
export function parsePermission(permission: Permission): PermissionObject | null {
  if (typeof permission !== 'string') {
    return permission.resource && permission.action ? permission : null;
  }
  const [resource, action, module] = permission.split('.');
  if (!resource || !action) return null;
  return module ? { resource, action, module } : { resource, action };
}

/**
 * The resource of what holds nothing of any institution: the workspace's own pages (dashboard frame, profile,
 * settings). Everyone signed in reads it — the guest fallback too, which is the spec's "public read access"
 * (docs/product/access.md#guest-fallback). Nothing writes it.
 */
export const PUBLIC_RESOURCE = 'public';
export const PUBLIC_READ: PermissionObject = { resource: PUBLIC_RESOURCE, action: 'read' };

/**
 * A permission holds when the caller's level on its module (the named module, else the resource
 * as module id) satisfies the level its action needs. Unknown actions need admin.
 */
export function hasPermission(
  accessControl: Readonly<Record<string, AccessLevel>>,
  permission: Permission,
): boolean {
  const parsed = parsePermission(permission);
  if (!parsed) return false;
  const moduleId = parsed.module ?? parsed.resource;
  const required = ACTION_LEVELS[parsed.action] ?? 'admin';
  const granted = moduleId === PUBLIC_RESOURCE ? 'read' : accessControl[moduleId];
  return levelSatisfies(granted, required);
}

/** docs/product/access.md#super-admins: a user whose e-mail ends with the product's own domain is a super admin. */
export function isSuperAdminEmail(email: string | null | undefined, domain: string): boolean {
  if (!email || !domain) return false;
  return email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}

export interface AccessControlUser {
  id: string;
  name: string;
  role: string;
  org_id: string;
}

export interface AccessControlOrganization extends InstitutionSummary {
  modules_included: string[];
}

export interface AccessControlResponse {
  user: AccessControlUser;
  organization: AccessControlOrganization;
  access_control: Record<string, AccessLevel>;
  personalization: { sidebar_pinned: string[]; recent_modules: string[] };
  is_super_admin: boolean;
  /** The institution requires two-factor sign-in and the caller has not turned it on: the shell sends them to set it up. */
  two_factor_setup_required?: boolean;
  /**
   * The institution admits only sessions opened through its single sign-on and this one was not:
   * the shell shows a page sending the person to "Continue with <name>" (start_url) instead.
   */
  sso_sign_in_required?: { name: string; start_url: string } | null;
}

/** docs/product/access.md#guest-fallback: the fallback guest — role guest, org default, public read access. */
export const GUEST_ACCESS: AccessControlResponse = {
  user: { id: 'guest', name: 'Guest', role: 'guest', org_id: 'default' },
  organization: {
    id: 'default',
    name: 'Default',
    slug: 'default',
    plan_id: null,
    status: 'active',
    modules_included: [],
  },
  // Public read, and no module: the guest sees the workspace's own pages, never an institution's data.
  access_control: { [PUBLIC_RESOURCE]: 'read' },
  personalization: { sidebar_pinned: [], recent_modules: [] },
  is_super_admin: false,
};

/** The part of the access response that decides which modules someone sees (sidebar, registry). */
export interface ModuleVisibility {
  is_super_admin: boolean;
  organization: { id: string; modules_included: readonly string[] };
  access_control: Readonly<Record<string, AccessLevel>>;
}

/** docs/product/access.md#module-visibility: a module shows when the organisation includes it and the level is read, write or admin. */
export function isModuleVisible(access: ModuleVisibility, moduleId: string): boolean {
  if (access.is_super_admin) return true;
  return (
    access.organization.modules_included.includes(moduleId) && isAccessLevel(access.access_control[moduleId])
  );
}

/** POST /api/access/recent: the caller's recently opened modules after recording one. */
export interface RecentModules {
  recent_modules: string[];
}
