import type {
  CaptureLeadInput,
  CaptureWithWorkflowsResult,
  Lead,
  LeadOverview,
  LeadScoreRun,
  LeadListQuery,
  Page,
  Segment,
  SmartLeadsParams,
  SmartLeadsSummary,
  UpdateLeadInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export function fetchLeads(institutionId: string | null, params: LeadListQuery, signal?: AbortSignal) {
  return apiFetch<Page<Lead>>('/api/crm/leads', { institutionId, query: { ...params }, signal });
}

export function fetchLead(institutionId: string | null, id: string, signal?: AbortSignal) {
  return apiFetch<Lead>(`/api/crm/leads/${encodeURIComponent(id)}`, { institutionId, signal });
}

export function fetchHighScoringLeads(
  institutionId: string | null,
  min: number,
  limit: number,
  signal?: AbortSignal,
) {
  return apiFetch<Lead[]>('/api/crm/leads/high-scoring', { institutionId, query: { min, limit }, signal });
}

export function updateLead(institutionId: string | null, id: string, changes: UpdateLeadInput) {
  return apiFetch<Lead>(`/api/crm/leads/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: changes,
  });
}

/** Refresh Scores: starts a run over every lead of the scope (or joins the one under way). */
export function startLeadScoreRun(institutionId: string | null) {
  return apiFetch<LeadScoreRun>('/api/crm/leads/score', { method: 'POST', institutionId });
}

export function fetchLeadScoreRun(institutionId: string | null, id: string, signal?: AbortSignal) {
  return apiFetch<LeadScoreRun>(`/api/crm/leads/score/${encodeURIComponent(id)}`, { institutionId, signal });
}

/** The capture form: stored with its auto actions, then the Smart Leads workflows run. */
export function captureLead(institutionId: string | null, input: CaptureLeadInput) {
  return apiFetch<CaptureWithWorkflowsResult>('/api/crm-insights/capture', {
    method: 'POST',
    institutionId,
    body: input,
  });
}

export function fetchSmartLeads(
  institutionId: string | null,
  params: SmartLeadsParams,
  signal?: AbortSignal,
) {
  return apiFetch<SmartLeadsSummary>('/api/crm-insights/smart-leads', {
    institutionId,
    query: { ...params, q: params.q?.trim() || undefined },
    signal,
  });
}

export function fetchLeadOverview(institutionId: string | null, signal?: AbortSignal) {
  return apiFetch<LeadOverview>('/api/crm-insights/lead-overview', { institutionId, signal });
}

export function fetchSegments(institutionId: string | null, signal?: AbortSignal) {
  return apiFetch<Segment[]>('/api/crm/segments', { institutionId, signal });
}
