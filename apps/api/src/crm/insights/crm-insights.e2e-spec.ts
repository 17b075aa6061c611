import {
  BUILT_IN_SCORING_RULES,
  captureScore,
  type CrmReport,
  scoreBand,
  smartLeadScore,
} from '@tessera/data-access/contracts';
import { queryTestDatabase } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';

/**
 * Runs in the personal scope of a user no other spec writes for (no X-Institution-Id), so the
 * counts below are exactly what this file creates.
 */
describe('CRM insights', () => {
  const {
    api,
    sessions: [sam, demo],
  } = useTestApi(['sam.ortiz@globex.test', 'demo@acme.test']);

  const lead = (body: Record<string, unknown>) => sam.agent.post('/api/crm/leads').send(body).expect(201);
  /** Sam's analytics report for a query of the Analytics page (`period=last_7_days&stage=won`). */
  const samsReport = async (query: string): Promise<CrmReport> =>
    (await sam.agent.get(`/api/crm-insights/analytics?${query}`).expect(200)).body;
  /** Sam's report for the query, once its tiles are checked to hold these values. */
  const samsReportWithTiles = async (
    query: string,
    tiles: Partial<CrmReport['tiles']>,
  ): Promise<CrmReport> => {
    const report = await samsReport(query);
    expect(report.tiles).toEqual(expect.objectContaining(tiles));
    return report;
  };

  it('refuses calls without a session and bad queries', async () => {
    await fetch(`${api.url}/api/crm-insights/smart-leads`).then((response) =>
      expect(response.status).toBe(401),
    );
    await sam.agent.get('/api/crm-insights/analytics?period=last_week').expect(400);
    await sam.agent.get('/api/crm-insights/smart-leads?band=hot').expect(400);
    await sam.agent.get('/api/crm-insights/insights?stale_days=0').expect(400);
  });

  it('provisions the built-in rules, sample workflows and segments once, even under concurrency', async () => {
    const [first, second] = await Promise.all([
      sam.agent.get('/api/crm-insights/smart-leads').expect(200),
      sam.agent.get('/api/crm-insights/smart-leads').expect(200),
    ]);
    expect([first.body.provisioned, second.body.provisioned].sort()).toEqual([false, true]);
    const rules = await sam.agent.get('/api/crm/scoring-rules').expect(200);
    expect(rules.body.map((rule: { name: string; points: number }) => [rule.name, rule.points])).toEqual([
      ['Email Engagement', 25],
      ['Company Size', 20],
      ['Industry Match', 15],
    ]);
    const segments = await sam.agent.get('/api/crm/segments').expect(200);
    expect(segments.body.map((s: { name: string; lead_count: number }) => [s.name, s.lead_count])).toEqual([
      ['High-Value Prospects', 23],
      ['Warm Leads', 67],
      ['Cold Leads', 145],
    ]);
    const workflows = await sam.agent.get('/api/crm/workflows').expect(200);
    expect(workflows.body.length).toBeGreaterThanOrEqual(3);
    expect(first.body.active_workflows).toBe(
      workflows.body.filter((workflow: { active: boolean }) => workflow.active).length,
    );
    // The institution gets its own set, not Sam's.
    const acme = await demo.agent.get('/api/crm-insights/smart-leads').set(demo.headers('acme')).expect(200);
    expect(acme.body.total_leads).toBeGreaterThanOrEqual(0);
    const acmeRules = await demo.agent.get('/api/crm/scoring-rules').set(demo.headers('acme')).expect(200);
    expect(acmeRules.body.filter((rule: { built_in: boolean }) => rule.built_in)).toHaveLength(3);
  });

  it('scores leads with the active rules exactly like smartLeadScore, bands them and searches', async () => {
    const leads = [
      {
        first_name: 'Ava',
        last_name: 'Full',
        email: 'ava@full.test',
        company: 'Fullco',
        lead_source: 'website',
      },
      { first_name: 'Ben', last_name: 'Mail', email: 'ben@mail.test' },
      { first_name: 'Cy', last_name: 'Nothing' },
      { first_name: 'Di', last_name: 'Won', company: 'Wonco', lead_source: 'referral', stage: 'won' },
    ];
    for (const body of leads) await lead(body);
    const rules = BUILT_IN_SCORING_RULES.map((rule) => ({ ...rule, active: true }));
    const summary = await sam.agent.get('/api/crm-insights/smart-leads').expect(200);
    expect(summary.body.total_leads).toBe(4);
    for (const row of summary.body.leads) {
      const source = leads.find((l) => l.first_name === row.first_name) as (typeof leads)[number];
      expect(row.smart_score).toBe(smartLeadScore(source, rules));
      expect(row.band).toBe(scoreBand(row.smart_score));
    }
    // 60, 25, 0, 35 → no high, one medium, three low; 1 won of 4 → 25.0%.
    expect(summary.body.bands).toEqual({ high: 0, medium: 1, low: 3 });
    expect(summary.body.high_score_leads).toBe(0);
    expect(summary.body.conversion_rate).toBe(25);
    expect(summary.body.leads.map((row: { smart_score: number }) => row.smart_score)).toEqual([
      60, 35, 25, 0,
    ]);

    // A custom rule worth 40 for a phone pushes a complete lead to the high band.
    await sam.agent
      .post('/api/crm/scoring-rules')
      .send({ name: 'Phone on file', condition: 'Lead has a phone', criterion: 'has_phone', points: 40 })
      .expect(201);
    await lead({
      first_name: 'Eve',
      last_name: 'Phone',
      email: 'eve@p.test',
      company: 'P',
      lead_source: 'other',
      phone: '1',
    });
    const high = await sam.agent.get('/api/crm-insights/smart-leads?band=high').expect(200);
    expect(
      high.body.leads.map((row: { first_name: string; smart_score: number }) => [
        row.first_name,
        row.smart_score,
      ]),
    ).toEqual([['Eve', 100]]);
    expect(high.body.high_score_leads).toBe(1);

    // Switching the email rule off lowers every score that had it.
    const emailRule = (await sam.agent.get('/api/crm/scoring-rules').expect(200)).body.find(
      (rule: { name: string }) => rule.name === 'Email Engagement',
    );
    await sam.agent
      .patch(`/api/crm/scoring-rules/${emailRule.id}/active`)
      .send({ active: false })
      .expect(200);
    const after = await sam.agent.get('/api/crm-insights/smart-leads?q=ava').expect(200);
    expect(after.body.matching).toBe(1);
    expect(after.body.leads[0].smart_score).toBe(35);
    await sam.agent.patch(`/api/crm/scoring-rules/${emailRule.id}/active`).send({ active: true }).expect(200);

    const byCompany = await sam.agent.get('/api/crm-insights/smart-leads?q=WONCO').expect(200);
    expect(byCompany.body.leads.map((row: { first_name: string }) => row.first_name)).toEqual(['Di']);
    const bySegment = await sam.agent.get('/api/crm-insights/smart-leads?segment=cold&stage=won').expect(200);
    expect(bySegment.body.bands).toEqual({ high: 0, medium: 0, low: 1 });
  });

  it('captures a lead, performs its auto actions and runs the matching workflows', async () => {
    const form = {
      first_name: 'Hana',
      last_name: 'Hot',
      email: 'hana@hot.test',
      phone: '+1 555 0101',
      position: 'CTO',
      company: 'Hotco',
      website: 'https://hot.test',
      industry: 'technology',
      company_size: '51-200',
      budget_range: '50k+',
      timeline: 'immediate',
      lead_source: 'website',
      pain_points: 'Our reporting takes days and the board wants numbers every single Monday morning.',
    } as const;
    expect(captureScore(form).total).toBeGreaterThanOrEqual(80);
    const captured = await sam.agent.post('/api/crm-insights/capture').send(form).expect(201);
    expect(captured.body.message).toBe('Hot lead captured! Auto-assigned to top sales rep.');
    expect(captured.body.lead.status).toBe('qualified');
    expect(captured.body.actions.assigned_owner_id).toBe(sam.userId);
    expect(captured.body.actions.nurture_activity_id).toEqual(expect.any(String));
    expect(captured.body.actions.call_activity_id).toEqual(expect.any(String));
    const runs = captured.body.workflows as Array<{ name: string; status: string }>;
    expect(runs.map((run) => [run.name, run.status])).toEqual([
      ['Welcome New Leads', 'success'],
      ['High Score Alert', 'success'],
      ['Form Follow-up', 'success'],
    ]);
    const workflows = await sam.agent.get('/api/crm/workflows').expect(200);
    const welcome = workflows.body.find(
      (workflow: { name: string }) => workflow.name === 'Welcome New Leads',
    );
    expect(welcome.execution_count).toBe(1);
    expect(welcome.last_executed_at).toEqual(expect.any(String));
    const logs = await sam.agent.get(`/api/crm/workflows/${welcome.id}/executions`).expect(200);
    expect(logs.body[0]).toEqual(
      expect.objectContaining({ lead_id: captured.body.lead.id, status: 'success' }),
    );
    const emails = await queryTestDatabase(
      `SELECT subject FROM crm_activities WHERE lead_id = $1 AND type = 'email' AND status = 'completed'`,
      [captured.body.lead.id],
    );
    expect(emails.length).toBe(2);

    // A cold capture skips the threshold workflow (recorded, not counted) and stays new.
    const cold = await sam.agent
      .post('/api/crm-insights/capture')
      .send({ first_name: 'Cole', last_name: 'Cold', email: 'cole@cold.test' })
      .expect(201);
    expect(cold.body.message).toBe('Lead captured! Will be reviewed by our team.');
    expect(cold.body.lead.status).toBe('new');
    const alert = cold.body.workflows.find((run: { name: string }) => run.name === 'High Score Alert');
    expect(alert.status).toBe('skipped');
    await sam.agent
      .post('/api/crm-insights/capture')
      .send({ first_name: 'No', last_name: 'Mail' })
      .expect(400);
  });

  it('computes the panel cards, the analytics report and the insights from real rows', async () => {
    const won = await sam.agent
      .post('/api/crm/deals')
      .send({ name: 'Won deal', amount: 1000, stage: 'closed_won', lead_source: 'website' })
      .expect(201);
    await sam.agent
      .post('/api/crm/deals')
      .send({ name: 'Open deal', amount: 500, stage: 'proposal' })
      .expect(201);
    const overdue = await sam.agent
      .post('/api/crm/deals')
      .send({ name: 'Late deal', amount: 250, stage: 'negotiation', expected_close_date: '2020-01-01' })
      .expect(201);
    const stale = await sam.agent
      .post('/api/crm/deals')
      .send({ name: 'Quiet deal', amount: 100 })
      .expect(201);
    await queryTestDatabase(`UPDATE crm_deals SET created_at = now() - interval '40 days' WHERE id = $1`, [
      stale.body.id,
    ]);
    await queryTestDatabase(
      `UPDATE crm_activities SET created_at = now() - interval '40 days' WHERE deal_id = $1`,
      [stale.body.id],
    );
    expect(won.body.stage).toBe('closed_won');

    const overview = await sam.agent.get('/api/crm-insights/lead-overview').expect(200);
    expect(overview.body).toEqual(
      expect.objectContaining({ deals_count: 4, won_deals: 1, conversion_rate: 25, pipeline_value: 850 }),
    );

    const report = await samsReportWithTiles('period=last_7_days', {
      revenue: 1000,
      deals_count: 3,
      won_count: 1,
      conversion_rate: 33.33,
      win_rate: 100,
    });
    expect(report.trends).toHaveLength(7);
    expect(report.trends.reduce((sum: number, b: { deals: number }) => sum + b.deals, 0)).toBe(3);
    expect(report.trends.reduce((sum: number, b: { revenue: number }) => sum + b.revenue, 0)).toBe(1000);
    expect(report.pipeline.by_stage).toHaveLength(6);
    expect(report.pipeline.by_source[0]).toEqual(
      expect.objectContaining({ source: expect.any(String), deals: expect.any(Number) }),
    );
    expect(report.performance.top_performers[0]).toEqual(
      // Another spec may rename Sam in the shared database: the name comes from users either way.
      expect.objectContaining({
        owner_id: sam.userId,
        won_revenue: 1000,
        name: expect.stringMatching(/Ortiz/),
      }),
    );
    expect(report.forecast.history).toHaveLength(6);
    expect(report.forecast.projection).toHaveLength(3);
    const longer = await samsReport('period=last_90_days');
    expect(longer.tiles.deals_count).toBe(4);
    expect(longer.trends).toHaveLength(13);
    // The page's filters narrow the report: stage won → closed_won deals only; source website.
    await samsReportWithTiles('period=last_90_days&stage=won', {
      deals_count: 1,
      won_count: 1,
      revenue: 1000,
    });
    const website = await samsReport('period=last_90_days&source=website');
    expect(website.tiles.deals_count).toBe(1);
    const hot = await samsReport('period=last_90_days&segment=hot');
    expect(hot.tiles.deals_count).toBe(0);
    await sam.agent.get('/api/crm-insights/analytics?source=fax').expect(400);
    const year = await samsReport('period=last_year');
    expect(year.forecast.history).toHaveLength(12);

    // Revenue counts when a deal closes: an old deal won today adds to this week's revenue only.
    const old = await sam.agent
      .post('/api/crm/deals')
      .send({ name: 'Old deal', amount: 300, stage: 'proposal' })
      .expect(201);
    await queryTestDatabase(`UPDATE crm_deals SET created_at = now() - interval '60 days' WHERE id = $1`, [
      old.body.id,
    ]);
    await sam.agent.patch(`/api/crm/deals/${old.body.id}`).send({ stage: 'closed_won' }).expect(200);
    const week = await samsReportWithTiles('period=last_7_days', {
      revenue: 1300,
      deals_count: 3,
      won_count: 2,
      won_created_count: 1,
      conversion_rate: 33.33,
    });
    expect(week.tiles.pipeline_velocity_days).toBeGreaterThan(29);

    const insights = await sam.agent.get('/api/crm-insights/insights?stale_days=14').expect(200);
    const kinds = insights.body.insights.map((i: { kind: string; record: { id: string } }) => [
      i.kind,
      i.record.id,
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['overdue_deal', overdue.body.id],
        ['stalled_deal', stale.body.id],
      ]),
    );
    expect(kinds).not.toContainEqual(['stalled_deal', won.body.id]);
    // Hana (captured, scored by the database) counts only if her stored score is 70 or more.
    const hana = await queryTestDatabase<{ id: string; lead_score: number }>(
      `SELECT id, lead_score FROM crm_leads WHERE email = 'hana@hot.test'`,
    );
    const hanaRow = hana[0] as { id: string; lead_score: number };
    const flagged = kinds.some(
      ([kind, id]: [string, string]) => kind === 'uncontacted_lead' && id === hanaRow.id,
    );
    // Hana got workflow e-mails (completed), so she counts as contacted either way.
    expect(flagged).toBe(false);
    expect(insights.body.counts.overdue_deal).toBe(1);
    // Narrowed by the page's stage filter: negotiation holds the late deal, qualified none of them.
    const negotiation = await sam.agent.get('/api/crm-insights/insights?stage=negotiation').expect(200);
    expect(negotiation.body.counts).toEqual({ overdue_deal: 1, stalled_deal: 0, uncontacted_lead: 0 });
    const qualified = await sam.agent.get('/api/crm-insights/insights?stage=qualified').expect(200);
    expect(qualified.body.counts.overdue_deal).toBe(0);
  });
});
