/**
 * CRM enumerations (docs/product/leads.md#the-lead-record): one list each, used by the API's DTOs and CHECK
 * constraints and by the screens' selects, so the two can never disagree.
 */

/** Capture form (docs/product/leads.md#smart-lead-capture). */
export const INDUSTRIES = [
  'technology',
  'healthcare',
  'finance',
  'education',
  'retail',
  'manufacturing',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const BUDGET_RANGES = ['under_5k', '5k-10k', '10k-25k', '25k-50k', '50k+'] as const;
export type BudgetRange = (typeof BUDGET_RANGES)[number];

export const TIMELINES = ['immediate', '1-3_months', '3-6_months', '6-12_months', 'not_sure'] as const;
export type Timeline = (typeof TIMELINES)[number];

export const LEAD_SOURCES = [
  'website',
  'referral',
  'social_media',
  'email_campaign',
  'trade_show',
  'google_search',
  'other',
  'web_form',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Filter panel (docs/product/crm.md#filters). */
export const FILTER_SEGMENTS = ['hot', 'warm', 'cold'] as const;
export type FilterSegment = (typeof FILTER_SEGMENTS)[number];

export const FILTER_SOURCES = ['website', 'referral', 'social', 'cold_call', 'email'] as const;
export type FilterSource = (typeof FILTER_SOURCES)[number];

/** Lead stages (docs/product/leads.md#lead-stages); also the filter panel's stage list. */
export const LEAD_STAGES = [
  'new',
  'contacted',
  'qualified',
  'proposal',
  'negotiation',
  'won',
  'lost',
] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** The stage badge map also knows these two (docs/product/leads.md#lead-stages); they are never stored. */
export const LEAD_STAGE_BADGES = [...LEAD_STAGES, 'closed_won', 'closed_lost'] as const;

/** Capture sets new or qualified (docs/product/leads.md#smart-lead-capture); the rest are the screens' follow-ups. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'unqualified', 'converted'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Deal stages in pipeline order (docs/product/deals.md#deal-stages). A deal with no stage sits in prospecting. */
export const DEAL_STAGES = [
  'prospecting',
  'qualification',
  'proposal',
  'negotiation',
  'closed_won',
  'closed_lost',
] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  prospecting: 'Prospecting',
  qualification: 'Qualification',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
};

/** Stages whose deals are no longer in the pipeline (pipeline value: docs/product/analytics.md#formulas). */
export const CLOSED_DEAL_STAGES: readonly DealStage[] = ['closed_won', 'closed_lost'];

/** The funnel chart shows the first five stages (docs/product/analytics.md#charts). */
export const FUNNEL_DEAL_STAGES: readonly DealStage[] = DEAL_STAGES.slice(0, 5);

/** Open, won, or lost, which a closed_lost stage implies (docs/product/deals.md#the-deal-record). */
export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** The status a stage implies: closing a deal closes its status too. */
export function dealStatusForStage(stage: DealStage): DealStatus {
  if (stage === 'closed_won') return 'won';
  if (stage === 'closed_lost') return 'lost';
  return 'open';
}

/** How likely a deal at each stage is to close, in percent: what demo and generated deals carry. */
export const DEAL_STAGE_PROBABILITY: Record<DealStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 50,
  negotiation: 75,
  closed_won: 100,
  closed_lost: 0,
};

/** Stored by the CRM: email, task, stage_change; shown by the deal view: call, email, meeting, other. */
export const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'task', 'note', 'stage_change', 'other'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_STATUSES = ['pending', 'completed'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** A contact's status: active/inactive, or where a pipeline move put it (a lead stage). */
export const CONTACT_STATUSES = ['active', 'inactive', ...LEAD_STAGES] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Contacts come from the capture form or from the filter panel's wording. */
export const CONTACT_LEAD_SOURCES = [
  ...new Set<string>([...LEAD_SOURCES, ...FILTER_SOURCES]),
] as readonly string[];

export const CUSTOM_FIELD_TYPES = ['number', 'boolean', 'date', 'text'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/**
 * `sending`: the send was asked for and its messages are on their way; the campaign becomes
 * `sent` once every message has been handed over (docs/product/campaigns.md).
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const AUTOMATION_MODULE_SOURCES = ['crm', 'sales', 'marketing'] as const;
export type AutomationModuleSource = (typeof AUTOMATION_MODULE_SOURCES)[number];

/** `email_opened`: a contact opened a tracked e-mail for the first time. */
export const AUTOMATION_EVENT_TYPES = [
  'stage_change',
  'lead_created',
  'deal_created',
  'email_opened',
] as const;
export type AutomationEventType = (typeof AUTOMATION_EVENT_TYPES)[number];

/** What a rule can do when it fires (docs/product/automation.md#pipeline-moves). */
export const AUTOMATION_ACTION_TYPES = [
  'create_deal',
  'create_task',
  'send_email',
  'enroll_in_sequence',
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

/** Smart Leads workflows (docs/product/automation.md#smart-leads-workflows). */
export const WORKFLOW_TRIGGERS = [
  'lead_created',
  'score_threshold',
  'email_opened',
  'form_submitted',
] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];

export const WORKFLOW_TRIGGER_LABELS: Record<WorkflowTrigger, string> = {
  lead_created: 'New Lead Created',
  score_threshold: 'Score Threshold',
  email_opened: 'Email Opened',
  form_submitted: 'Form Submitted',
};

export const WORKFLOW_ACTION_TYPES = ['send_email', 'update_status', 'assign_sales_rep'] as const;
export type WorkflowActionType = (typeof WORKFLOW_ACTION_TYPES)[number];

export const WORKFLOW_EXECUTION_STATUSES = ['success', 'failed', 'skipped'] as const;
export type WorkflowExecutionStatus = (typeof WORKFLOW_EXECUTION_STATUSES)[number];

/** Lead qualification (docs/product/lead-qualification.md#qualification-workflow). */
export const QUALIFICATION_STEP_STATUSES = ['pending', 'in_progress', 'completed', 'skipped'] as const;
export type QualificationStepStatus = (typeof QUALIFICATION_STEP_STATUSES)[number];

export const QUALIFICATION_STEPS = [
  { id: 'initial_contact', name: 'Initial Contact' },
  { id: 'discovery_call', name: 'Discovery Call' },
  { id: 'bant_qualification', name: 'BANT Qualification' },
  { id: 'demo_proposal', name: 'Demo/Proposal' },
  { id: 'decision_review', name: 'Decision Review' },
] as const;

export const BANT_CRITERIA = ['budget', 'authority', 'need', 'timing'] as const;
export type BantCriterion = (typeof BANT_CRITERIA)[number];

/** Analytics period select (docs/product/analytics.md#crm-analytics). */
export const ANALYTICS_PERIODS = ['last_7_days', 'last_30_days', 'last_90_days', 'last_year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 'last_30_days';
