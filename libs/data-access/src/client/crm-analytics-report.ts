import type {
  AnalyticsPeriod,
  DealStage,
  FilterSegment,
  FilterSource,
  LeadStage,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export interface ForecastPoint {
  month: string;
  value: number;
}

/** GET /api/crm-insights/analytics?period= (spec §2.7). */
export interface CrmReport {
  period: AnalyticsPeriod;
  start: string;
  end: string;
  tiles: {
    revenue: number;
    previous_revenue: number;
    revenue_change_percent: number;
    conversion_rate: number;
    pipeline_velocity_days: number;
    win_rate: number;
    deals_count: number;
    /** Of the deals created in the period, those won (the conversion rate's numerator). */
    won_created_count: number;
    /** Deals won (closed) in the period. */
    won_count: number;
    lost_count: number;
    leads_count: number;
  };
  trends: Array<{ start: string; revenue: number; leads: number; deals: number }>;
  pipeline: {
    by_stage: Array<{ stage: DealStage; label: string; count: number; amount: number }>;
    by_source: Array<{ source: string; deals: number; won: number; conversion_rate: number }>;
  };
  performance: {
    top_performers: Array<{
      owner_id: string;
      name: string;
      deals: number;
      won: number;
      won_revenue: number;
      win_rate: number;
    }>;
    activity_breakdown: Array<{ type: string; count: number }>;
  };
  forecast: {
    method: string;
    history: ForecastPoint[];
    projection: ForecastPoint[];
    next_quarter_projection: number;
    last_quarter_actual: number;
    growth_rate_percent: number;
    confidence_percent: number;
    slope_per_month: number;
  };
}

export type CrmInsightKind = 'stalled_deal' | 'uncontacted_lead' | 'overdue_deal';

/** GET /api/crm-insights/insights: rules over the data, each pointing at its record. */
export interface CrmInsights {
  generated_at: string;
  stale_days: number;
  counts: Record<CrmInsightKind, number>;
  insights: Array<{
    id: string;
    kind: CrmInsightKind;
    severity: 'high' | 'medium';
    title: string;
    detail: string;
    record: { type: 'deal' | 'lead'; id: string; name: string };
    days: number;
    amount: number | null;
  }>;
}

/** The Enhanced CRM page's filters; the report narrows deals and leads by them. */
export interface CrmReportFilters {
  segment?: FilterSegment;
  source?: FilterSource;
  stage?: LeadStage;
}

export function fetchCrmReport(
  institutionId: string | null,
  period: AnalyticsPeriod,
  filters: CrmReportFilters = {},
  signal?: AbortSignal,
) {
  return apiFetch<CrmReport>('/api/crm-insights/analytics', {
    institutionId,
    query: { period, ...filters },
    signal,
  });
}

export function fetchCrmInsights(
  institutionId: string | null,
  staleDays: number,
  filters: CrmReportFilters = {},
  signal?: AbortSignal,
) {
  return apiFetch<CrmInsights>('/api/crm-insights/insights', {
    institutionId,
    query: { stale_days: staleDays, ...filters },
    signal,
  });
}
