import { DataSource, QueryFailedError } from 'typeorm';
import { runAsSystem } from '../access/tenant-context';
import { createTestApp, queryTestDatabase, type TestApp } from '../test/test-app';
import { readRow, readRows } from './read-rows';

describe('readRows', () => {
  let testApp: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    testApp = await createTestApp();
    dataSource = testApp.app.get(DataSource);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("answers the rows dataSource.query answers: same keys in the same order, values parsed by pg's types", async () => {
    const sql = `SELECT n AS id, 'row ' || n AS "name", NULL::text AS note, (n * 1.5)::float8 AS amount,
                        TIMESTAMPTZ '2026-11-27 10:00:00+00' + make_interval(days => n) AS created_at,
                        ARRAY[n, n + 1] AS pair, json_build_object('n', n) AS data
                   FROM generate_series(1, $1::int) AS n`;
    const ours = await runAsSystem('test', () => readRows<Record<string, unknown>>(dataSource, sql, [3]));
    const typeorms: Array<Record<string, unknown>> = await runAsSystem('test', () =>
      dataSource.query(sql, [3]),
    );
    expect(ours).toEqual(typeorms);
    expect(ours.map((row) => Object.keys(row))).toEqual(typeorms.map((row) => Object.keys(row)));
    expect(ours[0].created_at).toBeInstanceOf(Date);
  });

  it('keeps any column name as it is (quotes, backslashes, spaces) and, for a repeated name, the last value', async () => {
    const [row] = await readRows<Record<string, unknown>>(
      dataSource,
      `SELECT 1 AS "say ""hi""", 2 AS "back\\slash", 3 AS "}; throw 1; ({", 4 AS twice, 5 AS twice`,
      [],
    );
    expect(row).toEqual({ 'say "hi"': 1, 'back\\slash': 2, '}; throw 1; ({': 3, twice: 5 });
  });

  it('keeps a column named __proto__ as an own property, as pg does, and leaves the prototype alone', async () => {
    const [row] = await readRows<Record<string, unknown>>(dataSource, 'SELECT 1 AS "__proto__", 2 AS b', []);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
  });

  it('sends values as pg sends them (dates, arrays, objects as JSON, booleans, null)', async () => {
    const sql = `SELECT $1::timestamptz AS at, $2::int[] AS list, $3::jsonb AS data, $4::boolean AS flag,
                        $5::text AS nothing, $6::numeric AS amount`;
    const values = [new Date('2026-11-27T10:00:00Z'), [1, 2, 3], { a: [1, { b: 'c' }] }, true, null, 12.5];
    const ours = await readRows<Record<string, unknown>>(dataSource, sql, values);
    const typeorms: Array<Record<string, unknown>> = await dataSource.query(sql, values);
    expect(ours).toEqual(typeorms);
    expect(ours[0]).toEqual({
      at: new Date('2026-11-27T10:00:00Z'),
      list: [1, 2, 3],
      data: { a: [1, { b: 'c' }] },
      flag: true,
      nothing: null,
      amount: '12.5',
    });
  });

  it('refuses a value pg cannot send without running anything, and the pool goes on answering', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const failure = await readRows(dataSource, 'SELECT $1::jsonb AS data', [circular]).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(QueryFailedError);
    // Every connection of the pool still answers: none was left waiting for a statement.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => readRow<{ n: number }>(dataSource, 'SELECT $1::int AS n', [n])),
    );
    expect(answers.map((row) => row?.n)).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });

  it('fails a read whose connection is cut, and the next read gets a working connection', async () => {
    const reading = readRows(dataSource, 'SELECT pg_sleep(30) AS slept, 4321 AS marker', []).catch(
      (error: unknown) => error,
    );
    let cut = 0;
    for (let attempt = 0; attempt < 50 && cut === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await queryTestDatabase<{ cut: boolean }>(
        `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
          WHERE query LIKE 'SELECT pg_sleep(30) AS slept, 4321%' AND pid <> pg_backend_pid()`,
      );
      cut = rows.length;
    }
    expect(cut).toBe(1);
    expect(await reading).toBeInstanceOf(QueryFailedError);
    expect(await readRow(dataSource, 'SELECT 7 AS n', [])).toEqual({ n: 7 });
  });

  it('parses a column by its type now, when the same text answers the same name with another type', async () => {
    const table = `read_rows_type_${process.pid}`;
    await queryTestDatabase(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (a int); INSERT INTO ${table} VALUES (1);
                             GRANT SELECT ON ${table} TO PUBLIC`);
    const sql = `SELECT a FROM ${table}`;
    expect(await readRows(dataSource, sql, [])).toEqual([{ a: 1 }]);
    await queryTestDatabase(`ALTER TABLE ${table} ALTER COLUMN a TYPE text`);
    expect(await readRows(dataSource, sql, [])).toEqual([{ a: '1' }]);
    await queryTestDatabase(`DROP TABLE ${table}`);
  });

  it('fails as dataSource.query fails: a QueryFailedError with the statement', async () => {
    const failure = await readRows(dataSource, 'SELECT no_such_column FROM generate_series(1, 1)', []).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError).query).toBe('SELECT no_such_column FROM generate_series(1, 1)');
  });

  it('answers one row as pg does, undefined when there is none, and fails with a QueryFailedError', async () => {
    const sql = "SELECT n AS id, 'row ' || n AS name FROM generate_series(1, $1::int) AS n";
    expect(await readRow(dataSource, sql, [1])).toEqual({ id: 1, name: 'row 1' });
    expect(await readRow(dataSource, sql, [0])).toBeUndefined();
    await expect(readRow(dataSource, 'SELECT nope', [])).rejects.toBeInstanceOf(QueryFailedError);
  });

  it('builds rows of the columns a statement answers now, when the same text answers other columns', async () => {
    const table = `read_rows_shape_${process.pid}`;
    await queryTestDatabase(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (a int); INSERT INTO ${table} VALUES (1);
                             GRANT SELECT ON ${table} TO PUBLIC`);
    const sql = `SELECT * FROM ${table}`;
    expect(await readRows(dataSource, sql, [])).toEqual([{ a: 1 }]);
    await queryTestDatabase(`ALTER TABLE ${table} ADD COLUMN b int DEFAULT 2`);
    expect(await readRows(dataSource, sql, [])).toEqual([{ a: 1, b: 2 }]);
    await queryTestDatabase(`DROP TABLE ${table}`);
  });
});
