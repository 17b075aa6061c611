import {
  type AccessControlResponse,
  hasPermission,
  isModuleVisible,
  type Permission,
  roleSatisfies,
} from '@tessera/data-access/contracts';

export interface GateRequirements {
  /** Needs access (read, write or admin) on this module. */
  moduleId?: string;
  /** A role level the user's role must satisfy (a higher role satisfies a lower one). */
  requiredRole?: string;
  /** Role levels: any one, or all with requireAll. */
  roles?: readonly string[];
  /** `resource.action`, `resource.action.module`, or `{ resource, action, module }`. */
  permission?: Permission;
  /** Permissions: any one, or all with requireAll. */
  permissions?: readonly Permission[];
  requireAll?: boolean;
}

export interface GateContext {
  loading: boolean;
  access: AccessControlResponse;
}

export type GateDecision = 'loading' | 'allow' | 'deny';

/**
 * docs/product/access.md#permission-gate, in this exact order: spinner while loading; super admin always; a single required
 * role; a role list (any, or all with requireAll); a module id needs access on it; permissions
 * (any, or all with requireAll); otherwise allowed. Any failed check shows the fallback.
 */
export function decideGate({ loading, access }: GateContext, requirements: GateRequirements): GateDecision {
  if (loading) return 'loading';
  if (access.is_super_admin) return 'allow';

  const role = access.user.role;
  if (requirements.requiredRole && !roleSatisfies(role, requirements.requiredRole)) return 'deny';

  const roles = requirements.roles ?? [];
  if (roles.length > 0) {
    const check = (required: string) => roleSatisfies(role, required);
    const rolesOk = requirements.requireAll ? roles.every(check) : roles.some(check);
    if (!rolesOk) return 'deny';
  }

  if (requirements.moduleId && !isModuleVisible(access, requirements.moduleId)) return 'deny';

  const permissions = [
    ...(requirements.permission ? [requirements.permission] : []),
    ...(requirements.permissions ?? []),
  ];
  if (permissions.length > 0) {
    const check = (permission: Permission) => hasPermission(access.access_control, permission);
    const permissionsOk = requirements.requireAll ? permissions.every(check) : permissions.some(check);
    if (!permissionsOk) return 'deny';
  }

  return 'allow';
}
