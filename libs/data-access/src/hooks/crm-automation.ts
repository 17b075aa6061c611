import {
  createWorkflow,
  fetchAutomationRuleRuns,
  fetchAutomationRules,
  fetchWorkflowExecutions,
  fetchWorkflows,
  setAutomationRuleEnabled,
  toggleWorkflow,
} from '@tessera/data-access/client';
import type { AutomationRule, AutomationWorkflow, CreateWorkflowInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { leadKeys } from './crm-leads';
import { useCurrentInstitutionId } from './current-institution';

export const automationKeys = {
  workflows: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'workflows'] as const,
  executions: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'workflows', 'executions', id] as const,
  rules: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'automation-rules'] as const,
  runs: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'automation-rules', 'runs', id] as const,
};

export function workflowsQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: automationKeys.workflows(institutionId),
    queryFn: ({ signal }) => fetchWorkflows(institutionId, signal),
    staleTime: 15_000,
  });
}

export function useWorkflows() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(workflowsQueryOptions(institutionId));
}

export function workflowExecutionsQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: automationKeys.executions(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchWorkflowExecutions(institutionId, id as string, signal),
    enabled: Boolean(id),
  });
}

export function useWorkflowExecutions(id: string | null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(workflowExecutionsQueryOptions(institutionId, id));
}

export function useCreateWorkflow() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation<AutomationWorkflow, Error, CreateWorkflowInput>({
    mutationFn: (input) => createWorkflow(institutionId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: automationKeys.workflows(institutionId) });
      void client.invalidateQueries({ queryKey: leadKeys.all(institutionId) });
    },
  });
}

/** Pause/play: the server flips it; the card shows the answer. */
export function useToggleWorkflow() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation<AutomationWorkflow, Error, string>({
    mutationFn: (id) => toggleWorkflow(institutionId, id),
    onSuccess: (workflow) => {
      client.setQueryData<AutomationWorkflow[]>(automationKeys.workflows(institutionId), (list) =>
        list?.map((entry) => (entry.id === workflow.id ? workflow : entry)),
      );
      // Active Workflows tile.
      void client.invalidateQueries({ queryKey: leadKeys.all(institutionId) });
    },
  });
}

export function automationRulesQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: automationKeys.rules(institutionId),
    queryFn: ({ signal }) => fetchAutomationRules(institutionId, signal),
    staleTime: 15_000,
  });
}

export function useAutomationRules() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(automationRulesQueryOptions(institutionId));
}

export function automationRuleRunsQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: automationKeys.runs(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchAutomationRuleRuns(institutionId, id as string, signal),
    enabled: Boolean(id),
  });
}

export function useAutomationRuleRuns(id: string | null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(automationRuleRunsQueryOptions(institutionId, id));
}

export function useSetAutomationRuleEnabled() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  const key = automationKeys.rules(institutionId);
  return useMutation<
    AutomationRule,
    Error,
    { id: string; enabled: boolean },
    { previous?: AutomationRule[] }
  >({
    mutationFn: ({ id, enabled }) => setAutomationRuleEnabled(institutionId, id, enabled),
    onMutate: async ({ id, enabled }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<AutomationRule[]>(key);
      client.setQueryData<AutomationRule[]>(key, (rules) =>
        rules?.map((rule) => (rule.id === id ? { ...rule, enabled } : rule)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => client.setQueryData(key, context?.previous),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  });
}
