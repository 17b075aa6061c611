import { findModule } from './modules';
import { MODULE_INSIGHTS } from './records/catalogue';

/*
 * Search across everything (docs/product/search.md#search-across-everything): the rules the API
 * and the command palette share — how typed text becomes a prefix query, how long it may be, how
 * many hits a module shows and where each hit leads.
 */

/** Fewer characters than this search nothing: one letter would match half the workspace. */
export const SEARCH_MIN_LENGTH = 2;
/** Longer text is refused (400): nobody types more into a search box. */
export const SEARCH_MAX_LENGTH = 100;
/** At most this many words take part; the rest of the text is ignored. */
export const SEARCH_MAX_TERMS = 8;
/**
 * At most this many matching rows per table are ranked. Two typed letters can match most of
 * 100,000 rows; ranking them all would cost more than the 100 ms goal, so the best hits are chosen
 * among the first matches the index yields. Once the text narrows below this, ranking is exact.
 */
export const SEARCH_CANDIDATE_LIMIT = 1000;
/** Hits shown per module group, best first. */
export const SEARCH_GROUP_LIMIT = 5;

/** What one hit is, in the product's words. */
export type SearchHitKind = 'contact' | 'company' | 'deal' | 'lead' | 'record';

export interface SearchHit {
  id: string;
  kind: SearchHitKind;
  /** The kind as people read it: Contact, Deal, Patient … */
  kind_label: string;
  /** The record's name. */
  title: string;
  /** Its key fields (e-mail, company, stage …), joined by " · "; empty when it has none. */
  subtitle: string;
  /** The shell path of the record's page. */
  path: string;
  /** Relevance: higher is better (PostgreSQL ts_rank). */
  rank: number;
}

export interface SearchGroup {
  module_id: string;
  module_name: string;
  hits: SearchHit[];
}

/** The answer carries no copy of the typed text: the query key of the palette's request holds it. */
export interface SearchResults {
  groups: SearchGroup[];
}

/**
 * The words of the typed text, lower-cased: runs of letters and digits. Punctuation separates
 * words here exactly as the search documents do (`dana.reyes@acme` → dana, reyes, acme), so a
 * half-typed e-mail or phone number still matches.
 */
export function searchTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_MAX_TERMS);
}

/**
 * The PostgreSQL `to_tsquery` text for typeahead: every word must match, the last ones as
 * prefixes too (`dan:* & rey:*`). Null when the text holds no word or is too short to search.
 * Words are letters and digits only, so nothing typed can change the query's operators.
 */
export function prefixTsQuery(text: string): string | null {
  if (text.trim().length < SEARCH_MIN_LENGTH) return null;
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return terms.map((term) => `${term}:*`).join(' & ');
}

export const CRM_RECORD_PATHS = {
  contact: () => '/modules/crm/contacts',
  company: (id: string) => `/modules/crm/companies/${encodeURIComponent(id)}`,
  deal: (id: string) => `/modules/crm/deals/${encodeURIComponent(id)}`,
  lead: (id: string) => `/modules/crm/leads/${encodeURIComponent(id)}`,
} as const;

/**
 * Where a record of the records engine opens: `/modules/<module>/<submodule>/<id>`, or for a
 * collection an overview embeds (real-estate properties) beneath that overview.
 */
export function recordPath(moduleId: string, submoduleId: string, id: string): string {
  const base = `/modules/${encodeURIComponent(moduleId)}`;
  const record = encodeURIComponent(id);
  const isSubmodule = findModule(moduleId)?.submodules.some((submodule) => submodule.id === submoduleId);
  if (isSubmodule) return `${base}/${submoduleId}/${record}`;
  const overview = MODULE_INSIGHTS.find(
    (definition) =>
      definition.moduleId === moduleId && (definition.embeddedCollections ?? []).includes(submoduleId),
  );
  if (overview) return `${base}/${overview.submoduleId}/${submoduleId}/${record}`;
  return `${base}/${submoduleId}/${record}`;
}

/**
 * The search results as the palette lists them: one flat list in display order (groups in the
 * answer's order, hits in rank order), each hit with its group, for arrow-key navigation.
 */
export function flattenSearchResults(results: SearchResults): Array<{ group: SearchGroup; hit: SearchHit }> {
  return results.groups.flatMap((group) => group.hits.map((hit) => ({ group, hit })));
}
