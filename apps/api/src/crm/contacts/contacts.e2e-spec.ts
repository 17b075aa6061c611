import { queryTestDatabase } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';

describe('CRM contacts', () => {
  const {
    sessions: [demo],
  } = useTestApi(['demo@acme.test']);
  const acme = () => demo.headers('acme');

  it('creates a contact with custom fields in one call and reads it back with them', async () => {
    const created = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({
        first_name: 'Rita',
        last_name: 'Moreno',
        email: 'rita@moreno.test',
        phone: '+1 555 0199',
        company: 'Moreno Design',
        lead_source: 'referral',
        tags: ['vip'],
        custom_fields: [
          { field_name: 'Employees', field_value: '42', field_type: 'number' },
          { field_name: 'Renewal', field_value: '2027-01-31', field_type: 'date' },
        ],
      })
      .expect(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        org_id: demo.institutions.acme,
        owner_id: demo.userId,
        status: 'active',
        tags: ['vip'],
      }),
    );
    expect(created.body.custom_fields).toHaveLength(2);
    // Child rows carry the contact's tenant too (copied by the database).
    for (const field of created.body.custom_fields)
      expect(field).toEqual(
        expect.objectContaining({ org_id: demo.institutions.acme, owner_id: demo.userId }),
      );
    const read = await demo.agent.get(`/api/crm/contacts/${created.body.id}`).set(acme()).expect(200);
    expect(read.body.custom_fields.map((field: { field_name: string }) => field.field_name)).toEqual([
      'Employees',
      'Renewal',
    ]);
    const joined = await demo.agent
      .get('/api/crm/contacts/with-custom-fields?limit=5')
      .set(acme())
      .expect(200);
    expect(joined.body[0].id).toBe(created.body.id);
    expect(joined.body[0].custom_fields).toHaveLength(2);
  });

  it('writes neither contact nor fields when one custom field is invalid', async () => {
    const before = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_contacts');
    const response = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({
        first_name: 'Bad',
        last_name: 'Field',
        custom_fields: [
          { field_name: 'Employees', field_value: 'many', field_type: 'number' },
          { field_name: 'Ok', field_value: 'x', field_type: 'text' },
        ],
      })
      .expect(400);
    expect(response.body.errors.custom_fields).toEqual(['Employees must be a number']);
    const nested = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({
        first_name: 'Bad',
        last_name: 'Type',
        custom_fields: [{ field_name: 'X', field_value: '1', field_type: 'json' }],
      })
      .expect(400);
    expect(Object.keys(nested.body.errors)).toEqual(['custom_fields.0.field_type']);
    const after = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_contacts');
    expect(after[0].count).toBe(before[0].count);
  });

  it('upserts a custom field by contact and name, and updates tags and status', async () => {
    const contact = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({ first_name: 'Up', last_name: 'Sert' })
      .expect(201);
    const first = await demo.agent
      .put(`/api/crm/contacts/${contact.body.id}/custom-fields`)
      .set(acme())
      .send({ field_name: 'Tier', field_value: 'gold', field_type: 'text' })
      .expect(200);
    const second = await demo.agent
      .put(`/api/crm/contacts/${contact.body.id}/custom-fields`)
      .set(acme())
      .send({ field_name: 'Tier', field_value: 'platinum', field_type: 'text' })
      .expect(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.field_value).toBe('platinum');
    const tagged = await demo.agent
      .patch(`/api/crm/contacts/${contact.body.id}/tags`)
      .set(acme())
      .send({ tags: ['vip', 'lead_score_81', 'vip'] })
      .expect(200);
    expect(tagged.body.tags).toEqual(['vip', 'lead_score_81']);
    const status = await demo.agent
      .patch(`/api/crm/contacts/${contact.body.id}/status`)
      .set(acme())
      .send({ status: 'inactive' })
      .expect(200);
    expect(status.body.status).toBe('inactive');
    await demo.agent
      .patch(`/api/crm/contacts/${contact.body.id}/status`)
      .set(acme())
      .send({ status: 'gone' })
      .expect(400);
    await demo.agent
      .patch(`/api/crm/contacts/${contact.body.id}/tags`)
      .set(acme())
      .send({ tags: ['has space'] })
      .expect(400);
  });

  it('updates a contact’s fields and custom fields together', async () => {
    const contact = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({
        first_name: 'Pat',
        last_name: 'Ch',
        custom_fields: [{ field_name: 'Seats', field_value: '5', field_type: 'number' }],
      })
      .expect(201);
    const updated = await demo.agent
      .patch(`/api/crm/contacts/${contact.body.id}`)
      .set(acme())
      .send({
        title: 'COO',
        phone: '+1 555 0101',
        custom_fields: [{ field_name: 'Seats', field_value: '12', field_type: 'number' }],
      })
      .expect(200);
    expect(updated.body).toEqual(
      expect.objectContaining({ title: 'COO', phone: '+1 555 0101', first_name: 'Pat' }),
    );
    const read = await demo.agent.get(`/api/crm/contacts/${contact.body.id}`).set(acme()).expect(200);
    expect(read.body.custom_fields).toEqual([
      expect.objectContaining({ field_name: 'Seats', field_value: '12' }),
    ]);
  });

  it('lists by scope newest first with a total', async () => {
    const page = await demo.agent.get('/api/crm/contacts?limit=10').set(acme()).expect(200);
    expect(page.body.rows).toHaveLength(10);
    expect(page.body.total).toBeGreaterThanOrEqual(80);
    const times = page.body.rows.map((row: { created_at: string }) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const row of page.body.rows) expect(row.org_id).toBe(demo.institutions.acme);
  });

  it('searches case-insensitively over names, email, company and phone, with status, source and tags', async () => {
    await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({
        first_name: 'Zebulon',
        last_name: 'Quartermaine',
        email: 'zq@percent%co.test'.replace('%', ''),
        company: 'Xylophone_Works',
        phone: '+44 7000 123456',
        status: 'qualified',
        lead_source: 'trade_show',
        tags: ['vip', 'expo'],
      })
      .expect(201);
    const search = (query: string) =>
      demo.agent.get(`/api/crm/contacts/search?${query}`).set(acme()).expect(200);
    for (const q of ['zebulon', 'QUARTERMAINE', 'zq@percent', 'xylophone_works', '7000 123']) {
      const response = await search(`q=${encodeURIComponent(q)}`);
      expect(response.body.rows.map((row: { last_name: string }) => row.last_name)).toContain('Quartermaine');
    }
    // LIKE wildcards are literal: "_" does not match any character.
    expect((await search('q=Xylophone_W')).body.total).toBe(1);
    expect((await search('q=Xylophone%25')).body.total).toBe(0);
    const filtered = await search('q=zebulon&status=qualified&lead_source=trade_show&tags=vip,expo');
    expect(filtered.body.total).toBe(1);
    expect((await search('q=zebulon&status=active')).body.total).toBe(0);
    expect((await search('q=zebulon&tags=expo,missing')).body.total).toBe(0);
    await demo.agent.get('/api/crm/contacts/search?status=nope').set(acme()).expect(400);
  });

  describe('pipeline move', () => {
    it('sets the status, logs a stage_change and runs matching enabled rules for real', async () => {
      const rule = await demo.agent
        .post('/api/crm/automation-rules')
        .set(acme())
        .send({
          name: 'Negotiation kit',
          conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'negotiation' } },
          actions_json: [
            { type: 'create_deal', config: { name: 'Auto deal', amount: 1234.5 } },
            { type: 'create_task', config: { subject: 'Send contract', due_in_days: 3 } },
            { type: 'send_email', config: { subject: 'Your contract' } },
          ],
        })
        .expect(201);
      const disabled = await demo.agent
        .post('/api/crm/automation-rules')
        .set(acme())
        .send({
          name: 'Disabled one',
          enabled: false,
          conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'negotiation' } },
          actions_json: [{ type: 'create_task' }],
        })
        .expect(201);
      const contact = await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({
          first_name: 'Mo',
          last_name: 'Ver',
          email: 'mo@ver.test',
          company: 'Movers',
          status: 'proposal',
        })
        .expect(201);

      const moved = await demo.agent
        .post(`/api/crm/contacts/${contact.body.id}/move`)
        .set(acme())
        .send({ stage: 'negotiation' })
        .expect(200);
      expect(moved.body.contact.status).toBe('negotiation');
      expect(moved.body.rules_fired).toEqual([
        { rule_id: rule.body.id, actions: ['create_deal', 'create_task', 'send_email'] },
      ]);

      const activities = await demo.agent
        .get(`/api/crm/activities?contact_id=${contact.body.id}`)
        .set(acme())
        .expect(200);
      const byType = Object.fromEntries(
        activities.body.map((activity: { type: string }) => [activity.type, activity]),
      );
      expect(byType.stage_change.subject).toBe('Stage changed from proposal to negotiation');
      expect(byType.task).toEqual(expect.objectContaining({ subject: 'Send contract', status: 'pending' }));
      expect(Date.parse(byType.task.due_date)).toBeGreaterThan(Date.now() + 2 * 86_400_000);
      expect(byType.email).toEqual(
        expect.objectContaining({ subject: 'Your contract', status: 'completed' }),
      );

      const deals = await queryTestDatabase<{ name: string; stage: string; status: string; amount: string }>(
        'SELECT name, stage, status, amount FROM crm_deals WHERE contact_id = $1',
        [contact.body.id],
      );
      expect(deals).toEqual([{ name: 'Auto deal', stage: 'prospecting', status: 'open', amount: '1234.50' }]);

      const after = await demo.agent.get(`/api/crm/automation-rules/${rule.body.id}`).set(acme()).expect(200);
      expect(after.body.execution_count).toBe(1);
      expect(after.body.last_executed_at).not.toBeNull();
      const untouched = await demo.agent
        .get(`/api/crm/automation-rules/${disabled.body.id}`)
        .set(acme())
        .expect(200);
      expect(untouched.body.execution_count).toBe(0);
      const runs = await demo.agent
        .get(`/api/crm/automation-rules/${rule.body.id}/runs`)
        .set(acme())
        .expect(200);
      expect(runs.body).toHaveLength(1);
      expect(runs.body[0].actions_performed.map((entry: { type: string }) => entry.type)).toEqual([
        'create_deal',
        'create_task',
        'send_email',
      ]);

      // A move to a stage without rules fires nothing.
      const quiet = await demo.agent
        .post(`/api/crm/contacts/${contact.body.id}/move`)
        .set(acme())
        .send({ stage: 'lost' })
        .expect(200);
      expect(quiet.body.rules_fired).toEqual([]);
    });

    it('fires the seeded "qualified → new deal" rule', async () => {
      const contact = await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({ first_name: 'Seed', last_name: 'Rule', company: 'Seedling' })
        .expect(201);
      const moved = await demo.agent
        .post(`/api/crm/contacts/${contact.body.id}/move`)
        .set(acme())
        .send({ stage: 'qualified' })
        .expect(200);
      expect(moved.body.rules_fired).toHaveLength(1);
      const deals = await queryTestDatabase<{ stage: string; status: string; name: string }>(
        'SELECT stage, status, name FROM crm_deals WHERE contact_id = $1',
        [contact.body.id],
      );
      expect(deals).toEqual([{ stage: 'prospecting', status: 'open', name: 'Seedling opportunity' }]);
    });

    it('refuses an unknown stage and leaves the contact as it was', async () => {
      const contact = await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({ first_name: 'Stay', last_name: 'Put' })
        .expect(201);
      await demo.agent
        .post(`/api/crm/contacts/${contact.body.id}/move`)
        .set(acme())
        .send({ stage: 'closed_won' })
        .expect(400);
      const after = await demo.agent.get(`/api/crm/contacts/${contact.body.id}`).set(acme()).expect(200);
      expect(after.body.status).toBe('active');
    });
  });

  it('validates contact DTOs per field', async () => {
    const response = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({
        first_name: '',
        last_name: 'X',
        email: 'not-mail',
        status: 'zombie',
        lead_source: 'tv',
        tags: 'vip',
        extra: 1,
      })
      .expect(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(
      ['email', 'extra', 'first_name', 'lead_source', 'status', 'tags'].sort(),
    );
  });
});
