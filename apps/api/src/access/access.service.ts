import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AccessControlResponse,
  type AccessLevel,
  defaultLevelForRole,
  findModule,
  type InstitutionRole,
  isAccessLevel,
  MODULE_IDS,
  SUSPENDED_INSTITUTION_MESSAGE,
} from '@tessera/data-access/contracts';
import type { Repository } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ForbiddenError, NotAuthenticatedError } from '../common/domain-errors';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { ModuleAccessEntity } from './module-access.entity';
import { UserAccessControlEntity } from './user-access-control.entity';

export interface InstitutionAccess {
  institution: InstitutionEntity;
  role: InstitutionRole | 'super_admin';
  /** Level per module the institution has enabled and the caller may see. */
  accessControl: Record<string, AccessLevel>;
}

const RECENT_MODULES_LIMIT = 8;

@Injectable()
export class AccessService {
  constructor(
    @InjectRepository(InstitutionEntity) private readonly institutions: Repository<InstitutionEntity>,
    @InjectRepository(MembershipEntity) private readonly memberships: Repository<MembershipEntity>,
    @InjectRepository(ModuleAccessEntity) private readonly moduleAccess: Repository<ModuleAccessEntity>,
    @InjectRepository(UserAccessControlEntity)
    private readonly personalisation: Repository<UserAccessControlEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  /**
   * The caller's access in one institution, or null when they are not a member (super admins
   * are members of every institution, with admin on every module).
   */
  async institutionAccess(user: AuthenticatedUser, institutionId: string): Promise<InstitutionAccess | null> {
    const institution = await this.institutions.findOneBy({ id: institutionId });
    if (!institution) return null;
    if (user.isSuperAdmin) {
      return {
        institution,
        role: 'super_admin',
        accessControl: Object.fromEntries(MODULE_IDS.map((moduleId) => [moduleId, 'admin' as const])),
      };
    }
    const membership = await this.memberships.findOneBy({ institutionId, userId: user.id });
    if (!membership) return null;
    const overrides = await this.moduleAccess.findBy({ institutionId, userId: user.id });
    const explicit = new Map(overrides.map((row) => [row.moduleId, row.level]));
    const accessControl: Record<string, AccessLevel> = {};
    for (const moduleId of institution.modulesIncluded) {
      const level = explicit.get(moduleId) ?? defaultLevelForRole(membership.role);
      if (isAccessLevel(level)) accessControl[moduleId] = level;
    }
    return { institution, role: membership.role, accessControl };
  }

  /** The caller's first institution by join date: the default when no header names one. */
  async defaultInstitutionId(user: AuthenticatedUser): Promise<string | null> {
    const first = await this.memberships.findOne({ where: { userId: user.id }, order: { joinedAt: 'ASC' } });
    if (first) return first.institutionId;
    if (!user.isSuperAdmin) return null;
    const any = await this.institutions.findOne({ where: {}, order: { createdAt: 'ASC' } });
    return any?.id ?? null;
  }

  /** `GET /functions/v1/me-access` (spec §3, §7). */
  async meAccess(user: AuthenticatedUser, institutionId: string | null): Promise<AccessControlResponse> {
    const targetId = institutionId ?? (await this.defaultInstitutionId(user));
    if (!targetId) throw new ForbiddenError('You are not a member of any institution');
    const access = await this.institutionAccess(user, targetId);
    if (!access) throw new ForbiddenError('You are not a member of this institution');
    // Issue #8: a suspended institution's members get the message instead of the workspace.
    if (access.institution.status === 'suspended' && !user.isSuperAdmin) {
      throw new ForbiddenError(SUSPENDED_INSTITUTION_MESSAGE);
    }
    const profile = await this.users.findOneBy({ id: user.id });
    if (!profile) throw new NotAuthenticatedError();
    const personal = await this.personalisation.findOneBy({ userId: user.id });
    const name =
      [profile.firstName, profile.lastName].filter(Boolean).join(' ') ||
      profile.email.split('@')[0] ||
      'User';
    return {
      user: { id: user.id, name, role: access.role, org_id: access.institution.id },
      organization: {
        id: access.institution.id,
        name: access.institution.name,
        slug: access.institution.slug,
        plan_id: access.institution.planId,
        status: access.institution.status,
        modules_included: access.institution.modulesIncluded,
      },
      access_control: access.accessControl,
      personalization: {
        sidebar_pinned: personal?.sidebarPinned ?? [],
        recent_modules: personal?.recentModules ?? [],
      },
      is_super_admin: user.isSuperAdmin,
    };
  }

  /** Saves the pinned modules in the order given (the shell puts a newly pinned one first). */
  async setPinned(userId: string, pinned: string[]): Promise<string[]> {
    const unique = [...new Set(pinned)].filter((moduleId) => findModule(moduleId));
    await this.upsertPersonalisation(userId, { sidebarPinned: unique });
    return unique;
  }

  /** Most recent first, without repeats, at most a handful. */
  async recordRecentModule(userId: string, moduleId: string): Promise<string[]> {
    const current = (await this.personalisation.findOneBy({ userId }))?.recentModules ?? [];
    const recent = [moduleId, ...current.filter((id) => id !== moduleId)].slice(0, RECENT_MODULES_LIMIT);
    await this.upsertPersonalisation(userId, { recentModules: recent });
    return recent;
  }

  private async upsertPersonalisation(
    userId: string,
    changes: Partial<Pick<UserAccessControlEntity, 'sidebarPinned' | 'recentModules'>>,
  ): Promise<void> {
    const existing = await this.personalisation.findOneBy({ userId });
    await this.personalisation.save({
      userId,
      sidebarPinned: changes.sidebarPinned ?? existing?.sidebarPinned ?? [],
      recentModules: changes.recentModules ?? existing?.recentModules ?? [],
    });
  }
}
