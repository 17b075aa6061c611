import {
  ADMIN_READ_SCOPE,
  type AccessLevel,
  INSTITUTION_ROLES,
  type InstitutionRole,
  scopeForLevel,
  scopesAllow,
} from '@tessera/data-access/contracts';
import type { ApiKeyCaller } from '../common/authenticated-user';
import { ForbiddenError } from '../common/domain-errors';

/*
 * What an API key may reach beyond what its creator may (docs/api.md#scopes). The creator's current
 * access is decided first, exactly as for their session; these rules only narrow it.
 */

const READ_METHODS = new Set(['GET', 'HEAD']);

export const KEY_ROUTE_REFUSED =
  'API keys work on the institution’s data only: this route needs a signed-in session';

/** The institution a key request works in: the key's own; a header naming another is refused. */
export function keyInstitution(key: ApiKeyCaller, named: string | null): string {
  if (named && named !== key.institutionId)
    throw new ForbiddenError('This API key belongs to another institution');
  return key.institutionId;
}

/**
 * A module route: the key needs `<module>:read` for reads and `<module>:write` for changes; module
 * configuration (admin level) is never a key's. Answers the level the request works with: the
 * creator's, capped by the key's scope.
 */
export function keyModuleLevel(
  key: ApiKeyCaller,
  moduleId: string,
  moduleName: string,
  required: AccessLevel,
  granted: AccessLevel,
): AccessLevel {
  const needed = scopeForLevel(moduleId, required);
  if (!needed)
    throw new ForbiddenError(
      `API keys cannot configure modules: this route needs admin access to ${moduleName}`,
    );
  if (!scopesAllow(key.scopes, needed)) throw new ForbiddenError(`This API key lacks the scope ${needed}`);
  const keyLevel: AccessLevel = key.scopes.includes(`${moduleId}:write`) ? 'write' : 'read';
  return granted === 'read' || keyLevel === 'read' ? 'read' : 'write';
}

/**
 * An institution route (@RequireInstitutionRole): what every member may read needs no scope; the
 * owners' and admins' pages need `admin:read`, and a key never changes them.
 */
export function requireKeyForRoles(
  key: ApiKeyCaller,
  roles: readonly InstitutionRole[],
  method: string,
): void {
  const everyMember = INSTITUTION_ROLES.every((role) => roles.includes(role));
  if (!READ_METHODS.has(method))
    throw new ForbiddenError(
      'API keys cannot change the institution’s administration: sign in as an owner or admin',
    );
  if (!everyMember && !key.scopes.includes(ADMIN_READ_SCOPE))
    throw new ForbiddenError(`This API key lacks the scope ${ADMIN_READ_SCOPE}`);
}

/** Routes reading across modules (search) see only the modules the key may read. */
export function keyReadableModules(key: ApiKeyCaller, modules: readonly string[]): string[] {
  return modules.filter((moduleId) => scopesAllow(key.scopes, `${moduleId}:read`));
}
