import { type ApiProcess, startApiProcess } from '../test/api-process';
import { createTestApp, queryTestDatabase, signIn, type TestApp } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';
import { sendTestJobs } from '../test/test-jobs';
import { eventually } from '../test/test-smtp';
import { CSV_IMPORT_JOB } from './import-jobs.service';

const TASKS = '/api/modules/project/tasks';

interface ImportRow extends Record<string, unknown> {
  status: string;
  processed_rows: number;
  created_count: number;
  failure: string | null;
  has_source: boolean;
}

async function importRow(id: string): Promise<ImportRow> {
  const [row] = await queryTestDatabase<ImportRow>(
    `SELECT status, processed_rows, created_count, failure, source IS NOT NULL AS has_source
       FROM record_imports WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error(`no import ${id}`);
  return row;
}

/** An import as the API stores one, written directly, for jobs sent by the test itself. */
async function storedImport(source: string, totalRows: number): Promise<string> {
  const [row] = await queryTestDatabase<{ id: string }>(
    `INSERT INTO record_imports (org_id, owner_id, module_id, submodule_id, status, total_rows, source)
     SELECT i.id, u.id, 'project', 'tasks', 'pending', $2, $1
       FROM institutions i, users u WHERE i.slug = 'acme' AND u.email = 'demo@acme.test'
     RETURNING id`,
    [source, totalRows],
  );
  if (!row) throw new Error('no import stored');
  return row.id;
}

function sendImportJob(importId: string, retryLimit: number): Promise<void> {
  return sendTestJobs(CSV_IMPORT_JOB, [{ importId }], { retryLimit });
}

function taskCsv(prefix: string, count: number): string {
  return `title,status\r\n${Array.from({ length: count }, (_, index) => `${prefix} ${index},todo`).join('\r\n')}\r\n`;
}

describe('import jobs', () => {
  it('lists the caller’s imports still under way, and no longer once they are done', async () => {
    // A web-only process: the import waits in the queue until a worker takes it.
    const web = await createTestApp({ RUN_JOBS: '0' });
    let worker: TestApp | null = null;
    try {
      const demo = await signIn(web, 'demo@acme.test');
      const viewer = await signIn(web, 'viewer@acme.test');
      const started = await demo.agent
        .post(`${TASKS}/records/import`)
        .set(demo.headers('acme'))
        .send({ csv: taskCsv(`Queued ${Date.now()}`, 10) })
        .expect(202);
      expect(started.body).toEqual(
        expect.objectContaining({ status: 'pending', failure: null, total_rows: 10 }),
      );

      const active = await demo.agent.get(`${TASKS}/imports/active`).set(demo.headers('acme')).expect(200);
      expect(active.body.map((row: { id: string }) => row.id)).toContain(started.body.id);
      // Someone else's imports, another submodule's, or the personal scope's are not listed.
      const others = await viewer.agent
        .get(`${TASKS}/imports/active`)
        .set(viewer.headers('acme'))
        .expect(200);
      expect(others.body.map((row: { id: string }) => row.id)).not.toContain(started.body.id);
      const projects = await demo.agent
        .get('/api/modules/project/resources/imports/active')
        .set(demo.headers('acme'))
        .expect(200);
      expect(projects.body.map((row: { id: string }) => row.id)).not.toContain(started.body.id);
      const personal = await demo.agent.get(`${TASKS}/imports/active`).expect(200);
      expect(personal.body.map((row: { id: string }) => row.id)).not.toContain(started.body.id);

      worker = await createTestApp();
      await eventually(async () => (await importRow(started.body.id)).status === 'completed');
      const after = await demo.agent.get(`${TASKS}/imports/active`).set(demo.headers('acme')).expect(200);
      expect(after.body.map((row: { id: string }) => row.id)).not.toContain(started.body.id);
      // The file is not kept once the import has ended.
      expect((await importRow(started.body.id)).has_source).toBe(false);
    } finally {
      await worker?.close();
      await web.close();
    }
  }, 60_000);
});

describe('a large import', () => {
  const RESOURCES = '/api/modules/project/resources';
  let worker: ApiProcess | null = null;
  afterEach(async () => {
    await worker?.kill('SIGTERM');
    worker = null;
  });

  it('runs 30,000 rows to the end in a worker process apart from the one that took the file: progress only moves forward, every row is stored once', async () => {
    const total = 30_000;
    const prefix = `Bulk ${Date.now()}`;
    const csv = `Name,Availability\r\n${Array.from({ length: total }, (_, index) => `${prefix} ${index},available`).join('\r\n')}\r\n`;
    // The process a browser talks to runs no jobs: whatever happens to the request (a reload, a
    // closed tab), the import is the worker's.
    const web = await createTestApp({ RUN_JOBS: '0' });
    try {
      const demo = await signIn(web, 'demo@acme.test');
      const started = await demo.agent
        .post(`${RESOURCES}/records/import`)
        .set(demo.headers('acme'))
        .send({ csv })
        .expect(202);
      expect(started.body).toEqual(expect.objectContaining({ status: 'pending', total_rows: total }));
      worker = await startApiProcess();

      // What the screen polls, read until the end: the count never goes back, and it is seen
      // between the start and the end (the import is under way in batches, listed as active).
      const seen: number[] = [];
      let listedWhileRunning = false;
      const finished = await eventually(async () => {
        const { body } = await demo.agent
          .get(`${RESOURCES}/imports/${started.body.id}`)
          .set(demo.headers('acme'))
          .expect(200);
        seen.push(body.processed_rows);
        if (body.status === 'running' && body.processed_rows > 0 && !listedWhileRunning) {
          const active = await demo.agent
            .get(`${RESOURCES}/imports/active`)
            .set(demo.headers('acme'))
            .expect(200);
          listedWhileRunning = active.body.some((row: { id: string }) => row.id === started.body.id);
        }
        return body.status === 'completed' || body.status === 'failed' ? body : undefined;
      }, 150_000);

      expect(finished).toEqual(
        expect.objectContaining({
          status: 'completed',
          total_rows: total,
          processed_rows: total,
          created_count: total,
          error_count: 0,
          failure: null,
        }),
      );
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(seen.some((rows) => rows > 0 && rows < total)).toBe(true);
      expect(listedWhileRunning).toBe(true);
      const [counts] = await queryTestDatabase<{ records: string; names: string }>(
        `SELECT count(*) AS records, count(DISTINCT data->>'name') AS names FROM records
          WHERE module_id = 'project' AND submodule_id = 'resources' AND data->>'name' LIKE $1`,
        [`${prefix} %`],
      );
      expect({ records: Number(counts?.records), names: Number(counts?.names) }).toEqual({
        records: total,
        names: total,
      });
    } finally {
      await web.close();
    }
  }, 180_000);
});

describe('import refusals', () => {
  const { api } = useTestApi([], { RUN_JOBS: '0' });

  async function importCount(): Promise<number> {
    const [row] = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM record_imports');
    return Number(row?.count);
  }

  it('refuses an empty file, or one over 100,000 rows, with a message for the file and nothing stored', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const before = await importCount();
    const empty = await demo.agent
      .post(`${TASKS}/records/import`)
      .set(demo.headers('acme'))
      .send({ csv: 'title,status\r\n' })
      .expect(400);
    expect(empty.body.errors).toEqual({ csv: ['The file has no rows to import'] });
    const huge = await demo.agent
      .post(`${TASKS}/records/import`)
      .set(demo.headers('acme'))
      .send({ csv: taskCsv('H', 100_001) })
      .expect(400);
    expect(huge.body.errors).toEqual({ csv: ['At most 100000 rows can be imported at once'] });
    const notString = await demo.agent
      .post(`${TASKS}/records/import`)
      .set(demo.headers('acme'))
      .send({ csv: 42 })
      .expect(400);
    expect(notString.body.message).toEqual(
      expect.arrayContaining([expect.stringMatching(/^csv must be a string/)]),
    );
    expect(await importCount()).toBe(before);
  });

  it('answers 404 for imports into a submodule that keeps no records', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    await demo.agent
      .get('/api/modules/project/nothing-here/imports/active')
      .set(demo.headers('acme'))
      .expect(404);
    await demo.agent
      .post('/api/modules/project/nothing-here/records/import')
      .set(demo.headers('acme'))
      .send({ csv: 'title\r\nx\r\n' })
      .expect(404);
  });
});

describe('import jobs that fail', () => {
  let worker: TestApp;
  beforeAll(async () => {
    worker = await createTestApp();
  });
  afterAll(() => worker.close());

  it('marks an import failed with the reason once its job fails for good, keeping the rows done', async () => {
    const prefix = `Explode ${Date.now()}`;
    // The second batch's first row cannot be written: the first batch commits, the second never does.
    await queryTestDatabase(`
      CREATE FUNCTION refuse_exploding_task() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.data->>'title' = '${prefix} 500' THEN RAISE EXCEPTION 'disk full'; END IF;
        RETURN NEW;
      END $$`);
    await queryTestDatabase(
      'CREATE TRIGGER refuse_exploding_task BEFORE INSERT ON records FOR EACH ROW EXECUTE FUNCTION refuse_exploding_task()',
    );
    try {
      const id = await storedImport(taskCsv(prefix, 800), 800);
      await sendImportJob(id, 0);
      const failed = await eventually(async () => {
        const row = await importRow(id);
        return row.status === 'failed' ? row : undefined;
      });
      expect(failed.failure).toMatch(
        /^The import stopped after several attempts \(.*disk full.*\)\. Rows already imported are kept\.$/,
      );
      expect(failed.processed_rows).toBe(500);
      expect(failed.created_count).toBe(500);
      expect(failed.has_source).toBe(false);
    } finally {
      await queryTestDatabase('DROP TRIGGER refuse_exploding_task ON records');
      await queryTestDatabase('DROP FUNCTION refuse_exploding_task()');
    }
  }, 60_000);

  it('fails at once, without retrying, an import whose file can no longer be read', async () => {
    const id = await storedImport('nonsense\r\n1\r\n', 1);
    await sendImportJob(id, 5);
    const failed = await eventually(async () => {
      const row = await importRow(id);
      return row.status === 'failed' ? row : undefined;
    });
    expect(failed.failure).toMatch(/^Unknown columns: nonsense/);
    expect(failed.processed_rows).toBe(0);
  });
});
