import {
  createWebForm,
  deleteWebForm,
  fetchWebForm,
  fetchWebForms,
  fetchWebFormSubmissions,
  updateWebForm,
} from '@tessera/data-access/client';
import type { UpdateWebFormInput, WebFormInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

export const webFormKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'web-forms'] as const,
  list: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'web-forms', 'list'] as const,
  detail: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'web-forms', 'detail', id] as const,
  submissions: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'web-forms', 'submissions', id] as const,
};

export function webFormsQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: webFormKeys.list(institutionId),
    queryFn: ({ signal }) => fetchWebForms(institutionId, signal),
  });
}

export function useWebForms() {
  return useQuery(webFormsQueryOptions(useCurrentInstitutionId()));
}

export function webFormQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: webFormKeys.detail(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchWebForm(institutionId, id as string, signal),
    enabled: Boolean(id),
  });
}

export function useWebForm(id: string | null) {
  return useQuery(webFormQueryOptions(useCurrentInstitutionId(), id));
}

/** A form's submissions; visitors send them while the page is open, so it looks again now and then. */
export function webFormSubmissionsQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: webFormKeys.submissions(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchWebFormSubmissions(institutionId, id as string, signal),
    enabled: Boolean(id),
    refetchInterval: 5_000,
  });
}

export function useWebFormSubmissions(id: string | null) {
  return useQuery(webFormSubmissionsQueryOptions(useCurrentInstitutionId(), id));
}

export function useCreateWebForm() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebFormInput) => createWebForm(institutionId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: webFormKeys.all(institutionId) }),
  });
}

export function useUpdateWebForm() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWebFormInput }) =>
      updateWebForm(institutionId, id, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: webFormKeys.all(institutionId) }),
  });
}

export function useDeleteWebForm() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebForm(institutionId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: webFormKeys.all(institutionId) }),
  });
}
