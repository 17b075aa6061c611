import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { NotFoundError } from '../../common/domain-errors';
import { inScope, ownership } from '../../access/scoped-query';
import { AutomationWorkflowEntity } from './automation-workflow.entity';
import type { CreateWorkflowDto, UpdateWorkflowDto } from './dto/workflow.dto';
import { WorkflowExecutionEntity } from './workflow-execution.entity';

@Injectable()
export class WorkflowsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query(scope: TenantScope) {
    return inScope(this.dataSource.manager.createQueryBuilder(AutomationWorkflowEntity, 'workflow'), scope);
  }

  list(scope: TenantScope): Promise<AutomationWorkflowEntity[]> {
    return this.query(scope).orderBy('workflow.created_at', 'ASC').addOrderBy('workflow.id').getMany();
  }

  async get(scope: TenantScope, id: string): Promise<AutomationWorkflowEntity> {
    const workflow = await this.query(scope).andWhere('workflow.id = :id', { id }).getOne();
    if (!workflow) throw new NotFoundError('Workflow');
    return workflow;
  }

  create(scope: TenantScope, input: CreateWorkflowDto): Promise<AutomationWorkflowEntity> {
    const repository = this.dataSource.getRepository(AutomationWorkflowEntity);
    return repository.save(
      repository.create({
        ...ownership(scope),
        name: input.name.trim(),
        description: input.description ?? null,
        trigger: input.trigger,
        trigger_config: { ...(input.trigger_config ?? {}) },
        actions: (input.actions ?? []).map((action) => ({ ...action })),
        active: input.active ?? true,
      }),
    );
  }

  async update(
    scope: TenantScope,
    id: string,
    changes: UpdateWorkflowDto,
  ): Promise<AutomationWorkflowEntity> {
    const workflow = await this.get(scope, id);
    if (changes.name !== undefined) workflow.name = changes.name.trim();
    if (changes.description !== undefined) workflow.description = changes.description;
    if (changes.trigger !== undefined) workflow.trigger = changes.trigger;
    if (changes.trigger_config !== undefined) workflow.trigger_config = { ...changes.trigger_config };
    if (changes.actions !== undefined) workflow.actions = changes.actions.map((action) => ({ ...action }));
    if (changes.active !== undefined) workflow.active = changes.active;
    return this.dataSource.getRepository(AutomationWorkflowEntity).save(workflow);
  }

  /** The card's pause/play button ("Workflow updated successfully"). */
  async toggle(scope: TenantScope, id: string): Promise<AutomationWorkflowEntity> {
    const workflow = await this.get(scope, id);
    workflow.active = !workflow.active;
    return this.dataSource.getRepository(AutomationWorkflowEntity).save(workflow);
  }

  async remove(scope: TenantScope, id: string): Promise<void> {
    const workflow = await this.get(scope, id);
    await this.dataSource.getRepository(AutomationWorkflowEntity).delete({ id: workflow.id });
  }

  /** View Logs: the workflow's executions, newest first. */
  async executions(scope: TenantScope, id: string, limit = 100): Promise<WorkflowExecutionEntity[]> {
    const workflow = await this.get(scope, id);
    return this.dataSource.getRepository(WorkflowExecutionEntity).find({
      where: { workflow_id: workflow.id },
      order: { executed_at: 'DESC', id: 'ASC' },
      take: limit,
    });
  }
}
