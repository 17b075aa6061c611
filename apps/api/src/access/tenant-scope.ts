import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { type AccessLevel, INSTITUTION_ROLES, type InstitutionRole } from '@tessera/data-access/contracts';
import { NotAuthenticatedError } from '../common/domain-errors';

/**
 * Who may touch which rows, resolved once per request by TenantScopeGuard. Services take it as
 * an argument and build every query from it, so a forgotten tenant filter cannot happen.
 */
export interface TenantScope {
  userId: string;
  email: string;
  isSuperAdmin: boolean;
  /** The institution named by X-Institution-Id; null means the caller's own rows (owner scope). */
  institutionId: string | null;
  role: InstitutionRole | 'super_admin' | null;
  /** The caller's level on the route's module (admin on their own rows). */
  level: AccessLevel;
  /** On routes that read across modules (@ReadsAcrossModules): every module the caller may read. */
  readableModules?: readonly string[];
}

export interface ModuleAccessRequirement {
  /** A fixed module id, or the route parameter that names it. */
  module: string | { param: string };
  level: AccessLevel;
  /** Refuse calls without X-Institution-Id (institution administration). */
  institutionRequired?: boolean;
}

export const MODULE_ACCESS = 'tessera:moduleAccess';
export const INSTITUTION_ACCESS = 'tessera:institutionAccess';

/** The route reads or changes data of a module: the caller needs `level` on it. */
export const RequireModuleAccess = (module: ModuleAccessRequirement['module'], level: AccessLevel) =>
  SetMetadata(MODULE_ACCESS, { module, level } satisfies ModuleAccessRequirement);

/** The route acts on the institution itself: membership with one of `roles` (super admins pass). */
export const RequireInstitutionRole = (...roles: InstitutionRole[]) => SetMetadata(INSTITUTION_ACCESS, roles);

/** The route reads data every member of the institution may see (X-Institution-Id required). */
export const RequireMembership = () => RequireInstitutionRole(...INSTITUTION_ROLES);

export const MEMBERSHIP_OPTIONAL = 'tessera:membershipOptional';

/**
 * The route works for the caller alone, or within the institution X-Institution-Id names when the caller is a
 * member of it (a non-member is refused, as everywhere).
 */
export const OptionalMembership = () => SetMetadata(MEMBERSHIP_OPTIONAL, true);

export const Scope = createParamDecorator((_: unknown, context: ExecutionContext): TenantScope => {
  const request = context.switchToHttp().getRequest<{ tenantScope?: TenantScope }>();
  if (!request.tenantScope) throw new NotAuthenticatedError();
  return request.tenantScope;
});

export const ACROSS_MODULES = 'tessera:acrossModules';

/**
 * The route reads from every module the caller may read (search across everything): the guard
 * resolves the institution as for a module route and lists those modules in `readableModules`.
 */
export const ReadsAcrossModules = () => SetMetadata(ACROSS_MODULES, true);

export const SYSTEM_CONTEXT = 'tessera:systemContext';

/**
 * The route works on rows no signed-in tenant owns yet or any more — a link in an e-mail, an
 * invitation token: it runs with every tenant's rows visible, and must find its rows by the token.
 * `reason` says why, for readers of the route.
 */
export const ActsAsSystem = (reason: string) => SetMetadata(SYSTEM_CONTEXT, reason);
