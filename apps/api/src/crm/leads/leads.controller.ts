import { ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import type { LeadScoreResult, LeadScoreRun, Page } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { PageOf } from '../common/pagination.dto';
import {
  CaptureLeadDto,
  CreateLeadDto,
  HighScoringQueryDto,
  LeadListQueryDto,
  LeadStageParamDto,
  UpdateLeadDto,
} from './dto/lead.dto';
import { LeadEntity } from './lead.entity';
import { LeadScoreRunsService } from './lead-score-runs.service';
import { type CaptureLeadResponse, LeadsService } from './leads.service';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { CaptureLeadBody, LeadScoreResultBody, LeadScoreRunBody } from './lead.responses';

const LeadPage = PageOf(LeadEntity, 'LeadPage');

@CrmApi('crm leads')
@Controller('crm/leads')
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly scoreRuns: LeadScoreRunsService,
  ) {}

  @Get()
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: LeadPage })
  list(@Scope() scope: TenantScope, @Query() query: LeadListQueryDto): Promise<Page<LeadEntity>> {
    return this.leads.list(scope, query);
  }

  @Get('high-scoring')
  @ApiResponse({ status: 200, type: [LeadEntity] })
  @RequireModuleAccess('crm', 'read')
  highScoring(@Scope() scope: TenantScope, @Query() query: HighScoringQueryDto): Promise<LeadEntity[]> {
    return this.leads.highScoring(scope, query.min, query.limit);
  }

  @Get('stage/:stage')
  @ApiResponse({ status: 200, type: [LeadEntity] })
  @RequireModuleAccess('crm', 'read')
  byStage(@Scope() scope: TenantScope, @Param() params: LeadStageParamDto): Promise<LeadEntity[]> {
    return this.leads.byStage(scope, params.stage);
  }

  @Get(':id')
  @ApiResponse({ status: 200, type: LeadEntity })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<LeadEntity> {
    return this.leads.get(scope, id);
  }

  @Post()
  @ApiResponse({ status: 201, type: LeadEntity })
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateLeadDto): Promise<LeadEntity> {
    return this.leads.create(scope, body);
  }

  @Post('capture')
  @ApiCreatedResponse({ type: CaptureLeadBody })
  @RequireModuleAccess('crm', 'write')
  capture(@Scope() scope: TenantScope, @Body() body: CaptureLeadDto): Promise<CaptureLeadResponse> {
    return this.leads.capture(scope, body);
  }

  /** Refresh Scores: every lead in scope, as a job; answers with the run to follow. */
  @Post('score')
  @ApiAcceptedResponse({ type: LeadScoreRunBody })
  @HttpCode(202)
  @RequireModuleAccess('crm', 'write')
  refreshScores(@Scope() scope: TenantScope): Promise<LeadScoreRun> {
    return this.scoreRuns.start(scope);
  }

  @Get('score/:runId')
  @ApiOkResponse({ type: LeadScoreRunBody })
  @RequireModuleAccess('crm', 'read')
  scoreRun(@Scope() scope: TenantScope, @Param('runId', ParseUUIDPipe) runId: string): Promise<LeadScoreRun> {
    return this.scoreRuns.get(scope, runId);
  }

  @Post(':id/score')
  @ApiOkResponse({ type: LeadScoreResultBody })
  @HttpCode(200)
  @RequireModuleAccess('crm', 'write')
  score(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<LeadScoreResult> {
    return this.leads.score(scope, id);
  }

  @Patch(':id')
  @ApiResponse({ status: 200, type: LeadEntity })
  @RequireModuleAccess('crm', 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateLeadDto,
  ): Promise<LeadEntity> {
    return this.leads.update(scope, id, body);
  }
}
