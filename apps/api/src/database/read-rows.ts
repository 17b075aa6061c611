import pg, {
  type BindConfig,
  type Connection,
  type FieldDef,
  type Pool,
  type PoolClient,
  type Submittable,
} from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { type DataSource, QueryFailedError } from 'typeorm';
import { pgPoolOf } from './data-source';

type TypeParser = (text: string) => unknown;
type RawValues = ReadonlyArray<string | null>;

/** How the rows of one statement are made: its columns, and one function that builds a row from them. */
interface RowShape {
  readonly names: readonly string[];
  readonly typeIds: readonly number[];
  readonly build: (raw: RawValues) => Record<string, unknown>;
}

/** By statement text: a statement's columns are fixed, so its shape is found without hashing its columns. */
const rowShapes = new Map<string, RowShape>();
/** Statements come from the code; the bound only guards against a runaway. */
const MAX_ROW_SHAPES = 500;

function shapeFits(shape: RowShape, fields: readonly FieldDef[]): boolean {
  if (shape.names.length !== fields.length) return false;
  for (let index = 0; index < fields.length; index++) {
    if (shape.names[index] !== fields[index].name || shape.typeIds[index] !== fields[index].dataTypeID) {
      return false;
    }
  }
  return true;
}

/**
 * The row builder of one column list: an object literal whose values are pg's own type parsers
 * applied to the text PostgreSQL sent. pg itself builds each row from a shared template and a loop
 * of assignments, and before that, for every statement it runs, a template object of the column
 * names (`Result.addFields`): measured, 12 µs for a 21-column statement even alone, and more in a
 * process that runs hundreds of statements, where the shared loop runs on V8's slowest path
 * (docs/adr/0025-per-request-costs-4.md). A literal per column list gives every row of a statement
 * one shape from the start, made once per statement. Names are written with JSON.stringify, so any
 * column name is a plain quoted key; `__proto__` is a computed key, an own property as in pg's rows;
 * a repeated name keeps its first place and the last value, as in pg's rows.
 */
function rowShapeFor(sql: string, fields: readonly FieldDef[]): RowShape {
  const kept = rowShapes.get(sql);
  if (kept && shapeFits(kept, fields)) return kept;
  const parsers: TypeParser[] = fields.map(
    (field) => pg.types.getTypeParser(field.dataTypeID, 'text') as TypeParser,
  );
  const properties = fields.map((field, index) => {
    const key = field.name === '__proto__' ? '["__proto__"]' : JSON.stringify(field.name);
    return `${key}: raw[${index}] === null ? null : parse${index}(raw[${index}])`;
  });
  const named = parsers.map((_, index) => `parse${index} = parsers[${index}]`);
  const build = new Function(
    'parsers',
    `${named.length ? `const ${named.join(', ')};` : ''} return function buildRow(raw) { return { ${properties.join(', ')} }; };`,
  )(parsers) as RowShape['build'];
  const shape: RowShape = {
    names: fields.map((field) => field.name),
    typeIds: fields.map((field) => field.dataTypeID),
    build,
  };
  if (rowShapes.size >= MAX_ROW_SHAPES) rowShapes.clear();
  rowShapes.set(sql, shape);
  return shape;
}

type ReadCallback = (error: Error | null, rows: Array<Record<string, unknown>>) => void;

/** What a statement threw, as the Error pg's callbacks carry (anything thrown may be a non-Error). */
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * One read statement sent as pg's own Query sends it (Parse, Bind with pg's value conversion,
 * Describe, Execute, Sync, corked into one write), its rows built by the statement's row shape.
 * pg calls these methods as it calls its Query's (the Submittable protocol pg-cursor is built on);
 * `client.query()` still applies the connection's read timeout around `callback`.
 */
class StatementRead implements Submittable {
  /** Set by the constructor; `client.query()` may wrap it (the read timeout), so it is read when called. */
  callback: ReadCallback;
  private shape: RowShape | null = null;
  private readonly rows: Array<Record<string, unknown>> = [];
  /** A row that could not be parsed: reported once PostgreSQL is ready again, as pg's Query does. */
  private failure: Error | null = null;
  private settled = false;

  constructor(
    readonly text: string,
    readonly values: readonly unknown[],
    callback: ReadCallback,
  ) {
    this.callback = callback;
  }

  submit(connection: Connection): null {
    const { stream } = connection;
    stream.cork();
    try {
      connection.parse({ text: this.text, name: '', types: [] }, false);
      try {
        // The values are any JavaScript values: pg's prepareValue makes them the text PostgreSQL reads.
        const values = this.values as BindConfig['values'];
        connection.bind({ values, valueMapper: prepareValue }, false);
      } catch (error) {
        // A value pg cannot convert: nothing runs, the connection is brought back to ready.
        connection.close({ type: 'S', name: '' }, false);
        connection.sync();
        this.settle(asError(error));
        return null;
      }
      connection.describe({ type: 'P', name: '' }, false);
      connection.execute({}, false);
      connection.sync();
    } finally {
      stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDef[] }): void {
    this.shape = rowShapeFor(this.text, message.fields);
  }

  handleDataRow(message: { fields: RawValues }): void {
    if (this.failure || !this.shape) return;
    try {
      this.rows.push(this.shape.build(message.fields));
    } catch (error) {
      this.failure = asError(error);
    }
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  /** Only a row-limited Execute is suspended; this one asks for every row. */
  handlePortalSuspended(): void {
    this.failure ??= new Error('A read statement was suspended before its last row');
  }

  handleCopyInResponse(connection: Connection & { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    this.settle(this.failure ?? error);
  }

  handleReadyForQuery(): void {
    this.settle(this.failure);
  }

  private settle(error: Error | null): void {
    if (this.settled) return;
    this.settled = true;
    this.callback(error, this.rows);
  }
}

/**
 * Runs one read on a connection of `pool` and gives it back, as pg-pool's own `query()` does: the
 * connection comes through the pool's `connect()` (bound to the tenant context by
 * access/tenant-connection.ts, so the tenant's settings and row-level security apply), a connection
 * error during the read fails it, and a connection that failed a statement is not reused.
 */
function runRead(pool: Pool, sql: string, parameters: readonly unknown[], done: ReadCallback): void {
  pool.connect((connectFailure, client, release) => {
    if (connectFailure || !client) return done(connectFailure ?? new Error('No connection'), []);
    const connection = client as PoolClient;
    let released = false;
    const onConnectionError = (error: Error) => {
      if (released) return;
      released = true;
      release(error);
      done(error, []);
    };
    connection.once('error', onConnectionError);
    const read = new StatementRead(sql, parameters, (error, rows) => {
      connection.removeListener('error', onConnectionError);
      if (released) return;
      released = true;
      release(error ?? undefined);
      done(error, rows);
    });
    try {
      connection.query(read);
    } catch (error) {
      read.handleError(asError(error));
    }
  });
}

/**
 * One read statement on TypeORM's own pg pool, for the hot reads that return plain rows
 * (docs/adr/0009-raw-sql-policy.md, case 4; docs/adr/0018-per-request-costs-2.md,
 * docs/adr/0025-per-request-costs-4.md).
 *
 * `dataSource.query()` makes a query runner per statement, broadcasts its before/after events to
 * every subscriber and asks the pool for a connection through the runner; a single SELECT outside a
 * transaction needs none of it. This runs the statement on a connection of the pool TypeORM uses,
 * through the same `connect()`, so the tenant's settings and row-level security apply exactly as
 * they do to `dataSource.query()`. Values are parsed by pg's type parsers as always; each row is
 * made by its statement's row shape (`rowShapeFor`). A failure is TypeORM's QueryFailedError, as
 * from `dataSource.query()`, so the exception filter answers it the same way.
 *
 * Reads only (their rows are the answer); writes and transactions stay with TypeORM, whose
 * subscribers (the API-key audit among them) must see them.
 */
export function readRows<Row>(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<Row[]> {
  return read(dataSource, sql, parameters, (rows) => rows as Row[]);
}

/** `readRows` for a statement that answers at most one row (one deal by id): that row, or undefined. */
export function readRow<Row>(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[],
): Promise<Row | undefined> {
  return read(dataSource, sql, parameters, (rows) => rows[0] as Row | undefined);
}

/** One promise per read (no `.then` on top): the answer is taken from the rows in the callback. */
function read<Answer>(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[],
  answer: (rows: Array<Record<string, unknown>>) => Answer,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    runRead(pgPoolOf(dataSource), sql, parameters, (error, rows) =>
      error ? reject(new QueryFailedError(sql, parameters, error)) : resolve(answer(rows)),
    );
  });
}
