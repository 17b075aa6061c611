import type { FieldDef } from 'pg';
import { type DataSource, QueryFailedError } from 'typeorm';
import { pgPoolOf } from './data-source';

/** Makes one row object from its values, in the statement's column order. */
interface RowBuilder {
  (values: unknown[]): Record<string, unknown>;
  /** The column names it was made for, in order. */
  names: readonly string[];
}

/** By statement: a statement's columns are fixed, so its builder is found without hashing its columns. */
const rowBuilders = new Map<string, RowBuilder>();
/** Statements come from the code; the bound only guards against a runaway. */
const MAX_ROW_BUILDERS = 500;

function madeFor(builder: RowBuilder, fields: FieldDef[]): boolean {
  if (builder.names.length !== fields.length) return false;
  for (let index = 0; index < fields.length; index++) {
    if (builder.names[index] !== fields[index].name) return false;
  }
  return true;
}

/**
 * A function that builds the row object of one column list with an object literal. pg builds each
 * row by assigning its columns one by one from a shared loop; in a process that runs hundreds of
 * different statements those assignments see every column list at once and run on V8's slowest
 * (megamorphic) path, where a small app's run on its fast one: measured, the same rows cost the API
 * several times what they cost the plain Nest app to parse (docs/adr/0024-per-request-costs-3.md).
 * A literal per column list gives every row of a statement one shape from the start. Names are
 * written with JSON.stringify, so any column name is a plain quoted key; a repeated name keeps the
 * last value, as pg's rows do. Kept by statement and checked against the columns the statement
 * answered (a migration may change what `*` means).
 */
function rowBuilderFor(sql: string, fields: FieldDef[]): RowBuilder {
  const kept = rowBuilders.get(sql);
  if (kept && madeFor(kept, fields)) return kept;
  const properties = fields.map((field, index) => `${JSON.stringify(field.name)}: values[${index}]`);
  const builder = new Function('values', `return { ${properties.join(', ')} };`) as RowBuilder;
  builder.names = fields.map((field) => field.name);
  if (rowBuilders.size >= MAX_ROW_BUILDERS) rowBuilders.clear();
  rowBuilders.set(sql, builder);
  return builder;
}

/**
 * One read statement on TypeORM's own pg pool, for the hot reads that return plain rows
 * (docs/adr/0009-raw-sql-policy.md, case 4; docs/adr/0018-per-request-costs-2.md).
 *
 * `dataSource.query()` makes a query runner per statement, broadcasts its before/after events to
 * every subscriber and asks the pool for a connection through the runner; a single SELECT outside a
 * transaction needs none of it. This runs the statement with the pool's own `query()`, which takes
 * its connection through the same `connect()` TypeORM uses — bound to the tenant context by
 * access/tenant-connection.ts, so the tenant's settings and row-level security apply exactly as
 * they do to `dataSource.query()`. Values are parsed by pg's type parsers as always; rows come as
 * arrays and are made objects by one builder per column list (`rowBuilderFor`). A failure is
 * TypeORM's QueryFailedError, as from `dataSource.query()`, so the exception filter answers it the
 * same way.
 *
 * Reads only (their rows are the answer); writes and transactions stay with TypeORM, whose
 * subscribers (the API-key audit among them) must see them.
 */
export function readRows<Row>(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<Row[]> {
  return pgPoolOf(dataSource)
    .query<unknown[]>({ text: sql, values: parameters, rowMode: 'array' })
    .then(
      (result) => {
        const build = rowBuilderFor(sql, result.fields);
        const rows = new Array<Row>(result.rows.length);
        for (let index = 0; index < rows.length; index++) rows[index] = build(result.rows[index]) as Row;
        return rows;
      },
      (error: Error) => {
        throw new QueryFailedError(sql, parameters, error);
      },
    );
}

/**
 * `readRows` for a statement that answers at most one row (one deal by id): pg's own object rows.
 * Asking pg for arrays costs a copy of the query's settings (≈ 4 µs) that one row does not repay.
 */
export function readRow<Row>(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[],
): Promise<Row | undefined> {
  return pgPoolOf(dataSource)
    .query(sql, parameters)
    .then(
      (result) => result.rows[0] as Row | undefined,
      (error: Error) => {
        throw new QueryFailedError(sql, parameters, error);
      },
    );
}
