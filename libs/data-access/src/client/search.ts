import type { SearchResults } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Search across everything the caller may read (docs/product/search.md#search-across-everything). */
export function fetchSearchResults(
  institutionId: string | null,
  text: string,
  signal?: AbortSignal,
): Promise<SearchResults> {
  return apiFetch<SearchResults>('/api/search', { institutionId, signal, query: { q: text } });
}
