import { Client } from 'pg';
import { queryTestDatabase, type Session, testDatabaseUrl } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { sendTestJobs } from '../../test/test-jobs';
import { eventually } from '../../test/test-smtp';
import { createTestInstitution, signInFreshUser, signInNewMember } from '../../test/test-users';
import { FORECAST_SNAPSHOT_JOB, ForecastSnapshotsService } from './forecast-snapshots.service';

/** A deal through the API, then its close date or closing moment set in the database where a test needs the past. */
async function deal(session: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await session.agent.post('/api/crm/deals').set(headers).send(body).expect(201);
  return response.body as { id: string; version: number };
}

describe('sales forecast', () => {
  const { api } = useTestApi([]);
  let rep: Session;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // Personal rows of a user of this file alone: every figure below is hand-computed.
    rep = await signInFreshUser(api, 'forecast');
    ids.a = (
      await deal(rep, { name: 'A', amount: 1000, stage: 'proposal', expected_close_date: '2031-03-10' })
    ).id;
    ids.b = (
      await deal(rep, {
        name: 'B',
        amount: 333.33,
        stage: 'qualification',
        expected_close_date: '2031-03-20',
      })
    ).id;
    ids.c = (
      await deal(rep, { name: 'C', amount: 2000, stage: 'negotiation', expected_close_date: '2031-04-02' })
    ).id;
    ids.lost = (
      await deal(rep, { name: 'Lost', amount: 800, stage: 'closed_lost', expected_close_date: '2031-03-05' })
    ).id;
    ids.later = (
      await deal(rep, {
        name: 'Later',
        amount: 100.1,
        stage: 'prospecting',
        expected_close_date: '2031-05-01',
      })
    ).id;
    ids.won = (
      await deal(rep, { name: 'Won', amount: 500, stage: 'closed_won', expected_close_date: '2031-06-01' })
    ).id;
    await queryTestDatabase(`UPDATE crm_deals SET closed_at = '2031-03-31T23:59:00Z' WHERE id = $1`, [
      ids.won,
    ]);
    await rep.agent
      .put(`/api/crm/deals/${ids.a}/forecast-category`)
      .send({ forecast_category: 'commit' })
      .expect(200);
    await rep.agent
      .put(`/api/crm/deals/${ids.c}/forecast-category`)
      .send({ forecast_category: 'best_case' })
      .expect(200);
  });

  it('weights open deals by stage probability per month, owner and category (hand-computed)', async () => {
    const { body } = await rep.agent.get('/api/crm/forecast?from=2031-03&to=2031-04').expect(200);
    expect(body.months).toEqual(['2031-03', '2031-04']);
    expect(body.owners).toHaveLength(1);
    const [march, april] = body.owners[0].months;
    // A: 1,000 × 50% = 500 (commit); B: 333.33 × 25% = 83.3325 → 83.33 (pipeline, never set).
    expect(march.categories.commit).toEqual({ count: 1, amount: 1000, weighted: 500 });
    expect(march.categories.pipeline).toEqual({ count: 1, amount: 333.33, weighted: 83.33 });
    // Won in March (by the date it closed), counted in full; the lost deal is not counted.
    expect(march.categories.closed).toEqual({ count: 1, amount: 500, weighted: 500 });
    // C: 2,000 × 75% = 1,500 (best case).
    expect(april.categories.best_case).toEqual({ count: 1, amount: 2000, weighted: 1500 });
    expect(body.totals.total).toEqual({
      pipeline: { count: 1, amount: 333.33, weighted: 83.33 },
      best_case: { count: 1, amount: 2000, weighted: 1500 },
      commit: { count: 1, amount: 1000, weighted: 500 },
      closed: { count: 1, amount: 500, weighted: 500 },
    });
    expect(body.deals.map((row: { id: string }) => row.id).sort()).toEqual(
      [ids.a, ids.b, ids.c, ids.won].sort(),
    );
    // Personal scope: the caller is its admin, and its team is the caller alone.
    expect(body.teams).toEqual([
      expect.objectContaining({ team_id: null, team_name: 'My deals', owners: 1 }),
    ]);
    expect(body.past).toEqual([]);
  });

  it('exports the forecast as CSV', async () => {
    const response = await rep.agent.get('/api/crm/forecast/export.csv?from=2031-03&to=2031-04').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Owner,Month,Category,Deals,Amount,Weighted');
    expect(lines).toContain('Fresh forecast,2031-03,Pipeline,1,333.33,83.33');
    expect(lines).toContain('All owners,2031-04,Best case,1,2000.00,1500.00');
  });

  it('refuses bad months with field messages', async () => {
    const bad = async (query: string, fields: string[]) => {
      const response = await rep.agent.get(`/api/crm/forecast?${query}`).expect(400);
      expect(Object.keys(response.body.errors ?? {}).sort()).toEqual(fields);
    };
    await bad('from=2031-13&to=2031-03', ['from']);
    await bad('from=2031-3&to=2031-03', ['from']);
    await bad('from=2031-03', ['to']);
    await bad('from=2031-05&to=2031-03', ['to']);
    await bad('from=2031-01&to=2033-01', ['to']);
    await rep.agent.get('/api/crm/forecast/export.csv?from=March&to=2031-03').expect(400);
  });

  it('lets the owner set an open deal’s category, never closed, never on a closed deal', async () => {
    const closed = await rep.agent
      .put(`/api/crm/deals/${ids.b}/forecast-category`)
      .send({ forecast_category: 'closed' })
      .expect(400);
    expect(closed.body.errors.forecast_category).toBeDefined();
    await rep.agent
      .put(`/api/crm/deals/${ids.lost}/forecast-category`)
      .send({ forecast_category: 'commit' })
      .expect(400);
    await rep.agent
      .put(`/api/crm/deals/${ids.b}/forecast-category`)
      .send({ forecast_category: 'best_case', x: 1 })
      .expect(400);
    const [row] = await queryTestDatabase<{ forecast_category: string | null }>(
      'SELECT forecast_category FROM crm_deals WHERE id = $1',
      [ids.b],
    );
    expect(row?.forecast_category).toBeNull();
    const shown = await rep.agent.get(`/api/crm/deals/${ids.a}`).expect(200);
    expect(shown.body.forecast_category).toBe('commit');
  });

  describe('in an institution', () => {
    let owner: Session;
    let member: Session;
    let colleague: Session;
    let viewer: Session;
    let outsider: Session;
    let institution: string;
    let other: string;
    const dealIds: Record<string, string> = {};

    beforeAll(async () => {
      institution = await createTestInstitution('forecast');
      other = await createTestInstitution('forecast-other');
      owner = await signInNewMember(api, institution, 'owner', 'fc-owner');
      member = await signInNewMember(api, institution, 'member', 'fc-member');
      colleague = await signInNewMember(api, institution, 'member', 'fc-colleague');
      viewer = await signInNewMember(api, institution, 'viewer', 'fc-viewer');
      outsider = await signInNewMember(api, other, 'owner', 'fc-outsider');
      const at = { 'X-Institution-Id': institution };
      dealIds.member = (
        await deal(
          member,
          { name: 'M1', amount: 4000, stage: 'proposal', expected_close_date: '2031-03-15' },
          at,
        )
      ).id;
      dealIds.owner = (
        await deal(
          owner,
          { name: 'O1', amount: 1000, stage: 'prospecting', expected_close_date: '2031-03-01' },
          at,
        )
      ).id;
      await deal(
        outsider,
        { name: 'Other', amount: 99999, stage: 'proposal', expected_close_date: '2031-03-15' },
        {
          'X-Institution-Id': other,
        },
      );
    });

    it('rolls up by team (the institution) for managers only', async () => {
      const at = { 'X-Institution-Id': institution };
      const managers = await owner.agent.get('/api/crm/forecast?from=2031-03&to=2031-03').set(at).expect(200);
      expect(managers.body.owners).toHaveLength(2);
      // 4,000 × 50% + 1,000 × 10% = 2,100 weighted pipeline.
      expect(managers.body.totals.total.pipeline).toEqual({ count: 2, amount: 5000, weighted: 2100 });
      expect(managers.body.teams).toEqual([
        expect.objectContaining({
          team_id: institution,
          team_name: 'forecast Holdings',
          owners: 2,
          total: expect.objectContaining({ pipeline: { count: 2, amount: 5000, weighted: 2100 } }),
        }),
      ]);
      const members = await member.agent.get('/api/crm/forecast?from=2031-03&to=2031-03').set(at).expect(200);
      expect(members.body.teams).toBeNull();
      expect(members.body.totals.total.pipeline.amount).toBe(5000);
    });

    it('lets only the deal’s owner or a CRM admin set its category', async () => {
      const at = { 'X-Institution-Id': institution };
      const path = `/api/crm/deals/${dealIds.member}/forecast-category`;
      await colleague.agent.put(path).set(at).send({ forecast_category: 'commit' }).expect(403);
      await viewer.agent.put(path).set(at).send({ forecast_category: 'commit' }).expect(403);
      await member.agent.put(path).set(at).send({ forecast_category: 'best_case' }).expect(200);
      const set = await owner.agent.put(path).set(at).send({ forecast_category: 'commit' }).expect(200);
      expect(set.body.forecast_category).toBe('commit');
    });

    it('keeps each institution’s forecast to itself', async () => {
      const theirs = await outsider.agent
        .get('/api/crm/forecast?from=2031-03&to=2031-03')
        .set({ 'X-Institution-Id': other })
        .expect(200);
      expect(theirs.body.totals.total.pipeline).toEqual({ count: 1, amount: 99999, weighted: 49999.5 });
      expect(JSON.stringify(theirs.body)).not.toContain(dealIds.member);
      await outsider.agent
        .get('/api/crm/forecast?from=2031-03&to=2031-03')
        .set({ 'X-Institution-Id': institution })
        .expect(403);
      await outsider.agent
        .put(`/api/crm/deals/${dealIds.member}/forecast-category`)
        .set({ 'X-Institution-Id': other })
        .send({ forecast_category: 'pipeline' })
        .expect(404);
      // Personal scope sees none of the institution's deals.
      const personal = await member.agent.get('/api/crm/forecast?from=2031-03&to=2031-03').expect(200);
      expect(personal.body.owners).toEqual([]);
      const [row] = await queryTestDatabase<{ forecast_category: string }>(
        'SELECT forecast_category FROM crm_deals WHERE id = $1',
        [dealIds.member],
      );
      expect(row?.forecast_category).toBe('commit');
    });
  });

  describe('monthly snapshot', () => {
    it('takes a month once, however often its job runs, and shows it against what closed', async () => {
      // A month long past, that no other suite forecasts.
      const past = await signInFreshUser(api, 'snapshot');
      const one = await deal(past, {
        name: 'P1',
        amount: 1200,
        stage: 'proposal',
        expected_close_date: '2019-06-10',
      });
      await deal(past, {
        name: 'P2',
        amount: 300,
        stage: 'qualification',
        expected_close_date: '2019-06-20',
      });
      await past.agent
        .put(`/api/crm/deals/${one.id}/forecast-category`)
        .send({ forecast_category: 'commit' })
        .expect(200);

      const snapshots = api.app.get(ForecastSnapshotsService);
      // Two at once, then once more: one claims the month, the others find it taken.
      const results = await Promise.all([snapshots.take('2019-06'), snapshots.take('2019-06')]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await snapshots.take('2019-06')).toBe(false);
      const rows = await queryTestDatabase<{
        category: string;
        deal_count: number;
        amount: string;
        weighted: string;
      }>(
        `SELECT category, deal_count, amount, weighted FROM crm_forecast_snapshots
          WHERE owner_id = $1 AND org_id IS NULL AND month = '2019-06-01' ORDER BY category`,
        [past.userId],
      );
      expect(rows).toEqual([
        { category: 'commit', deal_count: 1, amount: '1200.00', weighted: '600.00' },
        { category: 'pipeline', deal_count: 1, amount: '300.00', weighted: '75.00' },
      ]);
      // A month long gone is not taken late: the run that follows it is the current month's.
      const late = await queryTestDatabase(
        `SELECT 1 FROM pgboss.job WHERE name = $1 AND data ->> 'month' = '2019-07'`,
        [FORECAST_SNAPSHOT_JOB],
      );
      expect(late).toEqual([]);

      // The month then went its way: P1 won (late in June), P2 lost.
      await queryTestDatabase(
        `UPDATE crm_deals SET stage = 'closed_won', status = 'won', closed_at = '2019-06-28T12:00:00Z' WHERE id = $1`,
        [one.id],
      );
      const { body } = await past.agent.get('/api/crm/forecast?from=2019-05&to=2019-06').expect(200);
      expect(body.past).toEqual([
        { month: '2019-05', forecast_at_start: null, closed_won: { count: 0, amount: 0 } },
        {
          month: '2019-06',
          forecast_at_start: expect.objectContaining({
            commit: { count: 1, amount: 1200, weighted: 600 },
            pipeline: { count: 1, amount: 300, weighted: 75 },
            best_case: { count: 0, amount: 0, weighted: 0 },
            closed: { count: 0, amount: 0, weighted: 0 },
          }),
          closed_won: { count: 1, amount: 1200 },
        },
      ]);
    });

    it('takes the current month once the API has started', async () => {
      await eventually(async () => {
        const rows = await queryTestDatabase(
          `SELECT 1 FROM crm_forecast_snapshot_runs WHERE month = date_trunc('month', now() AT TIME ZONE 'UTC')::date`,
        );
        return rows.length === 1;
      });
    });

    it('counts a month as taken only once its snapshot committed: a claim lost in a crash is taken again', async () => {
      const person = await signInFreshUser(api, 'snapshot-crash');
      await deal(person, {
        name: 'C1',
        amount: 80,
        stage: 'qualification',
        expected_close_date: '2019-11-12',
      });
      // Another process claims the month, then dies before committing (its connection drops).
      const dying = new Client({ connectionString: testDatabaseUrl() });
      await dying.connect();
      await dying.query('BEGIN');
      await dying.query(`INSERT INTO crm_forecast_snapshot_runs (month) VALUES ('2019-11-01')`);
      const snapshots = api.app.get(ForecastSnapshotsService);
      // This run waits on the claim, and takes the month once the claim is gone with its process.
      const retry = snapshots.take('2019-11');
      await eventually(async () => {
        const waiting = await queryTestDatabase(
          `SELECT 1 FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'`,
        );
        return waiting.length > 0;
      });
      await dying.end();
      expect(await retry).toBe(true);
      const rows = await queryTestDatabase<{ deal_count: number; weighted: string }>(
        `SELECT deal_count, weighted FROM crm_forecast_snapshots WHERE owner_id = $1 AND month = '2019-11-01'`,
        [person.userId],
      );
      // 80 × 25% = 20.00, once.
      expect(rows).toEqual([{ deal_count: 1, weighted: '20.00' }]);
    });

    it('enqueues the next month’s run for the day it begins', async () => {
      const snapshots = api.app.get(ForecastSnapshotsService);
      expect(await snapshots.take('2035-01')).toBe(true);
      const [next] = await queryTestDatabase<{ start_after: Date }>(
        `SELECT start_after FROM pgboss.job WHERE name = $1 AND data ->> 'month' = '2035-02'`,
        [FORECAST_SNAPSHOT_JOB],
      );
      expect(next?.start_after.toISOString()).toBe('2035-02-01T00:00:00.000Z');
    });

    it('runs as a job on the queue, once per month even when sent twice', async () => {
      const person = await signInFreshUser(api, 'snapshot-job');
      await deal(person, { name: 'Q1', amount: 50, stage: 'negotiation', expected_close_date: '2019-09-03' });
      await sendTestJobs(FORECAST_SNAPSHOT_JOB, [{ month: '2019-09' }, { month: '2019-09' }]);
      await eventually(async () => {
        const queued = await queryTestDatabase<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = $1 AND data ->> 'month' = '2019-09'`,
          [FORECAST_SNAPSHOT_JOB],
        );
        return queued.length === 2 && queued.every((job) => job.state === 'completed');
      });
      const rows = await queryTestDatabase<{ deal_count: number; weighted: string }>(
        `SELECT deal_count, weighted FROM crm_forecast_snapshots WHERE owner_id = $1 AND month = '2019-09-01'`,
        [person.userId],
      );
      // 50 × 75% = 37.50, once.
      expect(rows).toEqual([{ deal_count: 1, weighted: '37.50' }]);
    });
  });
});
