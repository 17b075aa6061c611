import { ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { AutomationWorkflowEntity } from './automation-workflow.entity';
import { CreateWorkflowDto, UpdateWorkflowDto } from './dto/workflow.dto';
import { WorkflowExecutionEntity } from './workflow-execution.entity';
import { WorkflowsService } from './workflows.service';

@CrmApi('crm automation workflows')
@Controller('crm/workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Get()
  @ApiResponse({ status: 200, type: [AutomationWorkflowEntity] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<AutomationWorkflowEntity[]> {
    return this.workflows.list(scope);
  }

  @Get(':id')
  @ApiResponse({ status: 200, type: AutomationWorkflowEntity })
  @RequireModuleAccess('crm', 'read')
  get(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<AutomationWorkflowEntity> {
    return this.workflows.get(scope, id);
  }

  @Get(':id/executions')
  @ApiResponse({ status: 200, type: [WorkflowExecutionEntity] })
  @RequireModuleAccess('crm', 'read')
  executions(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<WorkflowExecutionEntity[]> {
    return this.workflows.executions(scope, id);
  }

  @Post()
  @ApiResponse({ status: 201, type: AutomationWorkflowEntity })
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateWorkflowDto): Promise<AutomationWorkflowEntity> {
    return this.workflows.create(scope, body);
  }

  @Patch(':id')
  @ApiResponse({ status: 200, type: AutomationWorkflowEntity })
  @RequireModuleAccess('crm', 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateWorkflowDto,
  ): Promise<AutomationWorkflowEntity> {
    return this.workflows.update(scope, id, body);
  }

  @Post(':id/toggle')
  @ApiResponse({ status: 200, type: AutomationWorkflowEntity })
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
