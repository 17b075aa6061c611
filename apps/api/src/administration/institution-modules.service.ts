import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AdministrationOverview,
  type InstitutionRole,
  isModuleAllowedByPlan,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import { ForbiddenError, NotFoundError } from '../common/domain-errors';
import { InstitutionEntity } from '../institutions/institution.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { actorOf, planRules, requireInstitution, toPlanSummary } from './administration-rules';
import { type AuditActor, AuditLogService } from './audit-log.service';

/**
 * An institution's modules within its plan: the administration overview, and enabling or
 * disabling a module (with its audit row, in one transaction).
 */
@Injectable()
export class InstitutionModulesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  async overview(scope: TenantScope, institutionId: string): Promise<AdministrationOverview> {
    const { manager } = this.dataSource;
    const institution = await requireInstitution(manager, institutionId);
    const plan = institution.planId
      ? await manager.getRepository(PlanEntity).findOneBy({ id: institution.planId })
      : null;
    const rules = planRules(plan);
    return {
      institution: {
        id: institution.id,
        name: institution.name,
        slug: institution.slug,
        plan_id: institution.planId,
        status: institution.status,
      },
      plan: plan ? toPlanSummary(plan, this.catalogue.entries()) : null,
      modules: this.catalogue.entries().map((entry) => ({
        module_id: entry.id,
        name: entry.name,
        category: entry.category,
        is_premium: Boolean(entry.isPremium),
        allowed: isModuleAllowedByPlan(rules, entry),
        enabled: institution.modulesIncluded.includes(entry.id),
      })),
      caller_role: scope.isSuperAdmin ? 'super_admin' : ((scope.role ?? 'member') as InstitutionRole),
      require_two_factor: institution.requireTwoFactor,
    };
  }

  /** Enable or disable a module (organization.modules_included); enabling needs the plan to allow it. */
  async setModuleEnabled(
    institutionId: string,
    actor: AuditActor,
    moduleId: string,
    enabled: boolean,
  ): Promise<string[]> {
    const entry = this.catalogue.find(moduleId);
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
        if (!isModuleAllowedByPlan(planRules(plan), entry)) {
          throw new ForbiddenError(
            `The ${plan?.name ?? 'current'} plan does not include ${entry.name}. Upgrade the plan to enable it.`,
          );
        }
      }
      // Catalogue order keeps the sidebar stable whatever the order of changes.
      const next = this.catalogue
        .ids()
        .filter((id) => (id === moduleId ? enabled : institution.modulesIncluded.includes(id)));
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
}
