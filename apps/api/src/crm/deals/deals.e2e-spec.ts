import { queryTestDatabase, signIn } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';

describe('CRM deals and activities', () => {
  const {
    api,
    sessions: [demo],
  } = useTestApi(['demo@acme.test']);
  const acme = () => demo.headers('acme');

  it('lists the institution’s seeded deals newest first, over all six stages', async () => {
    const response = await demo.agent.get('/api/crm/deals').set(acme()).expect(200);
    expect(response.body.length).toBeGreaterThanOrEqual(40);
    const times = response.body.map((deal: { created_at: string }) => Date.parse(deal.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(response.body.map((deal: { stage: string }) => deal.stage))).toEqual(
      new Set(['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost']),
    );
    expect(typeof response.body[0].amount).toBe('number');
    const won = await demo.agent.get('/api/crm/deals?stage=closed_won').set(acme()).expect(200);
    for (const deal of won.body) expect(deal.status).toBe('won');
  });

  it('creates, reads, updates and deletes a deal', async () => {
    const created = await demo.agent
      .post('/api/crm/deals')
      .set(acme())
      .send({ name: 'Big one', amount: 12500.75, probability: 40, expected_close_date: '2030-05-01' })
      .expect(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        name: 'Big one',
        amount: 12500.75,
        currency: 'USD',
        stage: 'prospecting',
        status: 'open',
        version: 1,
        expected_close_date: '2030-05-01',
        owner_id: demo.userId,
        org_id: demo.institutions.acme,
      }),
    );
    const read = await demo.agent.get(`/api/crm/deals/${created.body.id}`).set(acme()).expect(200);
    expect(read.body.id).toBe(created.body.id);
    // The list (plain rows, no hydration) answers exactly the shape of the single deal.
    const listed = await demo.agent.get('/api/crm/deals?limit=5').set(acme()).expect(200);
    expect(listed.body.find((deal: { id: string }) => deal.id === created.body.id)).toEqual(read.body);
    const updated = await demo.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .set(acme())
      .send({ amount: 13000, description: 'Scope grew', version: 1 })
      .expect(200);
    expect(updated.body).toEqual(
      expect.objectContaining({ amount: 13000, description: 'Scope grew', version: 2 }),
    );
    await demo.agent.delete(`/api/crm/deals/${created.body.id}`).set(acme()).expect(204);
    await demo.agent.get(`/api/crm/deals/${created.body.id}`).set(acme()).expect(404);
  });

  it('moves a deal’s stage with its status, close time and a stage_change activity', async () => {
    const created = await demo.agent.post('/api/crm/deals').set(acme()).send({ name: 'Drag me' }).expect(201);
    const won = await demo.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .set(acme())
      .send({ stage: 'closed_won' })
      .expect(200);
    expect(won.body).toEqual(expect.objectContaining({ stage: 'closed_won', status: 'won', version: 2 }));
    expect(won.body.closed_at).not.toBeNull();
    const activities = await demo.agent
      .get(`/api/crm/activities?deal_id=${created.body.id}`)
      .set(acme())
      .expect(200);
    expect(activities.body).toEqual([
      expect.objectContaining({
        type: 'stage_change',
        subject: 'Stage changed from Prospecting to Closed Won',
        status: 'completed',
        deal_id: created.body.id,
      }),
    ]);
    const reopened = await demo.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .set(acme())
      .send({ stage: 'negotiation' })
      .expect(200);
    expect(reopened.body).toEqual(expect.objectContaining({ status: 'open', closed_at: null, version: 3 }));
  });

  it('answers 409 to an update carrying a stale version, and changes nothing', async () => {
    const created = await demo.agent
      .post('/api/crm/deals')
      .set(acme())
      .send({ name: 'Contended' })
      .expect(201);
    await demo.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .set(acme())
      .send({ stage: 'proposal', version: 1 })
      .expect(200);
    const stale = await demo.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .set(acme())
      .send({ stage: 'closed_lost', version: 1 })
      .expect(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const [row] = await queryTestDatabase<{ stage: string; version: number }>(
      'SELECT stage, version FROM crm_deals WHERE id = $1',
      [created.body.id],
    );
    expect(row).toEqual({ stage: 'proposal', version: 2 });
    const activities = await queryTestDatabase('SELECT 1 FROM crm_activities WHERE deal_id = $1', [
      created.body.id,
    ]);
    expect(activities).toHaveLength(1);
  });

  it('leaves a deal moved to the stage it is in as it was: same version, no activity', async () => {
    const created = await demo.agent.post('/api/crm/deals').set(acme()).send({ name: 'Stays' }).expect(201);
    const same = await demo.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .set(acme())
      .send({ stage: 'prospecting' })
      .expect(200);
    expect(same.body).toEqual(created.body);
    const activities = await queryTestDatabase('SELECT 1 FROM crm_activities WHERE deal_id = $1', [
      created.body.id,
    ]);
    expect(activities).toEqual([]);
  });

  it('answers 404 to moving another institution’s deal, and leaves it as it was', async () => {
    const globex = await signIn(api, 'owner@globex.test');
    const theirs = await globex.agent
      .post('/api/crm/deals')
      .set(globex.headers('globex'))
      .send({ name: 'Their deal' })
      .expect(201);
    await demo.agent
      .patch(`/api/crm/deals/${theirs.body.id}`)
      .set(acme())
      .send({ stage: 'closed_won' })
      .expect(404);
    const [row] = await queryTestDatabase<{ stage: string; version: number }>(
      'SELECT stage, version FROM crm_deals WHERE id = $1',
      [theirs.body.id],
    );
    expect(row).toEqual({ stage: 'prospecting', version: 1 });
  });

  it('moves a personal deal (no institution) with its activity', async () => {
    const created = await demo.agent.post('/api/crm/deals').send({ name: 'Mine' }).expect(201);
    const moved = await demo.agent
      .patch(`/api/crm/deals/${created.body.id}`)
      .send({ stage: 'qualification' })
      .expect(200);
    expect(moved.body).toEqual(expect.objectContaining({ org_id: null, stage: 'qualification', version: 2 }));
    const activities = await queryTestDatabase<{ subject: string; org_id: string | null }>(
      'SELECT subject, org_id FROM crm_activities WHERE deal_id = $1',
      [created.body.id],
    );
    expect(activities).toEqual([
      { subject: 'Stage changed from Prospecting to Qualification', org_id: null },
    ]);
  });

  it('links only contacts of the same scope', async () => {
    const globex = await signIn(api, 'owner@globex.test');
    const theirs = await globex.agent
      .post('/api/crm/contacts')
      .set(globex.headers('globex'))
      .send({ first_name: 'Their', last_name: 'Contact' })
      .expect(201);
    const refused = await demo.agent
      .post('/api/crm/deals')
      .set(acme())
      .send({ name: 'Sneaky', contact_id: theirs.body.id })
      .expect(404);
    expect(refused.body.message).toBe('Contact not found');
    await demo.agent
      .post('/api/crm/activities')
      .set(acme())
      .send({ type: 'call', subject: 'Sneaky', contact_id: theirs.body.id })
      .expect(404);
  });

  it('validates deal DTOs per field', async () => {
    const response = await demo.agent
      .post('/api/crm/deals')
      .set(acme())
      .send({
        name: ' ',
        amount: -1,
        probability: 101,
        stage: 'won',
        currency: 'usd',
        expected_close_date: 'soon',
        contact_id: 'x',
        version: 2,
      })
      .expect(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(
      [
        'amount',
        'contact_id',
        'currency',
        'expected_close_date',
        'name',
        'probability',
        'stage',
        'version',
      ].sort(),
    );
    await demo.agent.patch(`/api/crm/deals/${demo.userId}`).set(acme()).send({ version: 0 }).expect(400);
    await demo.agent.post('/api/crm/deals').set(acme()).send({ name: 'x', amount: '12' }).expect(400);
  });

  describe('activities', () => {
    it('creates, lists by contact and marks completed', async () => {
      const contact = await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({ first_name: 'Act', last_name: 'Ivity' })
        .expect(201);
      const created = await demo.agent
        .post('/api/crm/activities')
        .set(acme())
        .send({
          type: 'meeting',
          subject: 'Kick-off',
          due_date: '2030-01-01T10:00:00Z',
          contact_id: contact.body.id,
        })
        .expect(201);
      expect(created.body).toEqual(
        expect.objectContaining({
          status: 'pending',
          type: 'meeting',
          contact_id: contact.body.id,
          completed_at: null,
        }),
      );
      const listed = await demo.agent
        .get(`/api/crm/activities?contact_id=${contact.body.id}`)
        .set(acme())
        .expect(200);
      expect(listed.body.map((row: { id: string }) => row.id)).toEqual([created.body.id]);
      const done = await demo.agent
        .patch(`/api/crm/activities/${created.body.id}/complete`)
        .set(acme())
        .expect(200);
      expect(done.body.status).toBe('completed');
      expect(done.body.completed_at).not.toBeNull();
      const all = await demo.agent.get('/api/crm/activities?limit=5').set(acme()).expect(200);
      expect(all.body).toHaveLength(5);
      const pending = await demo.agent
        .get('/api/crm/activities?status=pending&limit=200')
        .set(acme())
        .expect(200);
      for (const row of pending.body) expect(row.status).toBe('pending');
    });

    it('validates activity DTOs per field', async () => {
      const response = await demo.agent
        .post('/api/crm/activities')
        .set(acme())
        .send({ type: 'fax', subject: '', status: 'done', due_date: 'tomorrow', deal_id: '1' })
        .expect(400);
      expect(Object.keys(response.body.errors).sort()).toEqual([
        'deal_id',
        'due_date',
        'status',
        'subject',
        'type',
      ]);
    });
  });
});
