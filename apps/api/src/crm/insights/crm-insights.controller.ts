import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import type {
  CrmInsights,
  CrmReport,
  LeadOverview,
  SmartLeadsSummary,
  WorkflowRunResult,
} from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CaptureLeadDto } from '../leads/dto/lead.dto';
import { type CaptureLeadResponse, LeadsService } from '../leads/leads.service';
import { AiInsightsService } from './ai-insights.service';
import { CrmReportService } from './crm-report.service';
import { crmFilters, InsightsQueryDto, ReportQueryDto, SmartLeadsQueryDto } from './dto/crm-insights.dto';
import { SmartLeadsService } from './smart-leads.service';
import { WorkflowRunnerService } from '../workflows/workflow-runner.service';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import {
  CaptureWithWorkflowsBody,
  CrmInsightsBody,
  CrmReportBody,
  LeadOverviewBody,
  SmartLeadsSummaryBody,
} from './crm-insights.responses';

@CrmApi('crm insights')
@Controller('crm-insights')
export class CrmInsightsController {
  constructor(
    private readonly smartLeads: SmartLeadsService,
    private readonly report: CrmReportService,
    private readonly aiInsights: AiInsightsService,
    private readonly leads: LeadsService,
    private readonly workflows: WorkflowRunnerService,
  ) {}

  /** Smart Leads (docs/product/leads.md#smart-leads): tiles, band counts and the first matching leads by local score. */
  @Get('smart-leads')
  @ApiOkResponse({ type: SmartLeadsSummaryBody })
  @RequireModuleAccess('crm', 'read')
  smartLeadsSummary(
    @Scope() scope: TenantScope,
    @Query() query: SmartLeadsQueryDto,
  ): Promise<SmartLeadsSummary> {
    return this.smartLeads.summary(scope, query);
  }

  /** The Smart Lead Scoring panel's cards (docs/product/lead-scoring.md#smart-lead-scoring-panel). */
  @Get('lead-overview')
  @ApiOkResponse({ type: LeadOverviewBody })
  @RequireModuleAccess('crm', 'read')
  leadOverview(@Scope() scope: TenantScope): Promise<LeadOverview> {
    return this.smartLeads.overview(scope);
  }

  /** CRM Analytics for a period (docs/product/analytics.md#crm-analytics). */
  @Get('analytics')
  @ApiOkResponse({ type: CrmReportBody })
  @RequireModuleAccess('crm', 'read')
  analytics(@Scope() scope: TenantScope, @Query() query: ReportQueryDto): Promise<CrmReport> {
    return this.report.report(scope, query.period, crmFilters(query));
  }

  /** AI Insights: stalled deals, uncontacted high-score leads, overdue deals. */
  @Get('insights')
  @ApiOkResponse({ type: CrmInsightsBody })
  @RequireModuleAccess('crm', 'read')
  insights(@Scope() scope: TenantScope, @Query() query: InsightsQueryDto): Promise<CrmInsights> {
    return this.aiInsights.insights(scope, query.stale_days, crmFilters(query));
  }

  /**
   * Smart Lead Capture (docs/product/leads.md#smart-lead-capture): the lead is stored with its auto actions by the leads
   * service, then the scope's Smart Leads workflows run for it (their executions are View Logs).
   */
  @Post('capture')
  @ApiCreatedResponse({ type: CaptureWithWorkflowsBody })
  @RequireModuleAccess('crm', 'write')
  async capture(
    @Scope() scope: TenantScope,
    @Body() body: CaptureLeadDto,
  ): Promise<CaptureLeadResponse & { workflows: WorkflowRunResult[] }> {
    await this.smartLeads.ensureDefaults(scope);
    const captured = await this.leads.capture(scope, body);
    const workflows = await this.workflows.onLeadCaptured(scope, captured.lead.id);
    return { ...captured, workflows };
  }
}
