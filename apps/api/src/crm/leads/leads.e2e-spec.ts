import { createTestApp, queryTestDatabase, signIn } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { eventually } from '../../test/test-smtp';
import { hotLeadCaptureFixture } from '@tessera/data-access/testing';

describe('CRM leads', () => {
  const {
    api,
    sessions: [demo],
  } = useTestApi(['demo@acme.test']);

  const acme = () => demo.headers('acme');

  it('creates a lead owned by the caller in the institution and lists it by score', async () => {
    const created = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({
        first_name: 'Lena',
        last_name: 'Ortiz',
        email: 'lena@ortiz.test',
        lead_score: 91,
        stage: 'contacted',
      })
      .expect(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        owner_id: demo.userId,
        org_id: demo.institutions.acme,
        lead_score: 91,
        stage: 'contacted',
        status: 'new',
      }),
    );
    const page = await demo.agent
      .get('/api/crm/leads?stage=contacted&min_score=90&limit=5')
      .set(acme())
      .expect(200);
    expect(page.body.rows.map((row: { id: string }) => row.id)).toContain(created.body.id);
    expect(page.body.limit).toBe(5);
    expect(page.body.total).toBeGreaterThanOrEqual(1);
    const scores = page.body.rows.map((row: { lead_score: number }) => row.lead_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('keeps personal leads apart from the institution’s', async () => {
    const personal = await demo.agent
      .post('/api/crm/leads')
      .send({ first_name: 'Solo', last_name: 'Person' })
      .expect(201);
    expect(personal.body.org_id).toBeNull();
    await demo.agent.get(`/api/crm/leads/${personal.body.id}`).set(acme()).expect(404);
    await demo.agent.get(`/api/crm/leads/${personal.body.id}`).expect(200);
  });

  it('answers the unfiltered total from the kept count, which follows every change of the rows', async () => {
    const acmeId = demo.institutions.acme ?? '';
    const counted = async (scope: string) =>
      Number(
        (
          await queryTestDatabase<{ n: string }>(
            'SELECT count(*) AS n FROM crm_leads WHERE COALESCE(org_id, owner_id) = $1',
            [scope],
          )
        )[0]?.n,
      );
    const listed = async (headers: Record<string, string>) =>
      (await demo.agent.get('/api/crm/leads?limit=1').set(headers).expect(200)).body.total as number;
    expect(await listed(acme())).toBe(await counted(acmeId));

    const created = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({ first_name: 'Kept', last_name: 'Count' });
    expect(await listed(acme())).toBe(await counted(acmeId));
    // Bulk changes outside the API (an import, an operator) are counted too.
    await queryTestDatabase(
      `INSERT INTO crm_leads (org_id, owner_id, first_name, last_name)
       SELECT $1, $2, 'Bulk', 'Lead ' || n FROM generate_series(1, 40) AS n`,
      [acmeId, demo.userId],
    );
    expect(await listed(acme())).toBe(await counted(acmeId));
    // A lead moved to the caller's personal leads leaves the institution's total and joins theirs.
    await queryTestDatabase('UPDATE crm_leads SET org_id = NULL WHERE id = $1', [created.body.id]);
    expect(await listed(acme())).toBe(await counted(acmeId));
    expect(await listed({})).toBe(await counted(demo.userId));
    await queryTestDatabase(`DELETE FROM crm_leads WHERE first_name = 'Bulk' AND org_id = $1`, [acmeId]);
    await queryTestDatabase('DELETE FROM crm_leads WHERE id = $1', [created.body.id]);
    expect(await listed(acme())).toBe(await counted(acmeId));
    expect(await listed({})).toBe(await counted(demo.userId));
  });

  it('filters by source and max score and paginates with a total', async () => {
    const page = await demo.agent.get('/api/crm/leads?max_score=50&limit=3&offset=1').set(acme()).expect(200);
    expect(page.body.rows.length).toBeLessThanOrEqual(3);
    for (const row of page.body.rows) expect(row.lead_score).toBeLessThanOrEqual(50);
    const bySource = await demo.agent.get('/api/crm/leads?source=referral').set(acme()).expect(200);
    for (const row of bySource.body.rows) expect([row.lead_source, row.source]).toContain('referral');
  });

  it('updates a lead by id and lists high-scoring leads and leads by stage', async () => {
    const created = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({ first_name: 'Hi', last_name: 'Score', lead_score: 72 })
      .expect(201);
    const updated = await demo.agent
      .patch(`/api/crm/leads/${created.body.id}`)
      .set(acme())
      .send({ stage: 'qualified' })
      .expect(200);
    expect(updated.body.stage).toBe('qualified');
    const high = await demo.agent.get('/api/crm/leads/high-scoring').set(acme()).expect(200);
    expect(high.body.map((row: { id: string }) => row.id)).toContain(created.body.id);
    for (const row of high.body) expect(row.lead_score).toBeGreaterThanOrEqual(70);
    const stricter = await demo.agent.get('/api/crm/leads/high-scoring?min=95').set(acme()).expect(200);
    expect(stricter.body.map((row: { id: string }) => row.id)).not.toContain(created.body.id);
    const qualified = await demo.agent.get('/api/crm/leads/stage/qualified').set(acme()).expect(200);
    expect(qualified.body.map((row: { id: string }) => row.id)).toContain(created.body.id);
    await demo.agent.get('/api/crm/leads/stage/closed').set(acme()).expect(400);
  });

  it('scores a lead with calculate_lead_score_enhanced against a hand-computed case', async () => {
    // email 40 + 20·1 completed email = 60; website 50 + web source 50 = 100; 51-200 → 60;
    // finance → 100; 25k-50k → 80. 0.25·60 + 0.2·100 + 0.2·60 + 0.15·100 + 0.2·80 = 15+20+12+15+16 = 78
    const contact = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({ first_name: 'Fin', last_name: 'Ance', email: 'Fin@Ance.test', tags: ['vip', 'lead_score_3'] })
      .expect(201);
    await demo.agent
      .post('/api/crm/activities')
      .set(acme())
      .send({ type: 'email', subject: 'Intro', status: 'completed', contact_id: contact.body.id })
      .expect(201);
    const lead = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({
        first_name: 'Fin',
        last_name: 'Ance',
        email: 'fin@ance.test',
        website: 'https://ance.test',
        lead_source: 'google_search',
        company_size: '51-200',
        industry: 'finance',
        budget_range: '25k-50k',
      })
      .expect(201);
    const scored = await demo.agent.post(`/api/crm/leads/${lead.body.id}/score`).set(acme()).expect(200);
    expect(scored.body).toEqual({ lead_id: lead.body.id, lead_score: 78 });
    const after = await demo.agent.get(`/api/crm/contacts/${contact.body.id}`).set(acme()).expect(200);
    expect(after.body.tags).toEqual(['vip', 'lead_score_78']);
  });

  it('scores a bare lead 0 and a lead with only budget under 5k 4', async () => {
    const bare = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({ first_name: 'B', last_name: 'Are' })
      .expect(201);
    expect(
      (await demo.agent.post(`/api/crm/leads/${bare.body.id}/score`).set(acme()).expect(200)).body.lead_score,
    ).toBe(0);
    // 0.2·20 = 4
    const small = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({ first_name: 'S', last_name: 'Mall', budget_range: 'under_5k' })
      .expect(201);
    expect(
      (await demo.agent.post(`/api/crm/leads/${small.body.id}/score`).set(acme()).expect(200)).body
        .lead_score,
    ).toBe(4);
  });

  async function settledRun(path: string, headers: Record<string, string> = {}) {
    return eventually(async () => {
      const response = await demo.agent.get(path).set(headers).expect(200);
      return response.body.status === 'completed' || response.body.status === 'failed'
        ? response.body
        : undefined;
    });
  }

  it('recalculates every lead in scope as a job and reports how many it scored', async () => {
    const lead = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({ first_name: 'Re', last_name: 'Calc', industry: 'technology', lead_score: 99 })
      .expect(201);
    const started = await demo.agent.post('/api/crm/leads/score').set(acme()).expect(202);
    expect(started.body).toEqual(
      expect.objectContaining({ id: expect.any(String), updated: null, failure: null, finished_at: null }),
    );
    expect(['pending', 'running', 'completed']).toContain(started.body.status);
    const run = await settledRun(`/api/crm/leads/score/${started.body.id}`, acme());
    const [{ count }] = await queryTestDatabase<{ count: string }>(
      'SELECT count(*) FROM crm_leads WHERE org_id = $1',
      [demo.institutions.acme],
    );
    expect(run).toEqual(
      expect.objectContaining({ status: 'completed', updated: Number(count), failure: null }),
    );
    expect(run.finished_at).toEqual(expect.any(String));
    // industry technology only: 0.15·100 = 15
    const after = await demo.agent.get(`/api/crm/leads/${lead.body.id}`).set(acme()).expect(200);
    expect(after.body.lead_score).toBe(15);

    const personal = await demo.agent.post('/api/crm/leads/score').expect(202);
    expect((await settledRun(`/api/crm/leads/score/${personal.body.id}`)).updated).toBeGreaterThanOrEqual(1);
    // A run belongs to its scope: the institution's is not found among personal runs, nor elsewhere.
    await demo.agent.get(`/api/crm/leads/score/${started.body.id}`).expect(404);
    const globex = await signIn(api, 'owner@globex.test');
    await globex.agent
      .get(`/api/crm/leads/score/${started.body.id}`)
      .set(globex.headers('globex'))
      .expect(404);
    await demo.agent.get('/api/crm/leads/score/not-a-uuid').set(acme()).expect(400);
  });

  it('starts one run per scope however often Refresh Scores is pressed while it is under way', async () => {
    // A web-only process: the run stays queued, so every click lands while it is under way.
    const web = await createTestApp({ RUN_JOBS: '0' });
    try {
      const session = await signIn(web, 'demo@acme.test');
      const clicks = await Promise.all(
        [1, 2, 3].map(() =>
          session.agent.post('/api/crm/leads/score').set(session.headers('acme')).expect(202),
        ),
      );
      const ids = new Set(clicks.map((click) => click.body.id));
      expect(ids.size).toBe(1);
      const [run] = [...ids];
      const [{ count }] = await queryTestDatabase<{ count: string }>(
        `SELECT count(*) FROM crm_lead_score_runs WHERE org_id = $1 AND status IN ('pending', 'running')`,
        [demo.institutions.acme],
      );
      expect(Number(count)).toBe(1);
      // The worker of the suite's app runs it; then a new click starts a new run.
      expect((await settledRun(`/api/crm/leads/score/${run}`, acme())).status).toBe('completed');
      const next = await session.agent.post('/api/crm/leads/score').set(session.headers('acme')).expect(202);
      expect(next.body.id).not.toBe(run);
      await settledRun(`/api/crm/leads/score/${next.body.id}`, acme());
    } finally {
      await web.close();
    }
  });

  it('refuses Refresh Scores to a reader of the CRM', async () => {
    const viewer = await signIn(api, 'viewer@acme.test');
    await viewer.agent.post('/api/crm/leads/score').set(viewer.headers('acme')).expect(403);
  });

  it('answers 0 for the scoring procedure of an unknown lead', async () => {
    const [row] = await queryTestDatabase<{ score: number }>(
      'SELECT calculate_lead_score_enhanced(gen_random_uuid()) AS score',
    );
    expect(row.score).toBe(0);
  });

  describe('capture', () => {
    const hot = hotLeadCaptureFixture({
      last_name: 'Hot',
      email: 'ada.hot@capture.test',
      company: 'Engines',
      website: 'https://engines.test',
      notes: 'Met at the fair',
    });

    it('re-checks the score, qualifies, assigns the top rep, and schedules nurture and call tasks', async () => {
      const response = await demo.agent.post('/api/crm/leads/capture').set(acme()).send(hot).expect(201);
      expect(response.body.score.total).toBe(100);
      expect(response.body.score.badge).toBe('Hot Lead');
      expect(response.body.message).toBe('Hot lead captured! Auto-assigned to top sales rep.');
      expect(response.body.lead.status).toBe('qualified');
      expect(response.body.lead.qualification_score).toBe(100);
      const [top] = await queryTestDatabase<{ user_id: string }>(
        `SELECT m.user_id FROM institution_members m
           LEFT JOIN crm_deals d ON d.org_id = m.institution_id AND d.owner_id = m.user_id AND d.stage = 'closed_won'
          WHERE m.institution_id = $1 AND m.role <> 'viewer'
          GROUP BY m.user_id ORDER BY coalesce(sum(d.amount), 0) DESC, m.user_id LIMIT 1`,
        [demo.institutions.acme],
      );
      expect(response.body.lead.owner_id).toBe(top.user_id);
      expect(response.body.actions.assigned_owner_id).toBe(top.user_id);
      const tasks = await queryTestDatabase<{ type: string; status: string; due_date: Date | null }>(
        'SELECT type, status, due_date FROM crm_activities WHERE lead_id = $1 ORDER BY type',
        [response.body.lead.id],
      );
      expect(tasks.map((task) => task.type)).toEqual(['call', 'task']);
      for (const task of tasks) {
        expect(task.status).toBe('pending');
        expect(task.due_date).not.toBeNull();
      }
    });

    it('stores a low score as new without actions', async () => {
      const response = await demo.agent
        .post('/api/crm/leads/capture')
        .set(acme())
        .send({ first_name: 'Low', last_name: 'Lead', email: 'low@capture.test' })
        .expect(201);
      expect(response.body.score.total).toBe(18);
      expect(response.body.lead.status).toBe('new');
      expect(response.body.lead.owner_id).toBe(demo.userId);
      expect(response.body.actions).toEqual({
        assigned_owner_id: null,
        nurture_activity_id: null,
        call_activity_id: null,
      });
      expect(response.body.message).toBe('Lead captured! Will be reviewed by our team.');
    });

    it('refuses a capture without email, with bad enumerations, or with unknown fields, writing nothing', async () => {
      const before = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_leads');
      const missing = await demo.agent
        .post('/api/crm/leads/capture')
        .set(acme())
        .send({ first_name: 'No', last_name: 'Mail' })
        .expect(400);
      expect(missing.body.errors.email).toBeDefined();
      const bad = await demo.agent
        .post('/api/crm/leads/capture')
        .set(acme())
        .send({
          ...hot,
          industry: 'mining',
          company_size: '5',
          budget_range: 'lots',
          timeline: 'soon',
          lead_source: 'tv',
          lead_score: 3,
        })
        .expect(400);
      for (const field of ['industry', 'company_size', 'budget_range', 'timeline', 'lead_source'])
        expect(bad.body.errors[field]).toBeDefined();
      const unknown = await demo.agent
        .post('/api/crm/leads/capture')
        .set(acme())
        .send({ ...hot, owner_id: demo.userId })
        .expect(400);
      expect(unknown.body.message).toContain('property owner_id should not exist');
      const after = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_leads');
      expect(after[0].count).toBe(before[0].count);
    });
  });

  it('validates lead DTOs per field', async () => {
    const response = await demo.agent
      .post('/api/crm/leads')
      .set(acme())
      .send({ first_name: ' ', email: 'nope', lead_score: 101, stage: 'done', org_id: 'x' })
      .expect(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(
      ['email', 'first_name', 'last_name', 'lead_score', 'org_id', 'stage'].sort(),
    );
    await demo.agent.get('/api/crm/leads?min_score=-1').set(acme()).expect(400);
    await demo.agent.get('/api/crm/leads?limit=100000').set(acme()).expect(400);
    await demo.agent.get('/api/crm/leads?stage=unknown').set(acme()).expect(400);
    await demo.agent.patch('/api/crm/leads/not-a-uuid').set(acme()).send({}).expect(400);
  });
});
