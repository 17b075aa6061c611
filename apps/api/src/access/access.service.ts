import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type AccessControlResponse,
  type AccessLevel,
  type AuthUser,
  defaultLevelForRole,
  displayName,
  type InstitutionRole,
  isAccessLevel,
  type ModuleVisibility,
  type StoredAccessLevel,
  SUSPENDED_INSTITUTION_MESSAGE,
  ssoStartPath,
} from '@tessera/data-access/contracts';
import type { Repository } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ForbiddenError, InvalidInputError, NotAuthenticatedError } from '../common/domain-errors';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { AccessDecisions, type InstitutionAccess, ssoSessionMissing } from './access-decisions';
import { runAsSystem } from './tenant-context';
import { UserAccessControlEntity } from './user-access-control.entity';

export type { InstitutionAccess } from './access-decisions';

const RECENT_MODULES_LIMIT = 8;

interface ProfileRow extends Pick<AuthUser, 'email' | 'user_metadata'> {
  sidebar_pinned: string[] | null;
  recent_modules: string[] | null;
}

@Injectable()
export class AccessService {
  constructor(
    @InjectRepository(InstitutionEntity) private readonly institutions: Repository<InstitutionEntity>,
    @InjectRepository(MembershipEntity) private readonly memberships: Repository<MembershipEntity>,
    @InjectRepository(UserAccessControlEntity)
    private readonly personalisation: Repository<UserAccessControlEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly decisions: AccessDecisions,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  /** The caller's access as already decided and kept, or undefined when it must be read (`institutionAccess`). */
  keptInstitutionAccess(
    user: AuthenticatedUser,
    institutionId: string,
  ): InstitutionAccess | null | undefined {
    return this.decisions.kept(user.id, user.isSuperAdmin, institutionId);
  }

  /**
   * The caller's access in one institution, or null when they are not a member (super admins
   * are members of every institution, with admin on every module).
   */
  institutionAccess(user: AuthenticatedUser, institutionId: string): Promise<InstitutionAccess | null> {
    return this.decisions.decide(user.id, user.isSuperAdmin, institutionId, () =>
      this.readInstitutionAccess(user, institutionId),
    );
  }

  private async readInstitutionAccess(
    user: AuthenticatedUser,
    institutionId: string,
  ): Promise<InstitutionAccess | null> {
    // One round trip: this runs on every org-scoped request (the tenant guard, me-access, registry).
    // The access decision is what establishes the tenant context, so it reads memberships as the system.
    const { entities, raw } = await runAsSystem('access decision', () =>
      this.institutions
        .createQueryBuilder('institution')
        .leftJoin(
          MembershipEntity,
          'membership',
          'membership.institution_id = institution.id AND membership.user_id = :userId',
          { userId: user.id },
        )
        .addSelect('membership.role', 'membership_role')
        .addSelect(
          `EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = :userId AND t.enabled_at IS NOT NULL)`,
          'two_factor_on',
        )
        .addSelect(
          `(SELECT s.name FROM institution_sso s WHERE s.institution_id = institution.id AND s.sso_only)`,
          'sso_only_name',
        )
        .addSelect(
          `COALESCE((SELECT json_object_agg(a.module_id, a.level) FROM member_module_access a
                   WHERE a.institution_id = institution.id AND a.user_id = :userId), '{}'::json)`,
          'module_overrides',
        )
        .where('institution.id = :institutionId', { institutionId })
        .getRawAndEntities<{
          membership_role: InstitutionRole | null;
          two_factor_on: boolean;
          sso_only_name: string | null;
          module_overrides: Record<string, StoredAccessLevel>;
        }>(),
    );
    const institution = entities[0];
    const row = raw[0];
    if (!institution || !row) return null;
    if (user.isSuperAdmin) {
      return {
        institution,
        role: 'super_admin',
        accessControl: Object.fromEntries(
          this.catalogue.ids().map((moduleId) => [moduleId, 'admin' as const]),
        ),
        // The platform's operators are not the institution's members: its rule is for those.
        twoFactorMissing: false,
        ssoOnly: null,
      };
    }
    const role = row.membership_role;
    if (!role) return null;
    const accessControl: Record<string, AccessLevel> = {};
    for (const moduleId of institution.modulesIncluded) {
      const level =
        row.module_overrides[moduleId] ??
        this.catalogue.find(moduleId)?.defaultLevels?.[role] ??
        defaultLevelForRole(role);
      if (isAccessLevel(level)) accessControl[moduleId] = level;
    }
    return {
      institution,
      role,
      accessControl,
      twoFactorMissing: institution.requireTwoFactor && row.two_factor_on !== true,
      ssoOnly: row.sso_only_name ? { name: row.sso_only_name } : null,
    };
  }

  /** The caller's first institution by join date: the default when no header names one. */
  async defaultInstitutionId(user: AuthenticatedUser): Promise<string | null> {
    const first = await this.memberships.findOne({ where: { userId: user.id }, order: { joinedAt: 'ASC' } });
    if (first) return first.institutionId;
    if (!user.isSuperAdmin) return null;
    const any = await this.institutions.findOne({ where: {}, order: { createdAt: 'ASC' } });
    return any?.id ?? null;
  }

  /**
   * The institution someone works in — the one named, else their first — and their access there;
   * refuses non-members and, for all but super admins, suspended institutions.
   */
  async workspaceAccess(user: AuthenticatedUser, institutionId: string | null): Promise<InstitutionAccess> {
    const targetId = institutionId ?? (await this.defaultInstitutionId(user));
    if (!targetId) throw new ForbiddenError('You are not a member of any institution');
    const access = await this.institutionAccess(user, targetId);
    if (!access) throw new ForbiddenError('You are not a member of this institution');
    // A suspended institution's members get the message instead of the workspace.
    if (access.institution.status === 'suspended' && !user.isSuperAdmin) {
      throw new ForbiddenError(SUSPENDED_INSTITUTION_MESSAGE);
    }
    return access;
  }

  /** Which modules someone sees there: what the registry needs, without the profile. */
  async moduleVisibility(user: AuthenticatedUser, institutionId: string | null): Promise<ModuleVisibility> {
    const access = await this.workspaceAccess(user, institutionId);
    return {
      is_super_admin: user.isSuperAdmin,
      organization: { id: access.institution.id, modules_included: access.institution.modulesIncluded },
      access_control: access.accessControl,
    };
  }

  /** `GET /functions/v1/me-access` (docs/product/access.md#the-access-control-response-me-access). */
  async meAccess(user: AuthenticatedUser, institutionId: string | null): Promise<AccessControlResponse> {
    const [access, profile] = await Promise.all([
      this.workspaceAccess(user, institutionId),
      this.profileOf(user.id),
    ]);
    if (!profile) throw new NotAuthenticatedError();
    return {
      user: { id: user.id, name: displayName(profile), role: access.role, org_id: access.institution.id },
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
        sidebar_pinned: profile.sidebar_pinned ?? [],
        recent_modules: profile.recent_modules ?? [],
      },
      is_super_admin: user.isSuperAdmin,
      two_factor_setup_required: access.twoFactorMissing,
      sso_sign_in_required:
        access.ssoOnly && ssoSessionMissing(access, user)
          ? { name: access.ssoOnly.name, start_url: ssoStartPath(user.email) }
          : null,
    };
  }

  /** The user's name parts and personalisation in one query. */
  private async profileOf(userId: string): Promise<ProfileRow | null> {
    const rows: ProfileRow[] = await this.users.query(
      `SELECT u.email, json_build_object('first_name', u.first_name, 'last_name', u.last_name, 'avatar_url', u.avatar_url) AS user_metadata,
              p.sidebar_pinned, p.recent_modules
       FROM users u LEFT JOIN user_access_control p ON p.user_id = u.id
       WHERE u.id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Saves the pinned modules in the order given (the shell puts a newly pinned one first). */
  async setPinned(userId: string, pinned: string[]): Promise<string[]> {
    const unknown = pinned.filter((moduleId) => !this.catalogue.find(moduleId));
    if (unknown.length > 0) {
      const message = 'each sidebar_pinned entry must be a module id';
      throw new InvalidInputError(message, { sidebar_pinned: [message] });
    }
    const unique = [...new Set(pinned)];
    await this.upsertPersonalisation(userId, { sidebarPinned: unique });
    return unique;
  }

  /** Most recent first, without repeats, at most a handful. */
  async recordRecentModule(userId: string, moduleId: string): Promise<string[]> {
    if (!this.catalogue.find(moduleId)) throw new InvalidInputError('module_id must be a module id');
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
