import {
  type InvitationSummary,
  isLinkExpired,
  type ModuleCatalogueEntry,
  modulesAllowedByPlan,
  type PlanSummary,
} from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import type { UserEntity } from '../auth/user.entity';
import { InvalidInputError, NotFoundError } from '../common/domain-errors';
import { InstitutionEntity } from '../institutions/institution.entity';
import type { PlanEntity } from '../institutions/plan.entity';
import type { AuditActor } from './audit-log.service';
import type { InvitationEntity } from './invitation.entity';

/*
 * What the administration services (modules, members, invitations, audit) share: who is being
 * administered, who acts, and how plans, people and invitations are shown.
 */

/** The institution an administration request is about: the one in X-Institution-Id. */
export function administeredInstitution(scope: TenantScope): string {
  if (!scope.institutionId) throw new InvalidInputError('X-Institution-Id is required');
  return scope.institutionId;
}

export async function requireInstitution(
  manager: EntityManager,
  institutionId: string,
): Promise<InstitutionEntity> {
  const institution = await manager.getRepository(InstitutionEntity).findOneBy({ id: institutionId });
  if (!institution) throw new NotFoundError('Institution');
  return institution;
}

export function actorOf(scope: TenantScope): AuditActor {
  return { id: scope.userId, email: scope.email };
}

/** Owners and super admins may touch owners and hand out the owner role; admins may not. */
export function canManageOwners(scope: TenantScope): boolean {
  return scope.isSuperAdmin || scope.role === 'owner' || scope.role === 'super_admin';
}

/** What a plan allows, in the contracts' terms (no plan: nothing beyond the free modules). */
export function planRules(
  plan: PlanEntity | null,
): { categories: string[]; includes_premium: boolean } | null {
  return plan ? { categories: plan.categories, includes_premium: plan.includesPremium } : null;
}

export function toPlanSummary(plan: PlanEntity, catalogue: readonly ModuleCatalogueEntry[]): PlanSummary {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price_cents: plan.priceCents,
    categories: plan.categories,
    includes_premium: plan.includesPremium,
    sort_order: plan.sortOrder,
    modules: modulesAllowedByPlan(
      { categories: plan.categories, includes_premium: plan.includesPremium },
      catalogue,
    ),
  };
}

export function displayName(user: Pick<UserEntity, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email.split('@')[0] || 'User';
}

export function invitationSummary(row: InvitationEntity, invitedBy: string | null): InvitationSummary {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    sent_at: row.sentAt.toISOString(),
    status: isLinkExpired(row.expiresAt) ? 'expired' : 'pending',
  };
}
