import type { CreateScoringRuleInput, ScoringRule } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export function fetchScoringRules(institutionId: string | null, signal?: AbortSignal) {
  return apiFetch<ScoringRule[]>('/api/crm/scoring-rules', { institutionId, signal });
}

export function createScoringRule(institutionId: string | null, input: CreateScoringRuleInput) {
  return apiFetch<ScoringRule>('/api/crm/scoring-rules', { method: 'POST', institutionId, body: input });
}

export function setScoringRuleActive(institutionId: string | null, id: string, active: boolean) {
  return apiFetch<ScoringRule>(`/api/crm/scoring-rules/${encodeURIComponent(id)}/active`, {
    method: 'PATCH',
    institutionId,
    body: { active },
  });
}
