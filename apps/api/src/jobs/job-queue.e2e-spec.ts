import { DataSource } from 'typeorm';
import { ALL_TENANTS_ROLE } from '../database/database-roles';
import { pgPoolOf } from '../database/data-source';
import { createTestApp, queryTestDatabase } from '../test/test-app';
import { poolDatabase } from './job-queue-installation';

async function mailQueue() {
  const [row] = await queryTestDatabase<{
    retry_limit: number;
    retry_delay: number;
    dead_letter: string | null;
  }>("SELECT retry_limit, retry_delay, dead_letter FROM pgboss.queue WHERE name = 'mail.deliver'");
  return row;
}

describe('the job queue', () => {
  it('brings queues that already exist to the settings of the process that starts', async () => {
    const first = await createTestApp({ MAIL_RETRY_LIMIT: '2', MAIL_RETRY_DELAY_SECONDS: '7' });
    await first.close();
    expect(await mailQueue()).toMatchObject({ retry_limit: 2, retry_delay: 7 });
    const second = await createTestApp({ MAIL_RETRY_LIMIT: '4', MAIL_RETRY_DELAY_SECONDS: '3' });
    await second.close();
    expect(await mailQueue()).toMatchObject({ retry_limit: 4, retry_delay: 3 });
  });

  it('sends the jobs of a queue with a failure hook to its dead-letter queue', async () => {
    const [row] = await queryTestDatabase<{ dead_letter: string | null }>(
      "SELECT dead_letter FROM pgboss.queue WHERE name = 'imports.csv'",
    );
    expect(row?.dead_letter).toBe('imports.csv.failed');
  });

  it("runs pg-boss's own statements on the all-tenants login, not on a request's connection", async () => {
    const testApp = await createTestApp();
    try {
      const pool = pgPoolOf(testApp.app.get(DataSource));
      const { rows } = await poolDatabase(pool).executeSql(
        "SELECT current_user AS who, current_setting('tessera.institution_id', true) AS institution",
      );
      expect(rows).toEqual([{ who: ALL_TENANTS_ROLE, institution: null }]);
    } finally {
      await testApp.close();
    }
  });
});
