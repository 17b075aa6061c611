import {
  createContact,
  fetchContact,
  fetchContacts,
  moveContact,
  updateContact,
  updateContactStatus,
  updateContactTags,
} from '@tessera/data-access/client';
import type {
  ContactStatus,
  CreateContactInput,
  LeadStage,
  UpdateContactInput,
} from '@tessera/data-access/contracts';
import { invalidateCompanyLinks } from './crm-companies';
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

/** Every field and custom field (docs/product/contacts.md#editing-a-contact); its company link moves its deals too. */
export function useUpdateContact() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateContactInput }) =>
      updateContact(institutionId, id, changes),
    onSuccess: () => invalidateCompanyLinks(client, institutionId),
  });
}

export function useUpdateContactTags() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: string; tags: string[] }) => updateContactTags(institutionId, id, tags),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all(institutionId) }),
  });
}

export function useUpdateContactStatus() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ContactStatus }) =>
      updateContactStatus(institutionId, id, status),
    onSuccess: () => invalidateCompanyLinks(client, institutionId),
  });
}

/**
 * Pipeline move (docs/product/contacts.md#pipeline-move-of-a-contact): the rules it runs may create a deal, a task and
 * an e-mail, so deals, activities and the outbox reload with the contacts.
 */
export function useMoveContact() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stage }: { id: string; stage: LeadStage }) => moveContact(institutionId, id, stage),
    onSettled: async () => {
      await invalidateCompanyLinks(client, institutionId);
      await client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'outbox'] });
    },
  });
}
