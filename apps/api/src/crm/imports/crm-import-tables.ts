import type { CrmImportEntity } from '@tessera/data-access/contracts';

/** How an imported value is written: its column's SQL type, and the default a new row gets. */
interface ImportColumn {
  key: string;
  cast: 'text' | 'numeric' | 'integer' | 'date' | 'text[]' | 'uuid' | 'boolean' | 'jsonb';
  /** SQL for a new row without a value (NOT NULL columns). */
  otherwise?: string;
}

export interface CrmImportTable {
  table: 'crm_contacts' | 'crm_leads' | 'crm_companies' | 'crm_deals' | 'crm_products';
  columns: readonly ImportColumn[];
  /** SQL of each match field (CRM_IMPORT_MATCH_FIELDS): what a row's value is compared with. */
  match: Readonly<Record<string, string>>;
}

/** Text columns without a default: most of what a file carries. */
const textColumns = (...keys: string[]): ImportColumn[] => keys.map((key) => ({ key, cast: 'text' }));

/** The columns of a person: contacts and leads name them alike and import them alike. */
const PERSON_COLUMNS = textColumns('first_name', 'last_name', 'email', 'phone', 'company');

/** Fixed names only (never input): the CRM table of each importable entity and its columns. */
export const CRM_IMPORT_TABLES: Record<CrmImportEntity, CrmImportTable> = {
  contacts: {
    table: 'crm_contacts',
    match: { email: 'lower(t.email)' },
    columns: [
      ...PERSON_COLUMNS,
      // Not a file column: the company of the row's Company name (CrmImporter.linkCompanies).
      { key: 'company_id', cast: 'uuid' },
      { key: 'title', cast: 'text' },
      { key: 'status', cast: 'text', otherwise: `'active'` },
      { key: 'lead_source', cast: 'text' },
      { key: 'tags', cast: 'text[]', otherwise: `'{}'` },
    ],
  },
  leads: {
    table: 'crm_leads',
    match: { email: 'lower(t.email)' },
    columns: [
      ...PERSON_COLUMNS,
      { key: 'position', cast: 'text' },
      { key: 'stage', cast: 'text', otherwise: `'new'` },
      { key: 'status', cast: 'text', otherwise: `'new'` },
      ...textColumns('lead_source', 'website', 'industry', 'notes'),
    ],
  },
  companies: {
    table: 'crm_companies',
    match: { domain: 'lower(t.domain)', name: 'lower(t.name)' },
    columns: textColumns('name', 'domain', 'industry', 'size', 'phone', 'address'),
  },
  deals: {
    table: 'crm_deals',
    match: { name: 'lower(t.name)' },
    columns: [
      { key: 'name', cast: 'text' },
      { key: 'amount', cast: 'numeric', otherwise: '0' },
      { key: 'currency', cast: 'text', otherwise: `'USD'` },
      { key: 'stage', cast: 'text', otherwise: `'prospecting'` },
      // Not a file column: derived from the stage (dealStatusForStage).
      { key: 'status', cast: 'text', otherwise: `'open'` },
      { key: 'probability', cast: 'integer' },
      { key: 'expected_close_date', cast: 'date' },
      { key: 'lead_source', cast: 'text' },
      { key: 'description', cast: 'text' },
      // From the file's Company column, by name (CrmImporter.linkCompanies).
      { key: 'company_id', cast: 'uuid' },
    ],
  },
  products: {
    table: 'crm_products',
    match: { code: 'lower(t.code)', name: 'lower(t.name)' },
    columns: [
      ...textColumns('name', 'code', 'unit', 'description'),
      { key: 'tax_percent', cast: 'numeric' },
      { key: 'recurrence', cast: 'text', otherwise: `'one_time'` },
      { key: 'active', cast: 'boolean', otherwise: 'true' },
      // Not a file column: the row's `Price XXX` columns in minor units, `{"USD": 1999}` (CrmImporter.withPrices).
      { key: 'prices', cast: 'jsonb', otherwise: `'{}'::jsonb` },
    ],
  },
};

/** The value of `key` in the JSON object `source`, as the column's type (NULL when absent). */
export function jsonValueSql(source: string, column: ImportColumn): string {
  if (column.cast === 'text[]')
    return `COALESCE((SELECT array_agg(e) FROM jsonb_array_elements_text(${source}->'${column.key}') AS e), '{}')`;
  return `(${source}->>'${column.key}')::${column.cast}`;
}

/** The SQL that keeps `t`'s column unless `source` has the key (an update or an undo). */
export function assignFromJsonSql(source: string, column: ImportColumn): string {
  return `${column.key} = CASE WHEN ${source} ? '${column.key}' THEN ${jsonValueSql(source, column)} ELSE t.${column.key} END`;
}
