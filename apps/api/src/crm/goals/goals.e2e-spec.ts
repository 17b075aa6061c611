import { queryTestDatabase, type Session } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { createTestInstitution, signInFreshUser, signInNewMember } from '../../test/test-users';

/** The first month of the current quarter and year, as the server reckons them (UTC). */
function currentPeriods(now = new Date()) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    month: `${year}-${pad(month + 1)}`,
    quarter: `${year}-${pad(Math.floor(month / 3) * 3 + 1)}`,
    year: `${year}-01`,
  };
}

describe('sales goals', () => {
  const { api } = useTestApi([]);
  const periods = currentPeriods();
  let owner: Session;
  let member: Session;
  let viewer: Session;
  let outsider: Session;
  let institution: string;
  let other: string;
  const at = () => ({ 'X-Institution-Id': institution });

  beforeAll(async () => {
    institution = await createTestInstitution('goals');
    other = await createTestInstitution('goals-other');
    owner = await signInNewMember(api, institution, 'owner', 'goal-owner');
    member = await signInNewMember(api, institution, 'member', 'goal-member');
    viewer = await signInNewMember(api, institution, 'viewer', 'goal-viewer');
    outsider = await signInNewMember(api, other, 'owner', 'goal-outsider');
    // This quarter: the member won 1,500.50 and 2,000 and lost 700; the owner won 1,000.
    for (const [session, body] of [
      [member, { name: 'W1', amount: 1500.5, stage: 'closed_won' }],
      [member, { name: 'W2', amount: 2000, stage: 'closed_won' }],
      [member, { name: 'L1', amount: 700, stage: 'closed_lost' }],
      [owner, { name: 'W3', amount: 1000, stage: 'closed_won' }],
    ] as const)
      await session.agent.post('/api/crm/deals').set(at()).send(body).expect(201);
    // A deal won last year does not count.
    const old = await member.agent
      .post('/api/crm/deals')
      .set(at())
      .send({ name: 'Old', amount: 9999, stage: 'closed_won' })
      .expect(201);
    await queryTestDatabase(`UPDATE crm_deals SET closed_at = now() - interval '400 days' WHERE id = $1`, [
      old.body.id,
    ]);
    // Activities: two completed calls and a stage change (logged by the CRM, not counted), one pending.
    for (const subject of ['Call 1', 'Call 2', 'Call 3']) {
      const activity = await member.agent
        .post('/api/crm/activities')
        .set(at())
        .send({ type: 'call', subject })
        .expect(201);
      if (subject !== 'Call 3')
        await member.agent.patch(`/api/crm/activities/${activity.body.id}/complete`).set(at()).expect(200);
    }
    for (const last_name of ['One', 'Two', 'Three'])
      await member.agent.post('/api/crm/leads').set(at()).send({ first_name: 'Lead', last_name }).expect(201);
  });

  it('computes progress from the institution’s rows, per person and for the team', async () => {
    const create = (body: Record<string, unknown>) =>
      owner.agent.post('/api/crm/goals').set(at()).send(body).expect(201);
    const personal = await create({
      assignee: 'person',
      user_id: member.userId,
      metric: 'won_value',
      period: 'quarter',
      period_start: periods.quarter,
      target: 10000,
    });
    expect(personal.body).toEqual(
      expect.objectContaining({
        assignee: 'person',
        user_id: member.userId,
        assignee_name: 'goal-member Member',
        metric: 'won_value',
        target: 10000,
        progress: expect.objectContaining({ actual: 3500.5, percent: 35 }),
      }),
    );
    const team = await create({
      assignee: 'team',
      metric: 'deals_won',
      period: 'year',
      period_start: periods.year,
      target: 3,
    });
    expect(team.body.assignee_name).toBe('goals Holdings');
    // Won this year by anyone in the institution: W1, W2, W3 → achieved.
    expect(team.body.progress).toEqual(
      expect.objectContaining({ actual: 3, percent: 100, achieved: true, pace: 'on_track' }),
    );
    const activities = await create({
      assignee: 'person',
      user_id: member.userId,
      metric: 'activities_completed',
      period: 'month',
      period_start: periods.month,
      target: 4,
    });
    expect(activities.body.progress.actual).toBe(2);
    const leads = await create({
      assignee: 'team',
      metric: 'new_leads',
      period: 'month',
      period_start: periods.month,
      target: 3,
    });
    expect(leads.body.progress).toEqual(expect.objectContaining({ actual: 3, achieved: true }));
    // An impossible target is behind once the first second of the period has gone by.
    const behind = await create({
      assignee: 'person',
      metric: 'won_value',
      period: 'month',
      period_start: periods.month,
      target: 100_000_000_000,
    });
    expect(behind.body.user_id).toBe(owner.userId);
    expect(behind.body.progress.actual).toBe(1000);
    expect(behind.body.progress.pace).toBe('behind');

    const list = await member.agent.get('/api/crm/goals?current=true').set(at()).expect(200);
    expect(list.body).toHaveLength(5);
  });

  it('lets owners and admins change goals, and others only read them', async () => {
    const goal = await owner.agent
      .post('/api/crm/goals')
      .set(at())
      .send({
        assignee: 'team',
        metric: 'deals_won',
        period: 'month',
        period_start: periods.month,
        target: 10,
      })
      .expect(201);
    const path = `/api/crm/goals/${goal.body.id}`;
    await member.agent
      .post('/api/crm/goals')
      .set(at())
      .send({
        assignee: 'team',
        metric: 'deals_won',
        period: 'month',
        period_start: periods.month,
        target: 1,
      })
      .expect(403);
    await member.agent.patch(path).set(at()).send({ target: 1 }).expect(403);
    await viewer.agent.delete(path).set(at()).expect(403);
    await viewer.agent.get(path).set(at()).expect(200);
    const changed = await owner.agent.patch(path).set(at()).send({ target: 2 }).expect(200);
    expect(changed.body.target).toBe(2);
    await owner.agent.delete(path).set(at()).expect(204);
    await owner.agent.get(path).set(at()).expect(404);
  });

  it('refuses bad goals with field messages and writes nothing', async () => {
    const [before] = await queryTestDatabase<{ count: string }>(
      'SELECT count(*) FROM crm_goals WHERE org_id = $1',
      [institution],
    );
    const bad = async (body: Record<string, unknown>, field: string, status = 400) => {
      const response = await owner.agent.post('/api/crm/goals').set(at()).send(body).expect(status);
      if (status === 400) expect(response.body.errors?.[field]).toBeDefined();
    };
    const good = {
      assignee: 'team',
      metric: 'deals_won',
      period: 'quarter',
      period_start: periods.quarter,
      target: 5,
    };
    await bad({ ...good, metric: 'revenue' }, 'metric');
    await bad({ ...good, period: 'week' }, 'period');
    await bad({ ...good, assignee: 'everyone' }, 'assignee');
    await bad({ ...good, target: 0 }, 'target');
    await bad({ ...good, target: 1.234 }, 'target');
    await bad({ ...good, period_start: '2026-13' }, 'period_start');
    // A quarter starts in January, April, July or October.
    await bad({ ...good, period_start: '2026-02' }, 'period_start');
    await bad({ ...good, user_id: member.userId }, 'user_id');
    // Someone outside the institution is no one here.
    await bad({ ...good, assignee: 'person', user_id: outsider.userId }, 'user_id', 404);
    const [after] = await queryTestDatabase<{ count: string }>(
      'SELECT count(*) FROM crm_goals WHERE org_id = $1',
      [institution],
    );
    expect(after?.count).toBe(before?.count);
  });

  it('keeps goals to their institution, and personal goals to their person', async () => {
    const goal = await owner.agent
      .post('/api/crm/goals')
      .set(at())
      .send({
        assignee: 'team',
        metric: 'new_leads',
        period: 'month',
        period_start: periods.month,
        target: 5,
      })
      .expect(201);
    await outsider.agent.get(`/api/crm/goals/${goal.body.id}`).set({ 'X-Institution-Id': other }).expect(404);
    await outsider.agent.get('/api/crm/goals').set(at()).expect(403);
    await outsider.agent
      .patch(`/api/crm/goals/${goal.body.id}`)
      .set({ 'X-Institution-Id': other })
      .send({ target: 1 })
      .expect(404);
    const theirs = await outsider.agent.get('/api/crm/goals').set({ 'X-Institution-Id': other }).expect(200);
    expect(theirs.body).toEqual([]);

    const solo = await signInFreshUser(api, 'goals-solo');
    await solo.agent
      .post('/api/crm/goals')
      .send({
        assignee: 'team',
        metric: 'deals_won',
        period: 'month',
        period_start: periods.month,
        target: 1,
      })
      .expect(400);
    const mine = await solo.agent
      .post('/api/crm/goals')
      .send({
        assignee: 'person',
        metric: 'deals_won',
        period: 'month',
        period_start: periods.month,
        target: 1,
      })
      .expect(201);
    expect(mine.body.progress.actual).toBe(0);
    await owner.agent.get(`/api/crm/goals/${mine.body.id}`).expect(404);
    await owner.agent.get(`/api/crm/goals/${mine.body.id}`).set(at()).expect(404);
  });
});
