import { apiFetch } from './api-fetch';

/**
 * docs/product/analytics.md#formulas: "sales analytics: deals and contacts for a date range start to end". The dashboard
 * only reads the figures it recognises, so the body is kept as an open record.
 */
export type CrmAnalyticsSummary = Record<string, unknown>;

export function fetchCrmAnalytics(
  institutionId: string,
  start: string,
  end: string,
  signal?: AbortSignal,
): Promise<CrmAnalyticsSummary> {
  return apiFetch<CrmAnalyticsSummary>('/api/crm/analytics', {
    institutionId,
    query: { start, end },
    signal,
  });
}
