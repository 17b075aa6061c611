import { createContact, fetchContact, fetchContacts } from '@tessera/data-access/client';
import type { CreateContactInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crmScopeKey } from './crm-deals';

export const contactKeys = {
  all: (institutionId: string | null) => [crmScopeKey(institutionId), 'crm', 'contacts'] as const,
  list: (institutionId: string | null) => [crmScopeKey(institutionId), 'crm', 'contacts', 'list'] as const,
  detail: (institutionId: string | null, id: string) =>
    [crmScopeKey(institutionId), 'crm', 'contacts', 'detail', id] as const,
};

export function contactsQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: contactKeys.list(institutionId),
    queryFn: ({ signal }) => fetchContacts(institutionId, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useContacts(institutionId: string | null, enabled = true) {
  return useQuery(contactsQueryOptions(institutionId, enabled));
}

export function contactQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: contactKeys.detail(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchContact(institutionId, id as string, signal),
    enabled: Boolean(id),
  });
}

export function useContact(institutionId: string | null, id: string | null) {
  return useQuery(contactQueryOptions(institutionId, id));
}

export function useCreateContact(institutionId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateContactInput) => createContact(institutionId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contactKeys.all(institutionId) });
      void client.invalidateQueries({ queryKey: [crmScopeKey(institutionId), 'crm', 'charts'] });
    },
  });
}
