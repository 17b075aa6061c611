import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  defaultLevelForRole,
  type InstitutionRole,
  type MemberSummary,
  type StoredAccessLevel,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ModuleAccessEntity } from '../access/module-access.entity';
import type { TenantScope } from '../access/tenant-scope';
import { UserEntity } from '../auth/user.entity';
import { ConflictError, ForbiddenError, NotFoundError } from '../common/domain-errors';
import { MembershipEntity } from '../institutions/membership.entity';
import { actorOf, canManageOwners, displayName, requireInstitution } from './administration-rules';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { AuditLogService } from './audit-log.service';

const LAST_OWNER = 'An institution needs at least one owner: make someone else owner first';

/**
 * An institution's members: the list with each one's module levels, role changes, per-module
 * levels and removal. The institution keeps at least one owner; only owners touch owners. Every
 * change and its audit row share one transaction.
 */
@Injectable()
export class MembersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  async listMembers(institutionId: string): Promise<MemberSummary[]> {
    const institution = await requireInstitution(this.dataSource.manager, institutionId);
    const rows = await this.dataSource
      .getRepository(MembershipEntity)
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
        levels[moduleId] =
          byModule.get(moduleId) ??
          this.catalogue.find(moduleId)?.defaultLevels?.[row.role] ??
          defaultLevelForRole(row.role);
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
    const entry = this.catalogue.find(moduleId);
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
}
