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
