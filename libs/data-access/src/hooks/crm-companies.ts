import {
  createCompany,
  deleteCompany,
  fetchCompanies,
  fetchCompany,
  updateCompany,
} from '@tessera/data-access/client';
import type { CreateCompanyInput, UpdateCompanyInput } from '@tessera/data-access/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

export const companyKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'companies'] as const,
  list: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'companies', 'list'] as const,
  detail: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'companies', 'detail', id] as const,
};

/**
 * What a change of companies or of who works where may touch (docs/product/companies.md#consistency):
 * companies, their contacts (the company name they show), their deals (which follow their contact).
 */
export function invalidateCompanyLinks(client: QueryClient, institutionId: string | null): Promise<void> {
  const scope = scopeKey(institutionId);
  return Promise.all(
    (['companies', 'contacts', 'deals', 'activities', 'charts'] as const).map((part) =>
      client.invalidateQueries({ queryKey: [scope, 'crm', part] }),
    ),
  ).then(() => undefined);
}

export function companiesQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: companyKeys.list(institutionId),
    queryFn: ({ signal }) => fetchCompanies(institutionId, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useCompanies(enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(companiesQueryOptions(institutionId, enabled));
}

export function companyQueryOptions(institutionId: string | null, id: string | null) {
  return queryOptions({
    queryKey: companyKeys.detail(institutionId, id ?? 'none'),
    queryFn: ({ signal }) => fetchCompany(institutionId, id as string, signal),
    enabled: Boolean(id),
  });
}

export function useCompany(id: string | null) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(companyQueryOptions(institutionId, id));
}

export function useCreateCompany() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCompanyInput) => createCompany(institutionId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: companyKeys.all(institutionId) }),
  });
}

export function useUpdateCompany() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCompanyInput }) =>
      updateCompany(institutionId, id, changes),
    onSuccess: () => invalidateCompanyLinks(client, institutionId),
  });
}

export function useDeleteCompany() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCompany(institutionId, id),
    onSuccess: () => invalidateCompanyLinks(client, institutionId),
  });
}
