import { ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CreateScoringRuleDto, SetActiveDto, UpdateScoringRuleDto } from './dto/scoring-rule.dto';
import { ScoringRuleEntity } from './scoring-rule.entity';
import { ScoringRulesService } from './scoring-rules.service';

/** Scoring rules are configuration: read to see them, CRM admin to change them. */
@CrmApi('crm scoring rules')
@Controller('crm/scoring-rules')
export class ScoringRulesController {
  constructor(private readonly rules: ScoringRulesService) {}

  @Get()
  @ApiResponse({ status: 200, type: [ScoringRuleEntity] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<ScoringRuleEntity[]> {
    return this.rules.list(scope);
  }

  @Get(':id')
  @ApiResponse({ status: 200, type: ScoringRuleEntity })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<ScoringRuleEntity> {
    return this.rules.get(scope, id);
  }

  @Post()
  @ApiResponse({ status: 201, type: ScoringRuleEntity })
  @RequireModuleAccess('crm', 'admin')
  create(@Scope() scope: TenantScope, @Body() body: CreateScoringRuleDto): Promise<ScoringRuleEntity> {
    return this.rules.create(scope, body);
  }

  @Patch(':id')
  @ApiResponse({ status: 200, type: ScoringRuleEntity })
  @RequireModuleAccess('crm', 'admin')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateScoringRuleDto,
  ): Promise<ScoringRuleEntity> {
    return this.rules.update(scope, id, body);
  }

  @Patch(':id/active')
  @ApiResponse({ status: 200, type: ScoringRuleEntity })
  @RequireModuleAccess('crm', 'admin')
  setActive(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: SetActiveDto,
  ): Promise<ScoringRuleEntity> {
    return this.rules.setActive(scope, id, body.active);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireModuleAccess('crm', 'admin')
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.rules.remove(scope, id);
  }
}
