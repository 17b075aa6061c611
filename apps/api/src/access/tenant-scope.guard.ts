import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  type AccessLevel,
  type InstitutionRole,
  levelSatisfies,
  ssoSessionRequiredMessage,
  twoFactorRequiredMessage,
} from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ForbiddenError, InvalidInputError, NotAuthenticatedError } from '../common/domain-errors';
import { RouteMetadataCache } from '../common/route-metadata-cache';
import {
  KEY_ROUTE_REFUSED,
  keyInstitution,
  keyModuleLevel,
  keyReadableModules,
  requireKeyForRoles,
} from '../integrations/api-key-scopes';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { ssoSessionMissing } from './access-decisions';
import { AccessService, type InstitutionAccess } from './access.service';
import { settleRequestAsSystem, settleRequestContext } from './tenant-context';
import {
  ACROSS_MODULES,
  INSTITUTION_ACCESS,
  MEMBERSHIP_OPTIONAL,
  MODULE_ACCESS,
  type ModuleAccessRequirement,
  SYSTEM_CONTEXT,
  type TenantScope,
} from './tenant-scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ScopedRequest = FastifyRequest & { user?: AuthenticatedUser; tenantScope?: TenantScope };

/** Whose access in which institution a route's scope needs. */
interface AccessLookup {
  user: AuthenticatedUser;
  institutionId: string;
}

/** Reads X-Institution-Id once; refuses a malformed id (400). */
export function institutionIdFrom(request: FastifyRequest): string | null {
  const raw = request.headers['x-institution-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  if (!UUID.test(value)) throw new InvalidInputError('X-Institution-Id must be a UUID');
  return value.toLowerCase();
}

/** What a route declares about its tenant: read from its decorators once, on its first request. */
interface RouteRequirements {
  moduleRequirement: ModuleAccessRequirement | undefined;
  roles: InstitutionRole[] | undefined;
  membershipOptional: boolean;
  acrossModules: boolean;
  systemReason: string | undefined;
}

/**
 * Resolves the tenant scope for routes that declare @RequireModuleAccess or
 * @RequireInstitutionRole: membership, the institution's status and modules, and the caller's
 * level on the module. Runs after the session guard, and settles the context the handler runs in
 * (tenant-context.ts): the institution of the scope, or the caller's personal rows, or the system
 * for an @ActsAsSystem route. Requests without a signed-in caller get none, so the database shows
 * them no tenant's rows unless the code enters a named system context.
 */
@Injectable()
export class TenantScopeGuard implements CanActivate {
  private readonly requirements = new RouteMetadataCache<RouteRequirements>((targets) => {
    const read = <T>(key: string): T | undefined =>
      this.reflector.getAllAndOverride<T | undefined>(key, targets);
    return {
      moduleRequirement: read<ModuleAccessRequirement>(MODULE_ACCESS),
      roles: read<InstitutionRole[]>(INSTITUTION_ACCESS),
      membershipOptional: read<boolean>(MEMBERSHIP_OPTIONAL) === true,
      acrossModules: read<boolean>(ACROSS_MODULES) === true,
      systemReason: read<string>(SYSTEM_CONTEXT),
    };
  });

  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessService,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  /**
   * Synchronous whenever it can be (no institution to look up, or its access decision already
   * kept): Nest awaits only a guard that answers a promise, so the common request costs no promise
   * here (docs/adr/0024-per-request-costs-3.md).
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const requirements = this.requirements.of(context);
    const request = context.switchToHttp().getRequest<ScopedRequest>();
    const lookup = this.scopeBeforeAccess(requirements, request);
    if (lookup === null) return this.settle(requirements, request);
    const kept = this.access.keptInstitutionAccess(lookup.user, lookup.institutionId);
    if (kept !== undefined) {
      this.scopeWithAccess(requirements, request, lookup, kept);
      return this.settle(requirements, request);
    }
    return this.access.institutionAccess(lookup.user, lookup.institutionId).then((access) => {
      this.scopeWithAccess(requirements, request, lookup, access);
      return this.settle(requirements, request);
    });
  }

  private settle(requirements: RouteRequirements, request: ScopedRequest): true {
    if (requirements.systemReason) settleRequestAsSystem(requirements.systemReason);
    else if (request.tenantScope) settleRequestContext(request.tenantScope);
    else if (request.user) settleRequestContext({ institutionId: null, userId: request.user.id });
    return true;
  }

  /**
   * Everything decided without the institution's access: null when the route needs no lookup (its
   * scope, if any, is set), else whose access in which institution to look up.
   */
  private scopeBeforeAccess(
    { moduleRequirement, roles, membershipOptional, acrossModules, systemReason }: RouteRequirements,
    request: ScopedRequest,
  ): AccessLookup | null {
    const apiKey = request.user?.apiKey;
    // A key reaches an institution's data and nothing else: not the person's own account or rows.
    if (apiKey && (systemReason || (!moduleRequirement && !roles && !acrossModules && !membershipOptional)))
      throw new ForbiddenError(KEY_ROUTE_REFUSED);
    if (!moduleRequirement && !roles && !membershipOptional && !acrossModules) return null;

    const user = request.user;
    if (!user) throw new NotAuthenticatedError();
    const institutionId = apiKey
      ? keyInstitution(apiKey, institutionIdFrom(request))
      : institutionIdFrom(request);

    if (!institutionId) {
      if (roles) throw new InvalidInputError('X-Institution-Id is required');
      // docs/product/access.md#data-scope: without an organisation, queries are scoped to the caller as owner.
      request.tenantScope = {
        userId: user.id,
        email: user.email,
        isSuperAdmin: user.isSuperAdmin,
        institutionId: null,
        role: null,
        level: 'admin',
        ...(acrossModules ? { readableModules: this.catalogue.ids() } : {}),
      };
      return null;
    }
    return { user, institutionId };
  }

  /** The rest, with the caller's access in the institution (null: not a member). */
  private scopeWithAccess(
    { moduleRequirement, roles, acrossModules }: RouteRequirements,
    request: ScopedRequest,
    { user, institutionId }: AccessLookup,
    access: InstitutionAccess | null,
  ): void {
    const apiKey = request.user?.apiKey;
    if (!access) throw new ForbiddenError('You are not a member of this institution');
    if (access.institution.status === 'suspended' && !user.isSuperAdmin) {
      throw new ForbiddenError('This institution is suspended. Contact your administrator.');
    }
    if (access.twoFactorMissing) throw new ForbiddenError(twoFactorRequiredMessage(access.institution.name));
    if (access.ssoOnly && ssoSessionMissing(access, user)) {
      throw new ForbiddenError(ssoSessionRequiredMessage(access.institution.name, access.ssoOnly.name));
    }

    if (roles && !user.isSuperAdmin && !roles.includes(access.role as InstitutionRole)) {
      throw new ForbiddenError('Only the institution’s owners and admins can do this');
    }
    if (roles && apiKey) requireKeyForRoles(apiKey, roles, request.method);

    let level: AccessLevel | null = access.role === 'super_admin' ? 'admin' : null;
    if (moduleRequirement) {
      const moduleId =
        typeof moduleRequirement.module === 'string'
          ? moduleRequirement.module
          : String((request.params as Record<string, string>)[moduleRequirement.module.param] ?? '');
      const entry = this.catalogue.find(moduleId);
      if (!entry) throw new ForbiddenError(`Unknown module: ${moduleId}`);
      if (!user.isSuperAdmin && !access.institution.modulesIncluded.includes(moduleId)) {
        throw new ForbiddenError(`The ${entry.name} module is not enabled for this institution`);
      }
      const granted = access.accessControl[moduleId];
      if (!levelSatisfies(granted, moduleRequirement.level)) {
        throw new ForbiddenError(`You need ${moduleRequirement.level} access to ${entry.name}`);
      }
      level = granted ?? null;
      if (apiKey && granted)
        level = keyModuleLevel(apiKey, moduleId, entry.name, moduleRequirement.level, granted);
    }

    request.tenantScope = {
      userId: user.id,
      email: user.email,
      isSuperAdmin: user.isSuperAdmin,
      institutionId,
      role: access.role,
      level: level ?? 'read',
      ...(acrossModules
        ? {
            readableModules: apiKey
              ? keyReadableModules(apiKey, readableModules(access, user.isSuperAdmin))
              : readableModules(access, user.isSuperAdmin),
          }
        : {}),
    };
  }
}

/** The modules enabled for the institution on which the caller has at least read. */
function readableModules(access: InstitutionAccess, isSuperAdmin: boolean): string[] {
  return Object.entries(access.accessControl)
    .filter(
      ([moduleId, level]) =>
        (isSuperAdmin || access.institution.modulesIncluded.includes(moduleId)) &&
        levelSatisfies(level, 'read'),
    )
    .map(([moduleId]) => moduleId);
}
