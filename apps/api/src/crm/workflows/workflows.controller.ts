import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import type { AutomationWorkflowEntity } from './automation-workflow.entity';
import { CreateWorkflowDto, UpdateWorkflowDto } from './dto/workflow.dto';
import type { WorkflowExecutionEntity } from './workflow-execution.entity';
import { WorkflowsService } from './workflows.service';

@CrmApi('crm automation workflows')
@Controller('crm/workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Get()
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<AutomationWorkflowEntity[]> {
    return this.workflows.list(scope);
  }

  @Get(':id')
  @RequireModuleAccess('crm', 'read')
  get(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<AutomationWorkflowEntity> {
    return this.workflows.get(scope, id);
  }

  @Get(':id/executions')
  @RequireModuleAccess('crm', 'read')
  executions(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<WorkflowExecutionEntity[]> {
    return this.workflows.executions(scope, id);
  }

  @Post()
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateWorkflowDto): Promise<AutomationWorkflowEntity> {
    return this.workflows.create(scope, body);
  }

  @Patch(':id')
  @RequireModuleAccess('crm', 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateWorkflowDto,
  ): Promise<AutomationWorkflowEntity> {
    return this.workflows.update(scope, id, body);
  }

  @Post(':id/toggle')
  @HttpCode(200)
  @RequireModuleAccess('crm', 'write')
  toggle(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<AutomationWorkflowEntity> {
    return this.workflows.toggle(scope, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireModuleAccess('crm', 'write')
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.workflows.remove(scope, id);
  }
}
