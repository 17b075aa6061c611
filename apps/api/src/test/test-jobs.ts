import { PgBoss } from 'pg-boss';
import { testDatabaseUrl } from './test-app';

/**
 * Puts jobs on the run's queue from outside any API process, as another worker (or a queue that
 * hands a job out again) would. The queue's own schema is left as the API migrated it.
 */
export async function sendTestJobs(
  name: string,
  jobs: object[],
  options: { retryLimit?: number } = {},
): Promise<void> {
  const boss = new PgBoss({
    connectionString: testDatabaseUrl(),
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  try {
    for (const data of jobs) await boss.send(name, data, options);
  } finally {
    await boss.stop({ graceful: false });
  }
}
