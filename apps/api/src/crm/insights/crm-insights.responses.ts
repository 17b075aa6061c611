import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type CrmCharts,
  type CrmAnalytics,
  type CrmInsight,
  type CrmInsightKind,
  type CrmInsights,
  type CrmReport,
  DEAL_STAGES,
  type DealStage,
  type ForecastPoint,
  type LeadOverview,
  type RevenueForecast,
  type ScoreBand,
  type SmartLead,
  type SmartLeadsSummary,
  WORKFLOW_EXECUTION_STATUSES,
  type WorkflowExecutionStatus,
  type WorkflowRunResult,
} from '@tessera/data-access/contracts';
import { LeadEntity } from '../leads/lead.entity';
import { CaptureLeadBody } from '../leads/lead.responses';

type CrmReportTiles = CrmReport['tiles'];
type CrmReportPipeline = CrmReport['pipeline'];
type CrmReportPerformance = CrmReport['performance'];

const SCORE_BANDS: readonly ScoreBand[] = ['high', 'medium', 'low'];
const INSIGHT_KINDS: readonly CrmInsightKind[] = ['stalled_deal', 'uncontacted_lead', 'overdue_deal'];

/** A JSON object whose keys are the given names, each a number. */
const countsBy = (keys: readonly string[]) => ({
  type: 'object' as const,
  properties: Object.fromEntries(keys.map((key) => [key, { type: 'number' as const }])),
  required: [...keys],
  additionalProperties: false,
});

class SmartLeadScore {
  @ApiProperty()
  smart_score!: number;

  @ApiProperty({ enum: SCORE_BANDS })
  band!: ScoreBand;
}

export class SmartLeadBody
  extends IntersectionType(
    PickType(LeadEntity, [
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'company',
      'position',
      'lead_source',
      'source',
      'stage',
      'status',
      'lead_score',
      'created_at',
    ] as const),
    SmartLeadScore,
  )
  implements Omit<SmartLead, 'created_at'> {}

export class SmartLeadsSummaryBody implements Omit<SmartLeadsSummary, 'leads'> {
  @ApiProperty({ description: 'True when this call created the starting rules, workflows and segments' })
  provisioned!: boolean;

  @ApiProperty()
  total_leads!: number;

  @ApiProperty()
  high_score_leads!: number;

  @ApiProperty()
  active_workflows!: number;

  @ApiProperty()
  won_leads!: number;

  @ApiProperty()
  conversion_rate!: number;

  @ApiProperty(countsBy(SCORE_BANDS))
  bands!: Record<ScoreBand, number>;

  @ApiProperty()
  matching!: number;

  @ApiProperty({ type: [SmartLeadBody] })
  leads!: SmartLeadBody[];
}

export class LeadOverviewBody implements LeadOverview {
  @ApiProperty()
  total_leads!: number;

  @ApiProperty()
  high_score_leads!: number;

  @ApiProperty()
  deals_count!: number;

  @ApiProperty()
  won_deals!: number;

  @ApiProperty()
  conversion_rate!: number;

  @ApiProperty()
  pipeline_value!: number;
}

class ReportTilesBody implements CrmReportTiles {
  @ApiProperty() revenue!: number;
  @ApiProperty() previous_revenue!: number;
  @ApiProperty() revenue_change_percent!: number;
  @ApiProperty() conversion_rate!: number;
  @ApiProperty() pipeline_velocity_days!: number;
  @ApiProperty() win_rate!: number;
  @ApiProperty() deals_count!: number;
  @ApiProperty() won_created_count!: number;
  @ApiProperty() won_count!: number;
  @ApiProperty() lost_count!: number;
  @ApiProperty() leads_count!: number;
}

class ReportTrendBody {
  @ApiProperty({ format: 'date-time' }) start!: string;
  @ApiProperty() revenue!: number;
  @ApiProperty() leads!: number;
  @ApiProperty() deals!: number;
}

class StageTotalBody {
  @ApiProperty({ enum: DEAL_STAGES }) stage!: DealStage;
  @ApiProperty() label!: string;
  @ApiProperty() count!: number;
  @ApiProperty() amount!: number;
}

class SourceConversionBody {
  @ApiProperty() source!: string;
  @ApiProperty() deals!: number;
  @ApiProperty() won!: number;
  @ApiProperty() conversion_rate!: number;
}

class ReportPipelineBody implements CrmReportPipeline {
  @ApiProperty({ type: [StageTotalBody] }) by_stage!: StageTotalBody[];
  @ApiProperty({ type: [SourceConversionBody] }) by_source!: SourceConversionBody[];
}

class TopPerformerBody {
  @ApiProperty() owner_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() deals!: number;
  @ApiProperty() won!: number;
  @ApiProperty() won_revenue!: number;
  @ApiProperty() win_rate!: number;
}

class ActivityCountBody {
  @ApiProperty() type!: string;
  @ApiProperty() count!: number;
}

class ReportPerformanceBody implements CrmReportPerformance {
  @ApiProperty({ type: [TopPerformerBody] }) top_performers!: TopPerformerBody[];
  @ApiProperty({ type: [ActivityCountBody] }) activity_breakdown!: ActivityCountBody[];
}

class ForecastPointBody implements ForecastPoint {
  @ApiProperty({ format: 'date', description: 'First day of the month' }) month!: string;
  @ApiProperty() value!: number;
}

class RevenueForecastBody implements RevenueForecast {
  @ApiProperty() method!: string;
  @ApiProperty({ type: [ForecastPointBody] }) history!: ForecastPointBody[];
  @ApiProperty({ type: [ForecastPointBody] }) projection!: ForecastPointBody[];
  @ApiProperty() next_quarter_projection!: number;
  @ApiProperty() last_quarter_actual!: number;
  @ApiProperty() growth_rate_percent!: number;
  @ApiProperty() confidence_percent!: number;
  @ApiProperty() slope_per_month!: number;
}

export class CrmReportBody implements CrmReport {
  @ApiProperty({ enum: ANALYTICS_PERIODS }) period!: AnalyticsPeriod;
  @ApiProperty({ format: 'date-time' }) start!: string;
  @ApiProperty({ format: 'date-time' }) end!: string;
  @ApiProperty({ type: ReportTilesBody }) tiles!: ReportTilesBody;
  @ApiProperty({ type: [ReportTrendBody] }) trends!: ReportTrendBody[];
  @ApiProperty({ type: ReportPipelineBody }) pipeline!: ReportPipelineBody;
  @ApiProperty({ type: ReportPerformanceBody }) performance!: ReportPerformanceBody;
  @ApiProperty({ type: RevenueForecastBody }) forecast!: RevenueForecastBody;
}

class InsightRecordBody {
  @ApiProperty({ enum: ['deal', 'lead'] }) type!: 'deal' | 'lead';
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
}

class CrmInsightBody implements CrmInsight {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: INSIGHT_KINDS }) kind!: CrmInsightKind;
  @ApiProperty({ enum: ['high', 'medium'] }) severity!: 'high' | 'medium';
  @ApiProperty() title!: string;
  @ApiProperty() detail!: string;
  @ApiProperty({ type: InsightRecordBody }) record!: InsightRecordBody;
  @ApiProperty() days!: number;
  @ApiProperty({ type: Number, nullable: true }) amount!: number | null;
}

export class CrmInsightsBody implements CrmInsights {
  @ApiProperty({ format: 'date-time' }) generated_at!: string;
  @ApiProperty() stale_days!: number;
  @ApiProperty(countsBy(INSIGHT_KINDS)) counts!: Record<CrmInsightKind, number>;
  @ApiProperty({ type: [CrmInsightBody] }) insights!: CrmInsightBody[];
}

class WorkflowRunResultBody implements WorkflowRunResult {
  @ApiProperty({ format: 'uuid' }) workflow_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: WORKFLOW_EXECUTION_STATUSES }) status!: WorkflowExecutionStatus;
  @ApiProperty() message!: string;
}

class CapturedWorkflows {
  @ApiProperty({ type: [WorkflowRunResultBody] }) workflows!: WorkflowRunResultBody[];
}

/** A captured lead and what the institution's active lead workflows did with it. */
export class CaptureWithWorkflowsBody extends IntersectionType(CaptureLeadBody, CapturedWorkflows) {}

export class CrmAnalyticsBody implements CrmAnalytics {
  @ApiProperty() start!: string;
  @ApiProperty() end!: string;
  @ApiProperty() revenue!: number;
  @ApiProperty() previous_revenue!: number;
  @ApiProperty() revenue_change_percent!: number;
  @ApiProperty() conversion_rate!: number;
  @ApiProperty() pipeline_value!: number;
  @ApiProperty() win_rate!: number;
  @ApiProperty() pipeline_velocity_days!: number;
  @ApiProperty() deals_count!: number;
  @ApiProperty() won_count!: number;
  @ApiProperty() lost_count!: number;
  @ApiProperty() contacts_count!: number;
}

class FunnelStageBody {
  @ApiProperty({ enum: DEAL_STAGES }) stage!: DealStage;
  @ApiProperty() label!: string;
  @ApiProperty() count!: number;
}

class WeekCountBody {
  @ApiProperty() week_start!: string;
  @ApiProperty() count!: number;
}

class SourceCountBody {
  @ApiProperty() source!: string;
  @ApiProperty() count!: number;
}

export class CrmChartsBody implements CrmCharts {
  @ApiProperty({ type: [FunnelStageBody] }) funnel!: FunnelStageBody[];
  @ApiProperty({ type: [WeekCountBody] }) leads_per_week!: WeekCountBody[];
  @ApiProperty({ type: [SourceCountBody] }) lead_sources!: SourceCountBody[];
}
