import type { AnalyticsPeriod, CrmAnalytics, CrmCharts } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Funnel by stage, leads per week (56 days) and contact sources (docs/product/analytics.md#charts). */
export function fetchCrmCharts(institutionId: string | null, signal?: AbortSignal): Promise<CrmCharts> {
  return apiFetch<CrmCharts>('/api/crm/analytics/charts', { institutionId, signal });
}

/** Analytics figures for a start–end range or one of the screen's periods. */
export function fetchCrmAnalyticsFigures(
  institutionId: string | null,
  range: { start: string; end: string } | { period: AnalyticsPeriod },
  signal?: AbortSignal,
): Promise<CrmAnalytics> {
  return apiFetch<CrmAnalytics>('/api/crm/analytics', { institutionId, signal, query: { ...range } });
}
