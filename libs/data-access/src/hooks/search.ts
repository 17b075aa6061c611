import { fetchSearchResults } from '@tessera/data-access/client';
import { prefixTsQuery } from '@tessera/data-access/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

export const searchKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'search'] as const,
  results: (institutionId: string | null, text: string) =>
    [scopeKey(institutionId), 'search', text.trim().toLowerCase()] as const,
};

/**
 * Search across everything for the typed text. Disabled while the text cannot search (too short,
 * no word); the previous answer stays on screen while the next one loads, so typing does not flicker.
 */
export function searchQueryOptions(institutionId: string | null, text: string) {
  const normalized = text.trim().toLowerCase();
  return queryOptions({
    queryKey: searchKeys.results(institutionId, normalized),
    queryFn: ({ signal }) => fetchSearchResults(institutionId, normalized, signal),
    enabled: prefixTsQuery(normalized) !== null,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export function useSearchResults(text: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(searchQueryOptions(institutionId, text));
}
