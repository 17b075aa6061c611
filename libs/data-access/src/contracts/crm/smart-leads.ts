/** Smart Leads (docs/product/leads.md, docs/product/lead-scoring.md#smart-lead-scoring-panel): what GET /api/crm-insights/* answers, for the API and the screens. */
import type { FilterSegment, FilterSource, LeadStage, WorkflowExecutionStatus } from './enums';
import type { ScoreBand } from './lead-score';
import type { CaptureLeadResult, Lead } from './types';

/** One row of the Smart Leads list: the lead and its local score (docs/product/lead-scoring.md#local-smart-leads-score) with its band. */
export interface SmartLead
  extends Pick<
    Lead,
    | 'id'
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'phone'
    | 'company'
    | 'position'
    | 'lead_source'
    | 'source'
    | 'stage'
    | 'status'
    | 'lead_score'
    | 'created_at'
  > {
  smart_score: number;
  band: ScoreBand;
}

/** The Smart Leads list's search and filters. */
export interface SmartLeadsParams {
  q?: string;
  band?: ScoreBand;
  segment?: FilterSegment;
  source?: FilterSource;
  stage?: LeadStage;
  limit?: number;
}

/** GET /api/crm-insights/smart-leads (docs/product/leads.md#smart-leads). */
export interface SmartLeadsSummary {
  /** True when this call created the starting rules, workflows and segments. */
  provisioned: boolean;
  total_leads: number;
  high_score_leads: number;
  active_workflows: number;
  won_leads: number;
  /** Won ÷ total leads × 100, one decimal. */
  conversion_rate: number;
  bands: Record<ScoreBand, number>;
  matching: number;
  leads: SmartLead[];
}

/** GET /api/crm-insights/lead-overview (docs/product/lead-scoring.md#smart-lead-scoring-panel). */
export interface LeadOverview {
  total_leads: number;
  high_score_leads: number;
  deals_count: number;
  won_deals: number;
  conversion_rate: number;
  pipeline_value: number;
}

/** What one Smart Leads workflow did for a lead event. */
export interface WorkflowRunResult {
  workflow_id: string;
  name: string;
  status: WorkflowExecutionStatus;
  message: string;
}

/** POST /api/crm-insights/capture (docs/product/leads.md#smart-lead-capture): the captured lead and the workflows that ran for it. */
export type CaptureWithWorkflowsResult = CaptureLeadResult & { workflows: WorkflowRunResult[] };
