import { createContact, fetchContact, fetchContacts } from '@tessera/data-access/client';
import type { CreateContactInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

export const contactKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'contacts'] as const,
  list: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'contacts', 'list'] as const,
  detail: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'contacts', 'detail', id] as const,
};

export function contactsQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: contactKeys.list(institutionId),
    queryFn: ({ signal }) => fetchContacts(institutionId, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useContacts(enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(contactsQueryOptions(institutionId, enabled));
}

export function contactQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: contactKeys.detail(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchContact(institutionId, id as string, signal),
    enabled: Boolean(id),
  });
}

export function useContact(id: string | null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(contactQueryOptions(institutionId, id));
}

export function useCreateContact() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateContactInput) => createContact(institutionId, input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contactKeys.all(institutionId) });
      void client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'crm', 'charts'] });
    },
  });
}
