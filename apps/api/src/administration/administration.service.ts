import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  type AdministrationOverview,
  defaultLevelForRole,
  findModule,
  type InstitutionRole,
  INVITATION_ACCEPT_PATH,
  INVITATION_TTL_DAYS,
  type InvitationSummary,
  isLinkExpired,
  isModuleAllowedByPlan,
  linkWithToken,
  isSuperAdminEmail,
  MODULE_CATALOGUE,
  type MemberSummary,
  modulesAllowedByPlan,
  type PlanSummary,
  type StoredAccessLevel,
} from '@tessera/data-access/contracts';
import { DataSource, type EntityManager, IsNull, type Repository } from 'typeorm';
import { ModuleAccessEntity } from '../access/module-access.entity';
import type { TenantScope } from '../access/tenant-scope';
import { expiryAfter, newOneTimeToken } from '../auth/one-time-token';
import { UserEntity } from '../auth/user.entity';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { type AuditActor, AuditLogService } from './audit-log.service';
import { InvitationEntity } from './invitation.entity';
import { invitationMessage } from './invitation-message';
import { OutboxService } from '../mail/outbox.service';

export function toPlanSummary(plan: PlanEntity): PlanSummary {
  const rules = { categories: plan.categories, includes_premium: plan.includesPremium };
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price_cents: plan.priceCents,
    categories: plan.categories,
    includes_premium: plan.includesPremium,
    sort_order: plan.sortOrder,
    modules: modulesAllowedByPlan(rules),
  };
}

export function displayName(user: Pick<UserEntity, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email.split('@')[0] || 'User';
}

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

function invitationSummary(row: InvitationEntity, invitedBy: string | null): InvitationSummary {
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

function actorOf(scope: TenantScope): AuditActor {
  return { id: scope.userId, email: scope.email };
}

/** Owners and super admins may touch owners and hand out the owner role; admins may not. */
function canManageOwners(scope: TenantScope): boolean {
  return scope.isSuperAdmin || scope.role === 'owner' || scope.role === 'super_admin';
}

const LAST_OWNER = 'An institution needs at least one owner: make someone else owner first';

/**
 * Institution administration: modules within the plan, members, roles, per-module levels,
 * invitations. Every change and its audit row (and its e-mail, for invitations) share one
 * transaction.
 */
@Injectable()
export class AdministrationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(InstitutionEntity) private readonly institutions: Repository<InstitutionEntity>,
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @InjectRepository(MembershipEntity) private readonly memberships: Repository<MembershipEntity>,
    @InjectRepository(InvitationEntity) private readonly invitations: Repository<InvitationEntity>,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async institution(institutionId: string, manager?: EntityManager): Promise<InstitutionEntity> {
    const repository = manager ? manager.getRepository(InstitutionEntity) : this.institutions;
    const institution = await repository.findOneBy({ id: institutionId });
    if (!institution) throw new NotFoundError('Institution');
    return institution;
  }

  async planOf(planId: string | null): Promise<PlanEntity | null> {
    return planId ? this.plans.findOneBy({ id: planId }) : null;
  }

  async overview(scope: TenantScope, institutionId: string): Promise<AdministrationOverview> {
    const institution = await this.institution(institutionId);
    const plan = await this.planOf(institution.planId);
    const rules = plan ? { categories: plan.categories, includes_premium: plan.includesPremium } : null;
    return {
      institution: {
        id: institution.id,
        name: institution.name,
        slug: institution.slug,
        plan_id: institution.planId,
        status: institution.status,
      },
      plan: plan ? toPlanSummary(plan) : null,
      modules: MODULE_CATALOGUE.map((entry) => ({
        module_id: entry.id,
        name: entry.name,
        category: entry.category,
        is_premium: Boolean(entry.isPremium),
        allowed: isModuleAllowedByPlan(rules, entry),
        enabled: institution.modulesIncluded.includes(entry.id),
      })),
      caller_role: scope.isSuperAdmin ? 'super_admin' : ((scope.role ?? 'member') as InstitutionRole),
    };
  }

  /** Enable or disable a module (organization.modules_included); enabling needs the plan to allow it. */
  async setModuleEnabled(
    institutionId: string,
    actor: AuditActor,
    moduleId: string,
    enabled: boolean,
  ): Promise<string[]> {
    const entry = findModule(moduleId);
    if (!entry) throw new NotFoundError('Module');
    return this.dataSource.transaction(async (manager) => {
      const institution = await manager
        .getRepository(InstitutionEntity)
        .createQueryBuilder('institution')
        .setLock('pessimistic_write')
        .where('institution.id = :institutionId', { institutionId })
        .getOne();
      if (!institution) throw new NotFoundError('Institution');
      const isEnabled = institution.modulesIncluded.includes(moduleId);
      if (enabled === isEnabled) return institution.modulesIncluded;
      if (enabled) {
        const plan = institution.planId
          ? await manager.getRepository(PlanEntity).findOneBy({ id: institution.planId })
          : null;
        const rules = plan ? { categories: plan.categories, includes_premium: plan.includesPremium } : null;
        if (!isModuleAllowedByPlan(rules, entry)) {
          throw new ForbiddenError(
            `The ${plan?.name ?? 'current'} plan does not include ${entry.name}. Upgrade the plan to enable it.`,
          );
        }
      }
      // Catalogue order keeps the sidebar stable whatever the order of changes.
      const next = MODULE_CATALOGUE.map((module) => module.id).filter((id) =>
        id === moduleId ? enabled : institution.modulesIncluded.includes(id),
      );
      await manager.getRepository(InstitutionEntity).update({ id: institutionId }, { modulesIncluded: next });
      await this.audit.record(
        {
          institutionId,
          actor,
          action: enabled ? 'module.enabled' : 'module.disabled',
          target: moduleId,
          details: { module: entry.name },
        },
        manager,
      );
      return next;
    });
  }

  async enableModuleFor(scope: TenantScope, institutionId: string, moduleId: string, enabled: boolean) {
    return this.setModuleEnabled(institutionId, actorOf(scope), moduleId, enabled);
  }

  async listMembers(institutionId: string): Promise<MemberSummary[]> {
    const institution = await this.institution(institutionId);
    const rows = await this.memberships
      .createQueryBuilder('membership')
      .innerJoinAndMapOne('membership.user', UserEntity, 'user', 'user.id = membership.userId')
      .where('membership.institutionId = :institutionId', { institutionId })
      .orderBy('membership.joinedAt', 'ASC')
      .getMany();
    const explicit = await this.dataSource.getRepository(ModuleAccessEntity).findBy({ institutionId });
    return rows.map((row) => {
      const user = (row as MembershipEntity & { user: UserEntity }).user;
      const mine = explicit.filter((access) => access.userId === row.userId);
      const byModule = new Map(mine.map((access) => [access.moduleId, access.level as StoredAccessLevel]));
      const levels: Record<string, StoredAccessLevel> = {};
      for (const moduleId of institution.modulesIncluded) {
        levels[moduleId] = byModule.get(moduleId) ?? defaultLevelForRole(row.role);
      }
      return {
        user_id: row.userId,
        email: user.email,
        name: displayName(user),
        role: row.role,
        joined_at: row.joinedAt.toISOString(),
        levels,
        explicit_modules: mine.map((access) => access.moduleId),
      };
    });
  }

  private async lockedMembership(
    manager: EntityManager,
    institutionId: string,
    userId: string,
  ): Promise<{ target: MembershipEntity; owners: number; email: string }> {
    const members = await manager
      .getRepository(MembershipEntity)
      .createQueryBuilder('membership')
      .setLock('pessimistic_write')
      .where('membership.institutionId = :institutionId', { institutionId })
      .getMany();
    const target = members.find((member) => member.userId === userId);
    if (!target) throw new NotFoundError('Member');
    const user = await manager.getRepository(UserEntity).findOneBy({ id: userId });
    return {
      target,
      owners: members.filter((member) => member.role === 'owner').length,
      email: user?.email ?? userId,
    };
  }

  async changeRole(
    scope: TenantScope,
    institutionId: string,
    userId: string,
    role: InstitutionRole,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { target, owners, email } = await this.lockedMembership(manager, institutionId, userId);
      if (target.role === role) return;
      if ((role === 'owner' || target.role === 'owner') && !canManageOwners(scope)) {
        throw new ForbiddenError('Only owners can change who is an owner');
      }
      if (target.role === 'owner' && owners <= 1) throw new ConflictError(LAST_OWNER);
      await manager.getRepository(MembershipEntity).update({ id: target.id }, { role });
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'member.role_changed',
          target: email,
          details: { from: target.role, to: role },
        },
        manager,
      );
    });
  }

  /** Sets a member's level on one module; `null` goes back to the role's default. */
  async setModuleLevel(
    scope: TenantScope,
    institutionId: string,
    userId: string,
    moduleId: string,
    level: StoredAccessLevel | null,
  ): Promise<void> {
    const entry = findModule(moduleId);
    if (!entry) throw new NotFoundError('Module');
    await this.dataSource.transaction(async (manager) => {
      const { target, email } = await this.lockedMembership(manager, institutionId, userId);
      if (target.role === 'owner' && !canManageOwners(scope)) {
        throw new ForbiddenError('Only owners can change an owner’s access');
      }
      const repository = manager.getRepository(ModuleAccessEntity);
      const previous = await repository.findOneBy({ institutionId, userId, moduleId });
      if (level === null) {
        if (!previous) return;
        await repository.delete({ institutionId, userId, moduleId });
      } else {
        if (previous?.level === level) return;
        await repository.upsert({ institutionId, userId, moduleId, level }, [
          'institutionId',
          'userId',
          'moduleId',
        ]);
      }
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'member.level_changed',
          target: email,
          details: {
            module: moduleId,
            from: previous?.level ?? `default (${defaultLevelForRole(target.role)})`,
            to: level ?? `default (${defaultLevelForRole(target.role)})`,
          },
        },
        manager,
      );
    });
  }

  async removeMember(scope: TenantScope, institutionId: string, userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { target, owners, email } = await this.lockedMembership(manager, institutionId, userId);
      if (target.role === 'owner' && !canManageOwners(scope)) {
        throw new ForbiddenError('Only owners can remove an owner');
      }
      if (target.role === 'owner' && owners <= 1) throw new ConflictError(LAST_OWNER);
      // member_module_access rows go with the membership (ON DELETE CASCADE).
      await manager.getRepository(MembershipEntity).delete({ id: target.id });
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'member.removed',
          target: email,
          details: { role: target.role },
        },
        manager,
      );
    });
  }

  /** The pending invitations (not accepted, not withdrawn), expired ones included so they can be resent. */
  async listInvitations(institutionId: string): Promise<InvitationSummary[]> {
    const rows = await this.invitations
      .createQueryBuilder('invitation')
      .leftJoinAndMapOne('invitation.inviter', UserEntity, 'inviter', 'inviter.id = invitation.invitedBy')
      .where('invitation.institutionId = :institutionId', { institutionId })
      .andWhere('invitation.acceptedAt IS NULL AND invitation.revokedAt IS NULL')
      .orderBy('invitation.createdAt', 'DESC')
      .getMany();
    return rows.map((row) =>
      invitationSummary(row, (row as InvitationEntity & { inviter?: UserEntity }).inviter?.email ?? null),
    );
  }

  /** The invitation and its e-mail are written in one transaction: no invitation without its message. */
  async invite(
    scope: TenantScope,
    institutionId: string,
    rawEmail: string,
    role: InstitutionRole,
  ): Promise<InvitationSummary> {
    const email = rawEmail.trim().toLowerCase();
    // An account at the product's own domain is a super admin: inviting one is handing that out.
    if (isSuperAdminEmail(email, this.config.superAdminDomain) && !scope.isSuperAdmin) {
      throw new ForbiddenError(
        `Only a super admin can invite an address at ${this.config.superAdminDomain}: accounts there are super admins`,
      );
    }
    if (role === 'owner' && !canManageOwners(scope))
      throw new ForbiddenError('Only owners can invite owners');
    return this.dataSource.transaction(async (manager) => {
      const existing = await manager
        .getRepository(MembershipEntity)
        .createQueryBuilder('membership')
        .innerJoin(UserEntity, 'user', 'user.id = membership.userId')
        .where('membership.institutionId = :institutionId', { institutionId })
        .andWhere('user.email = :email', { email })
        .getOne();
      if (existing) throw new ConflictError(`${email} is already a member of this institution`);
      const invitations = manager.getRepository(InvitationEntity);
      if (await invitations.findOneBy({ institutionId, email, acceptedAt: IsNull(), revokedAt: IsNull() })) {
        throw new ConflictError(
          `${email} has already been invited. Resend the invitation to send a new link.`,
        );
      }
      const link = newOneTimeToken();
      const saved = await invitations.save(
        invitations.create({
          institutionId,
          email,
          role,
          invitedBy: scope.userId,
          tokenHash: link.hash,
          expiresAt: expiryAfter(INVITATION_TTL_MS),
          sentAt: new Date(),
          acceptedAt: null,
          acceptedBy: null,
          revokedAt: null,
        }),
      );
      await this.mailInvitation(manager, scope, saved, link.token);
      await this.audit.record(
        { institutionId, actor: actorOf(scope), action: 'member.invited', target: email, details: { role } },
        manager,
      );
      return invitationSummary(saved, scope.email);
    });
  }

  /** A new link with a new expiry; the previous link stops working at once. */
  async resendInvitation(
    scope: TenantScope,
    institutionId: string,
    invitationId: string,
  ): Promise<InvitationSummary> {
    return this.dataSource.transaction(async (manager) => {
      const invitation = await this.lockedPendingInvitation(manager, institutionId, invitationId);
      if (invitation.role === 'owner' && !canManageOwners(scope)) {
        throw new ForbiddenError('Only owners can resend an owner invitation');
      }
      const link = newOneTimeToken();
      invitation.tokenHash = link.hash;
      invitation.expiresAt = expiryAfter(INVITATION_TTL_MS);
      invitation.sentAt = new Date();
      await manager
        .getRepository(InvitationEntity)
        .update(
          { id: invitation.id },
          { tokenHash: link.hash, expiresAt: invitation.expiresAt, sentAt: invitation.sentAt },
        );
      await this.mailInvitation(manager, scope, invitation, link.token);
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'invitation.resent',
          target: invitation.email,
          details: { role: invitation.role },
        },
        manager,
      );
      const inviter = invitation.invitedBy
        ? await manager.getRepository(UserEntity).findOneBy({ id: invitation.invitedBy })
        : null;
      return invitationSummary(invitation, inviter?.email ?? null);
    });
  }

  /** Withdraws a pending invitation: its link then answers that it was withdrawn. */
  async revokeInvitation(scope: TenantScope, institutionId: string, invitationId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const invitation = await this.lockedPendingInvitation(manager, institutionId, invitationId);
      if (invitation.role === 'owner' && !canManageOwners(scope)) {
        throw new ForbiddenError('Only owners can revoke an owner invitation');
      }
      await manager.getRepository(InvitationEntity).update({ id: invitation.id }, { revokedAt: new Date() });
      await this.audit.record(
        { institutionId, actor: actorOf(scope), action: 'invitation.revoked', target: invitation.email },
        manager,
      );
    });
  }

  private async lockedPendingInvitation(
    manager: EntityManager,
    institutionId: string,
    invitationId: string,
  ): Promise<InvitationEntity> {
    const invitation = await manager
      .getRepository(InvitationEntity)
      .createQueryBuilder('invitation')
      .setLock('pessimistic_write')
      .where('invitation.id = :invitationId AND invitation.institutionId = :institutionId', {
        invitationId,
        institutionId,
      })
      .andWhere('invitation.acceptedAt IS NULL AND invitation.revokedAt IS NULL')
      .getOne();
    if (!invitation) throw new NotFoundError('Invitation');
    return invitation;
  }

  private async mailInvitation(
    manager: EntityManager,
    scope: TenantScope,
    invitation: InvitationEntity,
    token: string,
  ): Promise<void> {
    const institution = await this.institution(invitation.institutionId, manager);
    const inviter = await manager.getRepository(UserEntity).findOneBy({ id: scope.userId });
    const message = invitationMessage({
      institutionName: institution.name,
      role: invitation.role,
      inviterName: inviter ? displayName(inviter) : scope.email,
      inviterEmail: scope.email,
      link: linkWithToken(this.outbox.link(INVITATION_ACCEPT_PATH), token),
      expiresAt: invitation.expiresAt,
    });
    await this.outbox.queue(manager, [
      {
        orgId: invitation.institutionId,
        kind: 'invitation',
        to: invitation.email,
        subject: message.subject,
        text: message.text,
        sensitive: true,
        createdBy: scope.userId,
      },
    ]);
  }

  assertSameInstitution(scope: TenantScope): string {
    if (!scope.institutionId) throw new InvalidInputError('X-Institution-Id is required');
    return scope.institutionId;
  }
}
