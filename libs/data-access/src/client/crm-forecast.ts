import type {
  CreateGoalInput,
  Deal,
  SalesForecast,
  SalesGoal,
  SettableForecastCategory,
  UpdateGoalInput,
} from '@tessera/data-access/contracts';
import { type ApiFile, apiDownload, apiFetch } from './api-fetch';

/** GET /api/crm/forecast: open deals by expected close month and owner (docs/product/forecast.md). */
export function fetchSalesForecast(
  institutionId: string | null,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<SalesForecast> {
  return apiFetch<SalesForecast>('/api/crm/forecast', { institutionId, signal, query: range });
}

/** The forecast's CSV, named by the server. */
export function downloadSalesForecastCsv(
  institutionId: string | null,
  range: { from: string; to: string },
): Promise<ApiFile> {
  return apiDownload('/api/crm/forecast/export.csv', { institutionId, query: range, accept: 'text/csv' });
}

/** The owner's forecast category of an open deal; answers the deal. */
export function setDealForecastCategory(
  institutionId: string | null,
  dealId: string,
  category: SettableForecastCategory,
): Promise<Deal> {
  return apiFetch<Deal>(`/api/crm/deals/${encodeURIComponent(dealId)}/forecast-category`, {
    method: 'PUT',
    institutionId,
    body: { forecast_category: category },
  });
}

/** Goals with their progress; `current` keeps those whose period is under way. */
export function fetchSalesGoals(
  institutionId: string | null,
  options: { current?: boolean } = {},
  signal?: AbortSignal,
): Promise<SalesGoal[]> {
  return apiFetch<SalesGoal[]>('/api/crm/goals', {
    institutionId,
    signal,
    query: { current: options.current ? true : undefined },
  });
}

export function createSalesGoal(institutionId: string | null, input: CreateGoalInput): Promise<SalesGoal> {
  return apiFetch<SalesGoal>('/api/crm/goals', { method: 'POST', institutionId, body: input });
}

export function updateSalesGoal(
  institutionId: string | null,
  id: string,
  input: UpdateGoalInput,
): Promise<SalesGoal> {
  return apiFetch<SalesGoal>(`/api/crm/goals/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: input,
  });
}

export function deleteSalesGoal(institutionId: string | null, id: string): Promise<void> {
  return apiFetch<void>(`/api/crm/goals/${encodeURIComponent(id)}`, { method: 'DELETE', institutionId });
}
