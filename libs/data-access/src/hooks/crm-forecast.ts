import {
  createSalesGoal,
  deleteSalesGoal,
  downloadSalesForecastCsv,
  fetchSalesForecast,
  fetchSalesGoals,
  setDealForecastCategory,
} from '@tessera/data-access/client';
import type { CreateGoalInput, SettableForecastCategory } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentInstitutionId } from './current-institution';
import { storeDeal } from './crm-deals';
import { scopeKey } from './query-keys';

/** Forecast and goal keys start with the institution id (libs/data-access/README.md). */
export const forecastKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'forecast'] as const,
  range: (institutionId: string | null, from: string, to: string) =>
    [scopeKey(institutionId), 'crm', 'forecast', from, to] as const,
  goals: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'goals'] as const,
  goalList: (institutionId: string | null, current: boolean) =>
    [scopeKey(institutionId), 'crm', 'goals', current ? 'current' : 'all'] as const,
};

export function salesForecastQueryOptions(institutionId: string | null, from: string, to: string) {
  return queryOptions({
    queryKey: forecastKeys.range(institutionId, from, to),
    queryFn: ({ signal }) => fetchSalesForecast(institutionId, { from, to }, signal),
    staleTime: 30_000,
  });
}

export function useSalesForecast(from: string, to: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(salesForecastQueryOptions(institutionId, from, to));
}

/** The forecast's CSV for a range, in the current institution (a link cannot carry its header). */
export function useDownloadSalesForecastCsv() {
  const institutionId = useCurrentInstitutionId();
  return useMutation({
    mutationFn: (range: { from: string; to: string }) => downloadSalesForecastCsv(institutionId, range),
  });
}

/** Sets a deal's category; the forecast and the deal's caches follow the server's answer. */
export function useSetForecastCategory() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, category }: { dealId: string; category: SettableForecastCategory }) =>
      setDealForecastCategory(institutionId, dealId, category),
    onSuccess: (deal) => {
      storeDeal(client, institutionId, deal);
      void client.invalidateQueries({ queryKey: forecastKeys.all(institutionId) });
    },
  });
}

export function salesGoalsQueryOptions(institutionId: string | null, current: boolean, enabled = true) {
  return queryOptions({
    queryKey: forecastKeys.goalList(institutionId, current),
    queryFn: ({ signal }) => fetchSalesGoals(institutionId, { current }, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** Goals with their progress; `current`: only those whose period is under way (the home and the CRM page). */
export function useSalesGoals(current = true, enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(salesGoalsQueryOptions(institutionId, current, enabled));
}

export function useCreateSalesGoal() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGoalInput) => createSalesGoal(institutionId, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: forecastKeys.goals(institutionId) }),
  });
}

export function useDeleteSalesGoal() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSalesGoal(institutionId, id),
    onSuccess: () => void client.invalidateQueries({ queryKey: forecastKeys.goals(institutionId) }),
  });
}
