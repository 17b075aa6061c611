/*
 * The search documents (docs/product/search.md#search-across-everything): per table, a stored
 * tsvector column kept by PostgreSQL itself (GENERATED ALWAYS … STORED) and a GIN index on it.
 * The name weighs A, key fields B, so a hit on the name ranks first. Punctuation is turned into
 * spaces before parsing, as searchTerms() does with typed text, so `dana.reyes@acme.test` is found
 * by `acme` and `555-0100` by `0100`.
 *
 * The migration that created the columns (search-documents.migration.ts) froze these expressions;
 * changing one here needs a new migration that drops and re-adds the column.
 */

/** The `simple` configuration: no stemming, no stop words — names and e-mails are not prose. */
export const SEARCH_CONFIG = 'simple';

/** The column every searchable table carries. */
export const SEARCH_DOCUMENT_COLUMN = 'search_document';

/** A searchable table: its name weighs A, its key fields B. */
export interface SearchableTable {
  table: 'records' | 'crm_contacts' | 'crm_deals' | 'crm_leads' | 'crm_companies';
  name: readonly string[];
  keyFields: readonly string[];
}

export const SEARCHABLE_TABLES: readonly SearchableTable[] = [
  // search_text already holds the title and the schema's searchable fields (records/record-text.ts).
  { table: 'records', name: ['title'], keyFields: ['search_text'] },
  {
    table: 'crm_contacts',
    name: ['first_name', 'last_name'],
    keyFields: ['email', 'company', 'phone', 'title'],
  },
  { table: 'crm_deals', name: ['name'], keyFields: ['title', 'description'] },
  {
    table: 'crm_leads',
    name: ['first_name', 'last_name'],
    keyFields: ['email', 'company', 'phone', 'position'],
  },
];

/** Companies came after the first search migration: theirs is its own (search-companies.migration.ts). */
export const SEARCHABLE_COMPANIES: SearchableTable = {
  table: 'crm_companies',
  name: ['name'],
  keyFields: ['domain', 'phone', 'address'],
};

function weighted(columns: readonly string[], weight: 'A' | 'B'): string {
  const text = columns.map((column) => `coalesce(${column}, '')`).join(` || ' ' || `);
  return `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, regexp_replace(${text}, '[[:punct:][:space:]]+', ' ', 'g')), '${weight}')`;
}

/** The immutable expression of a table's search document (what the generated column stores). */
export function searchDocumentExpression(table: SearchableTable): string {
  return `${weighted(table.name, 'A')} || ${weighted(table.keyFields, 'B')}`;
}
