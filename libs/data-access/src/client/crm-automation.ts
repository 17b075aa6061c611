import type {
  AutomationRule,
  AutomationRuleRun,
  AutomationWorkflow,
  CreateWorkflowInput,
  WorkflowExecution,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export function fetchWorkflows(institutionId: string | null, signal?: AbortSignal) {
  return apiFetch<AutomationWorkflow[]>('/api/crm/workflows', { institutionId, signal });
}

export function createWorkflow(institutionId: string | null, input: CreateWorkflowInput) {
  return apiFetch<AutomationWorkflow>('/api/crm/workflows', { method: 'POST', institutionId, body: input });
}

/** The card's pause/play button. */
export function toggleWorkflow(institutionId: string | null, id: string) {
  return apiFetch<AutomationWorkflow>(`/api/crm/workflows/${encodeURIComponent(id)}/toggle`, {
    method: 'POST',
    institutionId,
  });
}

export function fetchWorkflowExecutions(institutionId: string | null, id: string, signal?: AbortSignal) {
  return apiFetch<WorkflowExecution[]>(`/api/crm/workflows/${encodeURIComponent(id)}/executions`, {
    institutionId,
    signal,
  });
}

/** Every automation rule of the scope, enabled or not (the Automation tab shows both). */
export function fetchAutomationRules(institutionId: string | null, signal?: AbortSignal) {
  return apiFetch<AutomationRule[]>('/api/crm/automation-rules', {
    institutionId,
    query: { all: true },
    signal,
  });
}

export function setAutomationRuleEnabled(institutionId: string | null, id: string, enabled: boolean) {
  return apiFetch<AutomationRule>(`/api/crm/automation-rules/${encodeURIComponent(id)}/enabled`, {
    method: 'PATCH',
    institutionId,
    body: { enabled },
  });
}

export function fetchAutomationRuleRuns(institutionId: string | null, id: string, signal?: AbortSignal) {
  return apiFetch<AutomationRuleRun[]>(`/api/crm/automation-rules/${encodeURIComponent(id)}/runs`, {
    institutionId,
    signal,
  });
}
