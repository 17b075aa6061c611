import { type ApiProcess, startApiProcess } from '../test/api-process';
import { queryTestDatabase, signIn } from '../test/test-app';
import { sendTestJobs } from '../test/test-jobs';
import { eventually } from '../test/test-smtp';
import { CSV_IMPORT_JOB } from './import-jobs.service';

/*
 * Crash safety with real processes on the run's database: kill -9 in the middle of an import, a
 * second process finishes it; and two processes working on one import at once. Every CSV row must
 * exist exactly once, counted by its unique title.
 */

const TASK_IMPORT = '/api/modules/project/tasks/records/import';
// The queue's supervisor looks for dead processes' jobs every 2 s here (10 s by default); the
// heartbeat (10 s, pg-boss's minimum) is what a crash costs.
const FAST_RECOVERY = { JOB_MONITOR_SECONDS: '2' };

interface ImportRow extends Record<string, unknown> {
  status: string;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  error_count: number;
  failure: string | null;
}

function taskCsv(prefix: string, count: number): string {
  const rows = Array.from({ length: count }, (_, index) => `${prefix} ${index},todo`);
  return `title,status\r\n${rows.join('\r\n')}\r\n`;
}

async function importRow(id: string): Promise<ImportRow> {
  const [row] = await queryTestDatabase<ImportRow>(
    `SELECT status, total_rows, processed_rows, created_count, error_count, failure
       FROM record_imports WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error(`no import ${id}`);
  return row;
}

async function waitForImport(id: string, until: (row: ImportRow) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await importRow(id);
    if (until(row)) return row;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How many records carry each title of the import: every title must appear exactly once. */
async function titleCounts(prefix: string): Promise<{ records: number; titles: number }> {
  const [row] = await queryTestDatabase<{ records: string; titles: string }>(
    `SELECT count(*) AS records, count(DISTINCT data->>'title') AS titles
       FROM records WHERE module_id = 'project' AND submodule_id = 'tasks' AND data->>'title' LIKE $1`,
    [`${prefix} %`],
  );
  return { records: Number(row?.records), titles: Number(row?.titles) };
}

async function startImport(api: ApiProcess, csv: string): Promise<string> {
  const demo = await signIn(api, 'demo@acme.test');
  const started = await demo.agent.post(TASK_IMPORT).set(demo.headers('acme')).send({ csv }).expect(202);
  return started.body.id as string;
}

/** An import that finished with every row created, each once. */
function completedWith(total: number) {
  return { status: 'completed', processed_rows: total, created_count: total, error_count: 0 };
}

describe('CSV imports survive crashes and run once across processes', () => {
  const processes: ApiProcess[] = [];
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((api) => api.kill('SIGKILL')));
  });

  it('resumes an import after kill -9 of its process without writing a batch twice', async () => {
    const total = 20_000;
    const prefix = `Crash ${Date.now()}`;
    const first = await startApiProcess(FAST_RECOVERY);
    processes.push(first);
    const id = await startImport(first, taskCsv(prefix, total));

    const before = await waitForImport(id, (row) => row.processed_rows > 0, 20_000);
    await first.kill('SIGKILL');
    const atCrash = await importRow(id);
    expect(before.processed_rows).toBeGreaterThan(0);
    expect(atCrash.processed_rows).toBeLessThan(total);
    expect(atCrash.status).toBe('running');
    // Only whole batches were committed, each with its cursor.
    expect(atCrash.processed_rows % 500).toBe(0);
    expect((await titleCounts(prefix)).records).toBe(atCrash.processed_rows);

    const second = await startApiProcess(FAST_RECOVERY);
    processes.push(second);
    const finished = await waitForImport(id, (row) => row.status !== 'running', 45_000);
    expect(finished).toEqual(expect.objectContaining({ ...completedWith(total), failure: null }));
    expect(await titleCounts(prefix)).toEqual({ records: total, titles: total });
    expect(second.output()).toMatch(new RegExp(`import ${id} resumes \\(attempt 2\\)`));
    const [stuck] = await queryTestDatabase<{ count: string }>(
      `SELECT count(*) FROM record_imports WHERE id = $1 AND status IN ('pending', 'running')`,
      [id],
    );
    expect(Number(stuck?.count)).toBe(0);
  }, 90_000);

  it('processes one import once when two processes run it at the same time', async () => {
    const total = 6_000;
    const prefix = `Twice ${Date.now()}`;
    const [one, two] = await Promise.all([startApiProcess(), startApiProcess()]);
    processes.push(one, two);
    const id = await startImport(one, taskCsv(prefix, total));
    // Two more jobs for the same import, as when the queue hands a job that looks dead to another
    // worker while its first worker is in fact still going: three runs, two processes, one import.
    await sendTestJobs(CSV_IMPORT_JOB, [{ importId: id }, { importId: id }]);

    const finished = await waitForImport(
      id,
      (row) => row.status !== 'pending' && row.status !== 'running',
      45_000,
    );
    expect(finished).toEqual(expect.objectContaining(completedWith(total)));
    expect(await titleCounts(prefix)).toEqual({ records: total, titles: total });
    // All three runs ended without error, and both processes took part.
    const runs = (output: string) => output.match(/imports\.csv \S+ done in/g)?.length ?? 0;
    await eventually(async () => runs(one.output()) + runs(two.output()) >= 3);
    expect(runs(one.output())).toBeGreaterThan(0);
    expect(runs(two.output())).toBeGreaterThan(0);
  }, 90_000);
});
