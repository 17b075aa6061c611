import { useCompanies } from '@tessera/data-access/hooks';
import { useCallback, useMemo } from 'react';

/**
 * A company by its name, for the places that link a deal to its account (card, deal detail): an
 * id is not something people read, so until the list has loaded the link says "Company".
 */
export function useCompanyName(): (companyId: string | null | undefined) => string {
  const companies = useCompanies();
  const names = useMemo(
    () => new Map((companies.data ?? []).map((company) => [company.id, company.name])),
    [companies.data],
  );
  return useCallback(
    (companyId) => (companyId ? (names.get(companyId) ?? 'Company') : 'No account'),
    [names],
  );
}
