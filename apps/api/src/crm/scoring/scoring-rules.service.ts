import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { ConflictError, NotFoundError } from '../../common/domain-errors';
import { inScope, ownership } from '../../access/scoped-query';
import type { CreateScoringRuleDto, UpdateScoringRuleDto } from './dto/scoring-rule.dto';
import { ScoringRuleEntity } from './scoring-rule.entity';

@Injectable()
export class ScoringRulesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query(scope: TenantScope) {
    return inScope(this.dataSource.manager.createQueryBuilder(ScoringRuleEntity, 'rule'), scope);
  }

  list(scope: TenantScope): Promise<ScoringRuleEntity[]> {
    return this.query(scope)
      .orderBy('rule.built_in', 'DESC')
      .addOrderBy('rule.created_at', 'ASC')
      .addOrderBy('rule.id')
      .getMany();
  }

  async get(scope: TenantScope, id: string): Promise<ScoringRuleEntity> {
    const rule = await this.query(scope).andWhere('rule.id = :id', { id }).getOne();
    if (!rule) throw new NotFoundError('Scoring rule');
    return rule;
  }

  create(scope: TenantScope, input: CreateScoringRuleDto): Promise<ScoringRuleEntity> {
    const repository = this.dataSource.getRepository(ScoringRuleEntity);
    return repository.save(
      repository.create({
        ...ownership(scope),
        name: input.name.trim(),
        description: input.description ?? null,
        condition: input.condition ?? '',
        criterion: input.criterion ?? null,
        points: input.points,
        active: input.active ?? true,
        built_in: false,
      }),
    );
  }

  async update(scope: TenantScope, id: string, changes: UpdateScoringRuleDto): Promise<ScoringRuleEntity> {
    const rule = await this.get(scope, id);
    Object.assign(rule, {
      ...changes,
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
    });
    return this.dataSource.getRepository(ScoringRuleEntity).save(rule);
  }

  /** The card's switch ("Scoring rule updated successfully"). */
  async setActive(scope: TenantScope, id: string, active: boolean): Promise<ScoringRuleEntity> {
    const rule = await this.get(scope, id);
    rule.active = active;
    return this.dataSource.getRepository(ScoringRuleEntity).save(rule);
  }

  /** Built-in rules (docs/product/lead-scoring.md#local-smart-leads-score) can be switched off, not deleted. */
  async remove(scope: TenantScope, id: string): Promise<void> {
    const rule = await this.get(scope, id);
    if (rule.built_in) throw new ConflictError('Built-in scoring rules can be turned off, not deleted');
    await this.dataSource.getRepository(ScoringRuleEntity).delete({ id: rule.id });
  }
}
