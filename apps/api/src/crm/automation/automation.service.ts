import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { levelSatisfies } from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { inScope, ownership, scopeSql } from '../../access/scoped-query';
import { AutomationRuleEntity } from './automation-rule.entity';
import { AutomationRuleRunEntity } from './automation-rule-run.entity';
import type { CreateAutomationRuleDto, UpdateAutomationRuleDto } from './dto/automation-rule.dto';

@Injectable()
export class AutomationService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query(scope: TenantScope) {
    return inScope(this.dataSource.manager.createQueryBuilder(AutomationRuleEntity, 'rule'), scope);
  }

  /** docs/product/automation.md: the enabled crm rules; every rule (any source, disabled too) for CRM admins. */
  list(scope: TenantScope, all = false): Promise<AutomationRuleEntity[]> {
    if (all && !levelSatisfies(scope.level, 'admin') && !scope.isSuperAdmin)
      throw new ForbiddenError('You need admin access to CRM');
    const query = this.query(scope);
    if (!all) query.andWhere(`rule.module_source = 'crm' AND rule.enabled`);
    return query.orderBy('rule.created_at', 'ASC').addOrderBy('rule.id', 'ASC').getMany();
  }

  async get(scope: TenantScope, id: string): Promise<AutomationRuleEntity> {
    const rule = await this.query(scope).andWhere('rule.id = :id', { id }).getOne();
    if (!rule) throw new NotFoundError('Automation rule');
    return rule;
  }

  /** An "enroll in sequence" action names a sequence of the rule's own scope. */
  private async checkSequences(
    scope: TenantScope,
    actions: CreateAutomationRuleDto['actions_json'],
  ): Promise<void> {
    const errors: Record<string, string[]> = {};
    for (const [index, action] of actions.entries()) {
      if (action.type !== 'enroll_in_sequence') continue;
      const id = action.config?.sequence_id;
      const where = scopeSql(scope, 's', 2);
      const found: unknown[] =
        typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)
          ? await this.dataSource.query(`SELECT 1 FROM crm_sequences s WHERE s.id = $1 AND ${where.sql}`, [
              id,
              ...where.params,
            ])
          : [];
      if (found.length === 0) errors[`actions_json.${index}.config.sequence_id`] = ['Choose a sequence'];
    }
    if (Object.keys(errors).length)
      throw new InvalidInputError(
        Object.keys(errors)
          .map((field) => `${field}: Choose a sequence`)
          .join('; '),
        errors,
      );
  }

  async create(scope: TenantScope, input: CreateAutomationRuleDto): Promise<AutomationRuleEntity> {
    await this.checkSequences(scope, input.actions_json);
    const repository = this.dataSource.getRepository(AutomationRuleEntity);
    return repository.save(
      repository.create({
        ...ownership(scope),
        name: input.name.trim(),
        description: input.description ?? null,
        module_source: input.module_source ?? 'crm',
        enabled: input.enabled ?? true,
        conditions_json: { ...input.conditions_json },
        actions_json: input.actions_json.map((action) => ({ ...action })),
      }),
    );
  }

  async update(
    scope: TenantScope,
    id: string,
    changes: UpdateAutomationRuleDto,
  ): Promise<AutomationRuleEntity> {
    const rule = await this.get(scope, id);
    if (changes.actions_json) await this.checkSequences(scope, changes.actions_json);
    if (changes.name !== undefined) rule.name = changes.name.trim();
    if (changes.description !== undefined) rule.description = changes.description;
    if (changes.module_source !== undefined) rule.module_source = changes.module_source;
    if (changes.enabled !== undefined) rule.enabled = changes.enabled;
    if (changes.conditions_json !== undefined) rule.conditions_json = { ...changes.conditions_json };
    if (changes.actions_json !== undefined)
      rule.actions_json = changes.actions_json.map((action) => ({ ...action }));
    return this.dataSource.getRepository(AutomationRuleEntity).save(rule);
  }

  async setEnabled(scope: TenantScope, id: string, enabled: boolean): Promise<AutomationRuleEntity> {
    const rule = await this.get(scope, id);
    rule.enabled = enabled;
    return this.dataSource.getRepository(AutomationRuleEntity).save(rule);
  }

  async remove(scope: TenantScope, id: string): Promise<void> {
    const rule = await this.get(scope, id);
    await this.dataSource.getRepository(AutomationRuleEntity).delete({ id: rule.id });
  }

  /** A rule's run history, newest first. */
  async runs(scope: TenantScope, id: string, limit = 100): Promise<AutomationRuleRunEntity[]> {
    const rule = await this.get(scope, id);
    return this.dataSource.getRepository(AutomationRuleRunEntity).find({
      where: { rule_id: rule.id },
      order: { created_at: 'DESC', id: 'ASC' },
      take: limit,
    });
  }
}
