import { queryTestDatabase, type Session, signIn } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { signInFreshUser } from '../../test/test-users';

describe('CRM analytics and charts', () => {
  const { api } = useTestApi([]);
  let rep: Session;
  beforeAll(async () => {
    // Personal rows of a user who has none yet: every figure below is hand-computed.
    rep = await signInFreshUser(api, 'analytics');
    const deals = [
      { name: 'Won A', amount: 1000, stage: 'closed_won' },
      { name: 'Won B', amount: 3000, stage: 'closed_won' },
      { name: 'Lost', amount: 500, stage: 'closed_lost' },
      { name: 'Open 1', amount: 2000, stage: 'proposal' },
      { name: 'Open 2', amount: 250.5 },
    ];
    for (const deal of deals) await rep.agent.post('/api/crm/deals').send(deal).expect(201);
    // Won deals closed 10 and 20 days after they were created: velocity 15 days.
    await queryTestDatabase(
      `UPDATE crm_deals SET created_at = closed_at - make_interval(days => CASE name WHEN 'Won A' THEN 10 ELSE 20 END)
        WHERE owner_id = $1 AND org_id IS NULL AND stage = 'closed_won'`,
      [rep.userId],
    );
    // Last period's revenue: one won deal created 40 days ago.
    await rep.agent
      .post('/api/crm/deals')
      .send({ name: 'Old won', amount: 2000, stage: 'closed_won' })
      .expect(201);
    await queryTestDatabase(
      `UPDATE crm_deals SET created_at = now() - interval '40 days', closed_at = now() - interval '35 days'
        WHERE owner_id = $1 AND org_id IS NULL AND name = 'Old won'`,
      [rep.userId],
    );
    await rep.agent
      .post('/api/crm/contacts')
      .send({ first_name: 'A', last_name: 'B', lead_source: 'referral' })
      .expect(201);
    await rep.agent
      .post('/api/crm/contacts')
      .send({ first_name: 'C', last_name: 'D', lead_source: 'referral' })
      .expect(201);
    await rep.agent.post('/api/crm/contacts').send({ first_name: 'E', last_name: 'F' }).expect(201);
    await rep.agent
      .post('/api/crm/leads')
      .send({ first_name: 'L', last_name: 'One', lead_source: 'trade_show' })
      .expect(201);
    await rep.agent.post('/api/crm/leads').send({ first_name: 'L', last_name: 'Two' }).expect(201);
  });

  it('computes revenue, conversion, pipeline value, win rate, velocity and the change from last period', async () => {
    const response = await rep.agent.get('/api/crm/analytics?period=last_30_days').expect(200);
    expect(response.body).toEqual(
      expect.objectContaining({
        revenue: 4000,
        previous_revenue: 2000,
        revenue_change_percent: 100,
        // won 2 of 5 deals created in the period
        conversion_rate: 40,
        pipeline_value: 2250.5,
        // 2 ÷ (2 + 1)
        win_rate: 66.67,
        pipeline_velocity_days: 15,
        deals_count: 5,
        won_count: 2,
        lost_count: 1,
        contacts_count: 3,
      }),
    );
    const explicit = await rep.agent
      .get(
        `/api/crm/analytics?start=${new Date(Date.now() - 60 * 86_400_000).toISOString()}&end=${new Date(Date.now() + 60_000).toISOString()}`,
      )
      .expect(200);
    expect(explicit.body.revenue).toBe(6000);
    expect(explicit.body.deals_count).toBe(6);
  });

  it('refuses a half or inverted range and unknown periods', async () => {
    await rep.agent.get('/api/crm/analytics?start=2026-01-01T00:00:00Z').expect(400);
    await rep.agent.get('/api/crm/analytics?start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z').expect(400);
    await rep.agent.get('/api/crm/analytics?period=last_decade').expect(400);
    await rep.agent.get('/api/crm/analytics?start=yesterday&end=today').expect(400);
  });

  it('charts the funnel of the first five stages, leads per week over 56 days and the lead sources', async () => {
    const response = await rep.agent.get('/api/crm/analytics/charts').expect(200);
    expect(response.body.funnel).toEqual([
      { stage: 'prospecting', label: 'Prospecting', count: 1 },
      { stage: 'qualification', label: 'Qualification', count: 0 },
      { stage: 'proposal', label: 'Proposal', count: 1 },
      { stage: 'negotiation', label: 'Negotiation', count: 0 },
      { stage: 'closed_won', label: 'Closed Won', count: 3 },
    ]);
    expect(response.body.leads_per_week).toHaveLength(8);
    expect(response.body.leads_per_week[7].count).toBe(2);
    expect(
      response.body.leads_per_week.slice(0, 7).every((week: { count: number }) => week.count === 0),
    ).toBe(true);
    // From leads, not contacts: the two referral contacts do not count.
    expect(response.body.lead_sources).toEqual([
      { source: 'trade_show', count: 1 },
      { source: 'unknown', count: 1 },
    ]);
  });

  it('spreads seeded institution leads over the weeks', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const response = await demo.agent.get('/api/crm/analytics/charts').set(demo.headers('acme')).expect(200);
    const total = response.body.leads_per_week.reduce(
      (sum: number, week: { count: number }) => sum + week.count,
      0,
    );
    expect(total).toBeGreaterThan(50);
    expect(response.body.funnel.every((stage: { count: number }) => stage.count > 0)).toBe(true);
  });
});
