import type { AnalyticsPeriod, DealStage } from './enums';

/**
 * The CRM Analytics report (docs/product/analytics.md#crm-analytics) as GET /api/crm-insights/analytics answers it: one shape for
 * the API that computes it and the screens that draw it.
 */
export interface ForecastPoint {
  /** First day of the month, ISO date (YYYY-MM-01). */
  month: string;
  value: number;
}

export interface RevenueForecast {
  method: string;
  history: ForecastPoint[];
  projection: ForecastPoint[];
  next_quarter_projection: number;
  last_quarter_actual: number;
  growth_rate_percent: number;
  confidence_percent: number;
  slope_per_month: number;
}

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
    /** Of the deals created in the period, those won: the conversion rate's numerator. */
    won_created_count: number;
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
  forecast: RevenueForecast;
}
