import type { BackgroundJob } from '../jobs';
import type { SettableForecastCategory } from './sales-forecast';
import type {
  ActivityStatus,
  ActivityType,
  AutomationActionType,
  AutomationEventType,
  AutomationModuleSource,
  BudgetRange,
  CampaignStatus,
  CompanySize,
  ContactStatus,
  CustomFieldType,
  DealStage,
  DealStatus,
  FilterSource,
  Industry,
  LeadSource,
  LeadStage,
  LeadStatus,
  QualificationStepStatus,
  Timeline,
  WorkflowActionType,
  WorkflowExecutionStatus,
  WorkflowTrigger,
} from './enums';
import type { OutboxMessageStatus } from '../mail';
import type { ScoringRuleCriterion } from './lead-score';

/**
 * Row and payload shapes of /api/crm (snake_case, as stored, as docs/product/crm.md and its pages name them). Timestamps
 * are ISO strings; amounts are numbers (the API converts PostgreSQL numeric).
 */

/** Every CRM row: the institution (null for personal rows) and the user who owns it. */
export interface CrmOwnedRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
  limit: number;
  offset: number;
}

export interface QualificationData {
  demographic: number;
  behavioral: number;
  firmographic: number;
  intent: number;
  total: number;
}

export interface Lead extends CrmOwnedRow {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  position: string | null;
  lead_source: LeadSource | null;
  source: FilterSource | null;
  website: string | null;
  industry: Industry | null;
  company_size: CompanySize | null;
  budget_range: BudgetRange | null;
  timeline: Timeline | null;
  pain_points: string | null;
  notes: string | null;
  stage: LeadStage;
  status: LeadStatus;
  lead_score: number;
  qualification_score: number | null;
  qualification_data: QualificationData | null;
}

export interface CreateLeadInput {
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  company?: string;
  position?: string;
  lead_source?: LeadSource;
  source?: FilterSource;
  website?: string;
  industry?: Industry;
  company_size?: CompanySize;
  budget_range?: BudgetRange;
  timeline?: Timeline;
  pain_points?: string;
  notes?: string;
  stage?: LeadStage;
  status?: LeadStatus;
  lead_score?: number;
}
export type UpdateLeadInput = Partial<CreateLeadInput>;

export interface LeadListQuery {
  stage?: LeadStage;
  source?: string;
  min_score?: number;
  max_score?: number;
  limit?: number;
  offset?: number;
}

/** POST /api/crm/leads/capture: the capture form; the server re-checks the score. */
export interface CaptureLeadInput extends CreateLeadInput {
  email: string;
}

export interface CaptureLeadResult {
  lead: Lead;
  score: {
    demographic: number;
    formCompletion: number;
    companyProfile: number;
    intent: number;
    total: number;
    badge: string;
  };
  /** What the server did: assigned owner, created task activity ids. */
  actions: {
    assigned_owner_id: string | null;
    nurture_activity_id: string | null;
    call_activity_id: string | null;
  };
  message: string;
}

export interface LeadScoreResult {
  lead_id: string;
  lead_score: number;
}

/** One Refresh Scores over the whole scope, run in the background. */
export interface LeadScoreRun extends BackgroundJob {
  /** Leads scored, once completed. */
  updated: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface Contact extends CrmOwnedRow {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  /** The company the contact works at (docs/product/companies.md); `company` then holds its name. */
  company_id: string | null;
  title: string | null;
  status: ContactStatus;
  lead_source: string | null;
  tags: string[];
  /** Set when the contact unsubscribed through a campaign e-mail: later campaigns skip them. */
  unsubscribed_at?: string | null;
}

export interface ContactCustomField {
  id: string;
  contact_id: string;
  field_name: string;
  field_value: string | null;
  field_type: CustomFieldType;
}

export interface ContactWithCustomFields extends Contact {
  custom_fields: ContactCustomField[];
}

export interface CustomFieldInput {
  field_name: string;
  field_value: string | null;
  field_type: CustomFieldType;
}

export interface CreateContactInput {
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  company?: string;
  /** Links the contact to a company; its name becomes the contact's `company`. `null` unlinks. */
  company_id?: string | null;
  title?: string;
  status?: ContactStatus;
  lead_source?: string;
  tags?: string[];
  custom_fields?: CustomFieldInput[];
}

/** A contact's edit (docs/product/contacts.md#editing-a-contact): any field; `null` clears an optional one. */
export type UpdateContactInput = {
  [K in keyof CreateContactInput]?: K extends 'first_name' | 'last_name' | 'custom_fields' | 'tags' | 'status'
    ? CreateContactInput[K]
    : CreateContactInput[K] | null;
};

export interface ContactSearchQuery {
  q?: string;
  status?: ContactStatus;
  lead_source?: string;
  /** Contacts carrying all of these tags. */
  tags?: string[];
  limit?: number;
  offset?: number;
}

/** An automation rule that fired on an event, and what it did. */
export interface FiredAutomationRule {
  rule_id: string;
  actions: AutomationActionType[];
}

export interface MoveContactResult {
  contact: Contact;
  activity_id: string;
  rules_fired: FiredAutomationRule[];
}

export interface Deal extends CrmOwnedRow {
  name: string;
  title: string | null;
  description: string | null;
  amount: number;
  currency: string;
  probability: number | null;
  stage: DealStage;
  status: DealStatus;
  /** The deal's company (docs/product/companies.md#consistency). */
  company_id: string | null;
  /** The spec's name for the same link: always equal to `company_id` (read only). */
  account_id: string | null;
  contact_id: string | null;
  expected_close_date: string | null;
  lead_source: string | null;
  closed_at: string | null;
  /** The owner's forecast category (docs/product/forecast.md); null: pipeline. Set through its own route. */
  forecast_category: SettableForecastCategory | null;
  /** Optimistic concurrency: send it back on update; a stale one answers 409. */
  version: number;
}

export interface CreateDealInput {
  name: string;
  title?: string;
  description?: string;
  amount?: number;
  currency?: string;
  probability?: number;
  stage?: DealStage;
  /** The deal's company; when left out it follows the contact's company. `null` unlinks. */
  company_id?: string | null;
  contact_id?: string;
  expected_close_date?: string;
  lead_source?: string;
}
export type UpdateDealInput = Partial<CreateDealInput> & { version?: number };

export interface Activity {
  id: string;
  org_id: string | null;
  owner_id: string;
  contact_id: string | null;
  deal_id: string | null;
  lead_id: string | null;
  campaign_id: string | null;
  type: ActivityType;
  subject: string;
  description: string | null;
  status: ActivityStatus;
  due_date: string | null;
  completed_at: string | null;
  created_at: string;
}

export interface CreateActivityInput {
  type: ActivityType;
  subject: string;
  description?: string;
  status?: ActivityStatus;
  due_date?: string;
  contact_id?: string;
  deal_id?: string;
  lead_id?: string;
}

/**
 * Which contacts a campaign goes to: any of the statuses, any of the lead sources, all of the
 * tags; empty means every contact with an email. `status` and `lead_source` (one value) are how
 * campaigns were written before the lists; both are still honoured.
 */
export interface CampaignAudience {
  statuses?: ContactStatus[];
  lead_sources?: string[];
  tags?: string[];
  status?: ContactStatus;
  lead_source?: string;
}

export interface EmailCampaign extends CrmOwnedRow {
  name: string;
  subject: string;
  body: string | null;
  status: CampaignStatus;
  audience: CampaignAudience;
  /** When every message had been handed over (docs/product/campaigns.md: status sent, sent_at, recipient count). */
  sent_at: string | null;
  recipients_count: number;
  send_requested_at: string | null;
  send_requested_by: string | null;
  /** Recipients found when the audience was resolved; null until then. */
  delivery_total: number | null;
  /** When the last message had been queued. */
  delivery_queued_at: string | null;
  /** Why queuing the messages failed last, while it is being retried. */
  delivery_error: string | null;
  /** When a scheduled campaign is sent (status `scheduled`); null otherwise. */
  send_at: string | null;
}

export interface CreateCampaignInput {
  name: string;
  subject: string;
  body?: string;
  audience?: CampaignAudience;
  /** Only `draft`: a campaign is scheduled or sent through its own actions. */
  status?: Extract<CampaignStatus, 'draft'>;
}

/** One recipient of a campaign and how their message went. */
export interface CampaignRecipient {
  message_id: string;
  contact_id: string | null;
  name: string | null;
  email: string;
  status: OutboxMessageStatus;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  unsubscribed_at: string | null;
}

/**
 * A campaign's delivery as the queue sees it, for a progress view that survives a reload:
 * `total` is known once the audience has been resolved (null before).
 */
export interface CampaignDelivery {
  campaign_id: string;
  status: CampaignStatus;
  requested_at: string | null;
  completed_at: string | null;
  total: number | null;
  queued: number;
  sent: number;
  failed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  error: string | null;
  recipients: CampaignRecipient[];
  /** Recipients matching the list's filter, for paging. */
  recipients_total: number;
  limit: number;
  offset: number;
}

export interface AutomationAction {
  type: AutomationActionType;
  /** create_deal: name, amount; create_task: subject, due_in_days; send_email: subject, body. */
  config?: Record<string, string | number | boolean | null>;
}

export interface AutomationConditions {
  event_type: AutomationEventType;
  stage_change?: { to_stage: string; from_stage?: string };
}

export interface AutomationRule extends CrmOwnedRow {
  name: string;
  description: string | null;
  module_source: AutomationModuleSource;
  enabled: boolean;
  conditions_json: AutomationConditions;
  actions_json: AutomationAction[];
  execution_count: number;
  last_executed_at: string | null;
}

export interface AutomationRuleRun {
  id: string;
  rule_id: string;
  contact_id: string | null;
  event: Record<string, unknown>;
  actions_performed: Array<{ type: AutomationActionType; record_id: string | null }>;
  status: 'succeeded' | 'failed';
  /** What each action did, or why the run did nothing; null for runs recorded before it was kept. */
  message: string | null;
  created_at: string;
}

export interface ScoringRule extends CrmOwnedRow {
  name: string;
  description: string | null;
  condition: string;
  criterion: ScoringRuleCriterion | null;
  points: number;
  active: boolean;
  built_in: boolean;
}

export interface WorkflowAction {
  type: WorkflowActionType;
  config?: Record<string, string | number | boolean | null>;
}

export interface AutomationWorkflow extends CrmOwnedRow {
  name: string;
  description: string | null;
  trigger: WorkflowTrigger;
  trigger_config: Record<string, string | number | boolean | null>;
  actions: WorkflowAction[];
  active: boolean;
  execution_count: number;
  last_executed_at: string | null;
}

export interface WorkflowExecution {
  id: string;
  workflow_id: string;
  lead_id: string | null;
  /** The event that triggered the run (`open:<message id>` for an opened e-mail). */
  event_key?: string | null;
  status: WorkflowExecutionStatus;
  message: string | null;
  executed_at: string;
}

export interface SegmentCriteria {
  min_score?: number;
  max_score?: number;
  stage?: LeadStage;
  lead_source?: LeadSource;
}

export interface Segment extends CrmOwnedRow {
  name: string;
  description: string | null;
  criteria: SegmentCriteria;
  /** The stored baseline (the sample counts of docs/product/leads.md#segments). */
  lead_count: number;
  /** Leads in scope matching the criteria now. */
  live_count: number;
  colour: string;
}

export interface QualificationStep {
  id: string;
  name: string;
  description: string;
  status: QualificationStepStatus;
  completedAt: string | null;
  notes: string;
}

export interface LeadQualification {
  lead_id: string;
  steps: QualificationStep[];
  bant: { budget: boolean; authority: boolean; need: boolean; timing: boolean };
  bant_score: number;
  updated_at: string | null;
}

/**
 * GET /api/crm/analytics: counts, conversion and pipeline value go by deals created in the range;
 * revenue, won/lost counts, win rate and velocity by deals closed in it.
 */
export interface CrmAnalytics {
  start: string;
  end: string;
  revenue: number;
  previous_revenue: number;
  revenue_change_percent: number;
  conversion_rate: number;
  pipeline_value: number;
  win_rate: number;
  pipeline_velocity_days: number;
  deals_count: number;
  won_count: number;
  lost_count: number;
  contacts_count: number;
}

export interface CrmCharts {
  funnel: Array<{ stage: DealStage; label: string; count: number }>;
  leads_per_week: Array<{ week_start: string; count: number }>;
  /** Leads per lead source (docs/product/analytics.md#charts), biggest first; no source is `unknown`. */
  lead_sources: Array<{ source: string; count: number }>;
}

// ─── What the screens send: the API's DTOs implement these ────────────────────────────────────

/** GET /api/crm/deals. */
export interface DealListFilters {
  stage?: DealStage;
  owner_id?: string;
}

/** GET /api/crm/activities: a scope's activities, optionally of one contact, deal or lead. */
export interface ActivityListFilters {
  contact_id?: string;
  deal_id?: string;
  lead_id?: string;
  status?: ActivityStatus;
  limit?: number;
  offset?: number;
}

/** GET /api/crm/email-campaigns/:id/delivery. */
export interface CampaignDeliveryParams {
  status?: OutboxMessageStatus;
  limit?: number;
  offset?: number;
}

/** POST /api/crm/scoring-rules. */
export interface CreateScoringRuleInput {
  name: string;
  description?: string;
  condition?: string;
  criterion?: ScoringRuleCriterion | null;
  points: number;
  active?: boolean;
}

/** POST /api/crm/workflows. */
export interface CreateWorkflowInput {
  name: string;
  description?: string;
  trigger: WorkflowTrigger;
  trigger_config?: Record<string, string | number | boolean | null>;
  actions?: WorkflowAction[];
  active?: boolean;
}

/** PUT /api/crm/leads/:id/qualification. */
export interface SaveQualificationInput {
  steps?: Array<{ id: string; status: QualificationStepStatus; notes?: string }>;
  bant?: LeadQualification['bant'];
}
