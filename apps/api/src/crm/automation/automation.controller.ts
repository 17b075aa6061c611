import { Body, Controller, Query } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import {
  CreatesCrmRow,
  CrmApi,
  ReadsCrm,
  RemovesCrmRow,
  RowId,
  UpdatesCrmRow,
} from '../common/crm-api.decorators';
import { AutomationRuleEntity } from './automation-rule.entity';
import { AutomationRuleRunEntity } from './automation-rule-run.entity';
import { AutomationService } from './automation.service';
import {
  AutomationRuleListQueryDto,
  CreateAutomationRuleDto,
  SetEnabledDto,
  UpdateAutomationRuleDto,
} from './dto/automation-rule.dto';

const CRM_ADMIN = RequireModuleAccess('crm', 'admin');

/** Automation rules are configuration: reading needs read, changing them needs CRM admin. */
@CrmApi('crm automation rules')
@Controller('crm/automation-rules')
export class AutomationController {
  constructor(private readonly automation: AutomationService) {}

  @ReadsCrm(undefined, [AutomationRuleEntity])
  list(
    @Scope() scope: TenantScope,
    @Query() query: AutomationRuleListQueryDto,
  ): Promise<AutomationRuleEntity[]> {
    return this.automation.list(scope, query.all ?? false);
  }

  @ReadsCrm(':id', AutomationRuleEntity)
  get(@Scope() scope: TenantScope, @RowId() id: string): Promise<AutomationRuleEntity> {
    return this.automation.get(scope, id);
  }

  @ReadsCrm(':id/runs', [AutomationRuleRunEntity])
  runs(@Scope() scope: TenantScope, @RowId() id: string): Promise<AutomationRuleRunEntity[]> {
    return this.automation.runs(scope, id);
  }

  @CreatesCrmRow(CRM_ADMIN, AutomationRuleEntity)
  create(@Scope() scope: TenantScope, @Body() body: CreateAutomationRuleDto): Promise<AutomationRuleEntity> {
    return this.automation.create(scope, body);
  }

  @UpdatesCrmRow(CRM_ADMIN, AutomationRuleEntity)
  update(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: UpdateAutomationRuleDto,
  ): Promise<AutomationRuleEntity> {
    return this.automation.update(scope, id, body);
  }

  @UpdatesCrmRow(CRM_ADMIN, AutomationRuleEntity, ':id/enabled')
  setEnabled(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: SetEnabledDto,
  ): Promise<AutomationRuleEntity> {
    return this.automation.setEnabled(scope, id, body.enabled);
  }

  @RemovesCrmRow(CRM_ADMIN)
  remove(@Scope() scope: TenantScope, @RowId() id: string): Promise<void> {
    return this.automation.remove(scope, id);
  }
}
