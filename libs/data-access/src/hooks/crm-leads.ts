import {
  type CaptureWithWorkflowsResult,
  captureLead,
  fetchHighScoringLeads,
  fetchLead,
  fetchLeadOverview,
  fetchLeads,
  fetchSegments,
  fetchSmartLeads,
  type LeadListParams,
  recalculateLeadScores,
  type SmartLeadsParams,
  updateLead,
} from '@tessera/data-access/client';
import type { CaptureLeadInput, Lead, UpdateLeadInput } from '@tessera/data-access/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crmScopeKey } from './crm-deals';

/**
 * Lead keys start with the scope (institution id, or `personal`). Everything computed from
 * leads (smart leads, the scoring panel's cards, segments, analytics, insights) sits under
 * `leads` too, so one invalidation after a lead changes refreshes every screen that shows it.
 */
export const leadKeys = {
  all: (institutionId: string | null) => [crmScopeKey(institutionId), 'crm', 'leads'] as const,
  list: (institutionId: string | null, params: LeadListParams) =>
    [crmScopeKey(institutionId), 'crm', 'leads', 'list', params] as const,
  detail: (institutionId: string | null, id: string) =>
    [crmScopeKey(institutionId), 'crm', 'leads', 'detail', id] as const,
  highScoring: (institutionId: string | null, min: number, limit: number) =>
    [crmScopeKey(institutionId), 'crm', 'leads', 'high-scoring', { min, limit }] as const,
  smart: (institutionId: string | null, params: SmartLeadsParams) =>
    [crmScopeKey(institutionId), 'crm', 'leads', 'smart', params] as const,
  overview: (institutionId: string | null) =>
    [crmScopeKey(institutionId), 'crm', 'leads', 'overview'] as const,
  segments: (institutionId: string | null) =>
    [crmScopeKey(institutionId), 'crm', 'leads', 'segments'] as const,
};

export function leadsQueryOptions(institutionId: string | null, params: LeadListParams = {}) {
  return queryOptions({
    queryKey: leadKeys.list(institutionId, params),
    queryFn: ({ signal }) => fetchLeads(institutionId, params, signal),
    staleTime: 15_000,
  });
}

export function useLeads(institutionId: string | null, params: LeadListParams = {}) {
  return useQuery(leadsQueryOptions(institutionId, params));
}

export function leadQueryOptions(institutionId: string | null, id: string) {
  return queryOptions({
    queryKey: leadKeys.detail(institutionId, id),
    queryFn: ({ signal }) => fetchLead(institutionId, id, signal),
    enabled: Boolean(id),
    retry: 1,
  });
}

export function useLead(institutionId: string | null, id: string) {
  return useQuery(leadQueryOptions(institutionId, id));
}

export function useHighScoringLeads(institutionId: string | null, min: number, limit: number) {
  return useQuery({
    queryKey: leadKeys.highScoring(institutionId, min, limit),
    queryFn: ({ signal }) => fetchHighScoringLeads(institutionId, min, limit, signal),
    staleTime: 15_000,
  });
}

export function smartLeadsQueryOptions(institutionId: string | null, params: SmartLeadsParams) {
  return queryOptions({
    queryKey: leadKeys.smart(institutionId, params),
    queryFn: ({ signal }) => fetchSmartLeads(institutionId, params, signal),
    // Typing in the search keeps the previous rows until the next ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/**
 * The Smart Leads summary. Its first call in a scope stores the starting rules, workflows and
 * segments: when it says so, the lists that may have been read empty a moment earlier refetch.
 */
export function useSmartLeads(institutionId: string | null, params: SmartLeadsParams) {
  const client = useQueryClient();
  return useQuery({
    ...smartLeadsQueryOptions(institutionId, params),
    queryFn: async ({ signal }) => {
      const summary = await fetchSmartLeads(institutionId, params, signal);
      if (summary.provisioned) {
        const scope = crmScopeKey(institutionId);
        void client.invalidateQueries({ queryKey: [scope, 'crm', 'scoring-rules'] });
        void client.invalidateQueries({ queryKey: [scope, 'crm', 'workflows'] });
        void client.invalidateQueries({ queryKey: leadKeys.segments(institutionId) });
      }
      return summary;
    },
  });
}

export function useLeadOverview(institutionId: string | null) {
  return useQuery({
    queryKey: leadKeys.overview(institutionId),
    queryFn: ({ signal }) => fetchLeadOverview(institutionId, signal),
    staleTime: 15_000,
  });
}

export function useSegments(institutionId: string | null) {
  return useQuery({
    queryKey: leadKeys.segments(institutionId),
    queryFn: ({ signal }) => fetchSegments(institutionId, signal),
    staleTime: 30_000,
  });
}

/** Everything derived from leads, analytics and insights included. */
function invalidateLeadViews(client: ReturnType<typeof useQueryClient>, institutionId: string | null) {
  const scope = crmScopeKey(institutionId);
  void client.invalidateQueries({ queryKey: leadKeys.all(institutionId) });
  void client.invalidateQueries({ queryKey: [scope, 'crm', 'report'] });
  void client.invalidateQueries({ queryKey: [scope, 'crm', 'insights'] });
}

export function useUpdateLead(institutionId: string | null) {
  const client = useQueryClient();
  return useMutation<Lead, Error, { id: string; changes: UpdateLeadInput }>({
    mutationFn: ({ id, changes }) => updateLead(institutionId, id, changes),
    onSuccess: (lead) => {
      client.setQueryData(leadKeys.detail(institutionId, lead.id), lead);
      invalidateLeadViews(client, institutionId);
    },
  });
}

export function useRecalculateLeadScores(institutionId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => recalculateLeadScores(institutionId),
    onSuccess: () => invalidateLeadViews(client, institutionId),
  });
}

export function useCaptureLead(institutionId: string | null) {
  const client = useQueryClient();
  return useMutation<CaptureWithWorkflowsResult, Error, CaptureLeadInput>({
    mutationFn: (input) => captureLead(institutionId, input),
    onSuccess: () => {
      invalidateLeadViews(client, institutionId);
      // Capture runs workflows (counts, logs) and logs activities.
      void client.invalidateQueries({ queryKey: [crmScopeKey(institutionId), 'crm', 'workflows'] });
      void client.invalidateQueries({ queryKey: [crmScopeKey(institutionId), 'crm', 'activities'] });
    },
  });
}
