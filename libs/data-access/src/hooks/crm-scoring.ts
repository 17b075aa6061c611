import { createScoringRule, fetchScoringRules, setScoringRuleActive } from '@tessera/data-access/client';
import type { CreateScoringRuleInput, ScoringRule } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { leadKeys } from './crm-leads';
import { useCurrentInstitutionId } from './current-institution';

export const scoringRuleKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'scoring-rules'] as const,
};

export function scoringRulesQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: scoringRuleKeys.all(institutionId),
    queryFn: ({ signal }) => fetchScoringRules(institutionId, signal),
    staleTime: 30_000,
  });
}

export function useScoringRules() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(scoringRulesQueryOptions(institutionId));
}

/** Rules change every local score: the Smart Leads figures refetch with them. */
export function useCreateScoringRule() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation<ScoringRule, Error, CreateScoringRuleInput>({
    mutationFn: (input) => createScoringRule(institutionId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: scoringRuleKeys.all(institutionId) });
      void client.invalidateQueries({ queryKey: leadKeys.all(institutionId) });
    },
  });
}

/** The rule card's switch: optimistic, rolled back when the server refuses. */
export function useSetScoringRuleActive() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  const key = scoringRuleKeys.all(institutionId);
  return useMutation<ScoringRule, Error, { id: string; active: boolean }, { previous?: ScoringRule[] }>({
    mutationFn: ({ id, active }) => setScoringRuleActive(institutionId, id, active),
    onMutate: async ({ id, active }) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<ScoringRule[]>(key);
      client.setQueryData<ScoringRule[]>(key, (rules) =>
        rules?.map((rule) => (rule.id === id ? { ...rule, active } : rule)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => client.setQueryData(key, context?.previous),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: leadKeys.all(institutionId) });
    },
  });
}
