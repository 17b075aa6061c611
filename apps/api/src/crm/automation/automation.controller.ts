import { ApiResponse } from '@nestjs/swagger';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { AutomationRuleEntity } from './automation-rule.entity';
import { AutomationRuleRunEntity } from './automation-rule-run.entity';
import { AutomationService } from './automation.service';
import {
  AutomationRuleListQueryDto,
  CreateAutomationRuleDto,
  SetEnabledDto,
  UpdateAutomationRuleDto,
} from './dto/automation-rule.dto';

/** Automation rules are configuration: reading needs read, changing them needs CRM admin. */
@CrmApi('crm automation rules')
@Controller('crm/automation-rules')
export class AutomationController {
  constructor(private readonly automation: AutomationService) {}

  @Get()
  @ApiResponse({ status: 200, type: [AutomationRuleEntity] })
  @RequireModuleAccess('crm', 'read')
  list(
    @Scope() scope: TenantScope,
    @Query() query: AutomationRuleListQueryDto,
  ): Promise<AutomationRuleEntity[]> {
    return this.automation.list(scope, query.all ?? false);
  }

  @Get(':id')
  @ApiResponse({ status: 200, type: AutomationRuleEntity })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<AutomationRuleEntity> {
    return this.automation.get(scope, id);
  }

  @Get(':id/runs')
  @ApiResponse({ status: 200, type: [AutomationRuleRunEntity] })
  @RequireModuleAccess('crm', 'read')
  runs(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<AutomationRuleRunEntity[]> {
    return this.automation.runs(scope, id);
  }

  @Post()
  @ApiResponse({ status: 201, type: AutomationRuleEntity })
  @RequireModuleAccess('crm', 'admin')
  create(@Scope() scope: TenantScope, @Body() body: CreateAutomationRuleDto): Promise<AutomationRuleEntity> {
    return this.automation.create(scope, body);
  }

  @Patch(':id')
  @ApiResponse({ status: 200, type: AutomationRuleEntity })
  @RequireModuleAccess('crm', 'admin')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateAutomationRuleDto,
  ): Promise<AutomationRuleEntity> {
    return this.automation.update(scope, id, body);
  }

  @Patch(':id/enabled')
  @ApiResponse({ status: 200, type: AutomationRuleEntity })
  @RequireModuleAccess('crm', 'admin')
  setEnabled(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: SetEnabledDto,
  ): Promise<AutomationRuleEntity> {
    return this.automation.setEnabled(scope, id, body.enabled);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireModuleAccess('crm', 'admin')
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.automation.remove(scope, id);
  }
}
