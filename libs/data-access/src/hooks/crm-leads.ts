import {
  captureLead,
  fetchHighScoringLeads,
  fetchLead,
  fetchLeadOverview,
  fetchLeadScoreRun,
  fetchLeads,
  fetchSegments,
  fetchSmartLeads,
  startLeadScoreRun,
  updateLead,
} from '@tessera/data-access/client';
import {
  type CaptureLeadInput,
  type CaptureWithWorkflowsResult,
  isJobSettled,
  jobPollInterval,
  type Lead,
  type LeadListQuery,
  type LeadScoreRun,
  type SmartLeadsParams,
  type UpdateLeadInput,
} from '@tessera/data-access/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

/**
 * Lead keys start with the scope (institution id, or `personal`). Everything computed from
 * leads (smart leads, the scoring panel's cards, segments, analytics, insights) sits under
 * `leads` too, so one invalidation after a lead changes refreshes every screen that shows it.
 */
export const leadKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'leads'] as const,
  list: (institutionId: string | null, params: LeadListQuery) =>
    [scopeKey(institutionId), 'crm', 'leads', 'list', params] as const,
  detail: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'leads', 'detail', id] as const,
  highScoring: (institutionId: string | null, min: number, limit: number) =>
    [scopeKey(institutionId), 'crm', 'leads', 'high-scoring', { min, limit }] as const,
  smart: (institutionId: string | null, params: SmartLeadsParams) =>
    [scopeKey(institutionId), 'crm', 'leads', 'smart', params] as const,
  overview: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'leads', 'overview'] as const,
  segments: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'leads', 'segments'] as const,
  scoreRun: (institutionId: string | null, runId: string) =>
    [scopeKey(institutionId), 'crm', 'score-runs', runId] as const,
};

export function leadsQueryOptions(institutionId: string | null, params: LeadListQuery = {}) {
  return queryOptions({
    queryKey: leadKeys.list(institutionId, params),
    queryFn: ({ signal }) => fetchLeads(institutionId, params, signal),
    staleTime: 15_000,
  });
}

export function useLeads(params: LeadListQuery = {}) {
  const institutionId = useCurrentInstitutionId();
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

export function useLead(id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(leadQueryOptions(institutionId, id));
}

export function highScoringLeadsQueryOptions(institutionId: string | null, min: number, limit: number) {
  return queryOptions({
    queryKey: leadKeys.highScoring(institutionId, min, limit),
    queryFn: ({ signal }) => fetchHighScoringLeads(institutionId, min, limit, signal),
    staleTime: 15_000,
  });
}

export function useHighScoringLeads(min: number, limit: number) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(highScoringLeadsQueryOptions(institutionId, min, limit));
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
export function useSmartLeads(params: SmartLeadsParams) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useQuery({
    ...smartLeadsQueryOptions(institutionId, params),
    queryFn: async ({ signal }) => {
      const summary = await fetchSmartLeads(institutionId, params, signal);
      if (summary.provisioned) {
        const scope = scopeKey(institutionId);
        void client.invalidateQueries({ queryKey: [scope, 'crm', 'scoring-rules'] });
        void client.invalidateQueries({ queryKey: [scope, 'crm', 'workflows'] });
        void client.invalidateQueries({ queryKey: leadKeys.segments(institutionId) });
      }
      return summary;
    },
  });
}

export function leadOverviewQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: leadKeys.overview(institutionId),
    queryFn: ({ signal }) => fetchLeadOverview(institutionId, signal),
    staleTime: 15_000,
  });
}

export function useLeadOverview() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(leadOverviewQueryOptions(institutionId));
}

export function segmentsQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: leadKeys.segments(institutionId),
    queryFn: ({ signal }) => fetchSegments(institutionId, signal),
    staleTime: 30_000,
  });
}

export function useSegments() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(segmentsQueryOptions(institutionId));
}

/** Everything derived from leads, analytics and insights included. */
function invalidateLeadViews(client: ReturnType<typeof useQueryClient>, institutionId: string | null) {
  const scope = scopeKey(institutionId);
  void client.invalidateQueries({ queryKey: leadKeys.all(institutionId) });
  void client.invalidateQueries({ queryKey: [scope, 'crm', 'report'] });
  void client.invalidateQueries({ queryKey: [scope, 'crm', 'insights'] });
}

export function useUpdateLead() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation<Lead, Error, { id: string; changes: UpdateLeadInput }>({
    mutationFn: ({ id, changes }) => updateLead(institutionId, id, changes),
    onSuccess: (lead) => {
      client.setQueryData(leadKeys.detail(institutionId, lead.id), lead);
      invalidateLeadViews(client, institutionId);
    },
  });
}

/** A Refresh Scores run, polled until it settles. */
export function leadScoreRunQueryOptions(institutionId: string | null, runId: string | null) {
  return queryOptions({
    queryKey: leadKeys.scoreRun(institutionId, runId ?? 'none'),
    queryFn: ({ signal }) => fetchLeadScoreRun(institutionId, runId as string, signal),
    enabled: Boolean(runId),
    refetchInterval: (query) => jobPollInterval(query.state.data),
    staleTime: (query) => (isJobSettled(query.state.data?.status) ? Number.POSITIVE_INFINITY : 0),
  });
}

export interface LeadScoreRefreshHandlers {
  /** The run completed: every lead of the scope has its new score (lead views are refreshing). */
  onCompleted?: (run: LeadScoreRun) => void;
  /** The run could not be started, or failed. */
  onFailed?: (error: Error | null) => void;
}

/**
 * Refresh Scores: starts a run over the whole scope (or joins the one under way), follows it until
 * it settles and then refreshes every lead view. Each run is reported once.
 */
export function useRefreshLeadScores(handlers: LeadScoreRefreshHandlers = {}) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const reported = useRef<string | null>(null);
  const latestHandlers = useRef(handlers);
  latestHandlers.current = handlers;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a run belongs to the scope it was started in
  useEffect(() => setRunId(null), [institutionId]);
  const start = useMutation<LeadScoreRun, Error>({
    mutationFn: () => startLeadScoreRun(institutionId),
    onSuccess: (run) => {
      client.setQueryData(leadKeys.scoreRun(institutionId, run.id), run);
      setRunId(run.id);
    },
    onError: (error) => latestHandlers.current.onFailed?.(error),
  });
  const run = useQuery(leadScoreRunQueryOptions(institutionId, runId));
  const settled = run.data && isJobSettled(run.data.status) ? run.data : null;
  useEffect(() => {
    if (!settled || reported.current === settled.id) return;
    reported.current = settled.id;
    if (settled.status === 'completed') {
      invalidateLeadViews(client, institutionId);
      latestHandlers.current.onCompleted?.(settled);
    } else {
      latestHandlers.current.onFailed?.(settled.failure ? new Error(settled.failure) : null);
    }
  }, [settled, client, institutionId]);
  useEffect(() => {
    // Following the run failed (after the query's own retries): say so rather than spin for ever.
    if (!runId || !run.isError || reported.current === runId) return;
    reported.current = runId;
    latestHandlers.current.onFailed?.(run.error);
  }, [runId, run.isError, run.error]);
  return {
    refresh: () => start.mutate(),
    /** Starting, or a run under way: the button says Refreshing... */
    refreshing: start.isPending || (runId !== null && settled === null && !run.isError),
    run: run.data ?? null,
  };
}

export function useCaptureLead() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation<CaptureWithWorkflowsResult, Error, CaptureLeadInput>({
    mutationFn: (input) => captureLead(institutionId, input),
    onSuccess: () => {
      invalidateLeadViews(client, institutionId);
      // Capture runs workflows (counts, logs) and logs activities.
      void client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'crm', 'workflows'] });
      void client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'crm', 'activities'] });
    },
  });
}
