import { toCsv, WEB_FORM_TOKEN_FIELD } from '@tessera/data-access/contracts';
import request from 'supertest';
import {
  institutionHeader,
  newInstitution,
  newPerson,
  type TestPerson,
} from '../../identity/identity-test-people';
import { queryTestDatabase, TEST_JWT_SECRET } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { eventually } from '../../test/test-smtp';
import { webFormToken, webFormTokenKey } from '../web-forms/web-form-token';

const KEY = webFormTokenKey(TEST_JWT_SECRET);

type RunRow = {
  rule_id: string;
  contact_id: string | null;
  event: Record<string, string>;
  actions_performed: Array<{ type: string; record_id: string | null }>;
  status: string;
  message: string | null;
};

/**
 * docs/product/automation.md#new-leads-and-deals: rules on `lead_created` and `deal_created` run
 * for every new lead (create route, web form) and deal, in their own institution only. Suites share
 * the database: the rules live in two institutions of this file alone, so no other suite's leads
 * or deals set them off (nor do these rules act on theirs).
 */
describe('automation rules on new leads and deals', () => {
  const { api } = useTestApi([]);
  let owner: TestPerson;
  /** The institution the records are made in, and another one the same person owns. */
  const institutions = { home: '', other: '' };
  type Where = keyof typeof institutions;
  const headers = (where: Where = 'home') => institutionHeader(institutions[where]);
  const made: Array<{ where: Where; id: string }> = [];

  beforeAll(async () => {
    owner = await newPerson(api, 'rules');
    await owner.agent
      .post('/api/auth/sign-in')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
    institutions.home = await newInstitution([[owner, 'owner']]);
    institutions.other = await newInstitution([[owner, 'owner']]);
  });
  const tag = () => Math.random().toString(36).slice(2, 8);

  async function rule(
    eventType: 'lead_created' | 'deal_created' | 'stage_change',
    actions: Array<{ type: string; config?: Record<string, unknown> }>,
    where: Where = 'home',
    enabled = true,
    conditions: Record<string, unknown> = {},
  ): Promise<string> {
    const created = await owner.agent
      .post('/api/crm/automation-rules')
      .set(headers(where))
      .send({
        name: `New record ${tag()}`,
        conditions_json: { event_type: eventType, ...conditions },
        actions_json: actions,
      })
      .expect(201);
    made.push({ where, id: created.body.id });
    if (!enabled)
      await owner.agent
        .patch(`/api/crm/automation-rules/${created.body.id}/enabled`)
        .set(headers(where))
        .send({ enabled: false })
        .expect(200);
    return created.body.id;
  }

  afterEach(async () => {
    for (const { where, id } of made.splice(0))
      await owner.agent.delete(`/api/crm/automation-rules/${id}`).set(headers(where)).expect(204);
  });

  const runsFor = (key: 'lead_id' | 'deal_id', id: string) =>
    queryTestDatabase<RunRow>(
      `SELECT rule_id, contact_id, event, actions_performed, status, message
         FROM automation_rule_runs WHERE event->>$1 = $2 ORDER BY created_at`,
      [key, id],
    );
  const tasksOn = (column: 'lead_id' | 'deal_id', id: string, subject: string) =>
    queryTestDatabase<{ id: string; contact_id: string | null }>(
      `SELECT id, contact_id FROM crm_activities WHERE ${column} = $1 AND type = 'task' AND subject = $2`,
      [id, subject],
    );

  it('runs a lead_created rule once for a lead created through the API; skips a deal step with a reason', async () => {
    const subject = `Welcome call ${tag()}`;
    const fires = await rule('lead_created', [
      { type: 'create_task', config: { subject } },
      { type: 'create_deal' },
    ]);
    const disabled = await rule(
      'lead_created',
      [{ type: 'create_task', config: { subject: 'Off' } }],
      'home',
      false,
    );
    const elsewhere = await rule('lead_created', [{ type: 'create_task' }], 'other');

    const lead = await owner.agent
      .post('/api/crm/leads')
      .set(headers())
      .send({ first_name: 'Noor', last_name: `Haddad ${tag()}` })
      .expect(201);

    const runs = await runsFor('lead_id', lead.body.id);
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect(run).toEqual(
      expect.objectContaining({
        rule_id: fires,
        contact_id: null,
        status: 'succeeded',
        event: { event_type: 'lead_created', lead_id: lead.body.id },
        message: `Task “${subject}” created; Deal not created: a deal is made for a contact, not for a lead`,
      }),
    );
    const tasks = await tasksOn('lead_id', lead.body.id, subject);
    expect(tasks).toHaveLength(1);
    expect(run?.actions_performed).toEqual([
      { type: 'create_task', record_id: tasks[0]?.id },
      { type: 'create_deal', record_id: null },
    ]);
    expect(runs.map((row) => row.rule_id)).not.toContain(disabled);
    expect(runs.map((row) => row.rule_id)).not.toContain(elsewhere);

    const listed = await owner.agent
      .get(`/api/crm/automation-rules/${fires}/runs`)
      .set(headers())
      .expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ rule_id: fires, message: run?.message })]);
    const [counted] = await queryTestDatabase<{ execution_count: number }>(
      'SELECT execution_count FROM automation_rules WHERE id = $1',
      [fires],
    );
    expect(counted?.execution_count).toBe(1);
  });

  it('runs a lead_created rule once for a web form submission, after the lead is stored', async () => {
    const subject = `Answer the form ${tag()}`;
    const fires = await rule('lead_created', [{ type: 'create_task', config: { subject } }]);
    const form = await owner.agent
      .post('/api/crm/forms')
      .set(headers())
      .send({
        name: `Contact us ${tag()}`,
        fields: [
          { field: 'first_name', label: 'First name', required: true },
          { field: 'last_name', label: 'Last name', required: true },
          { field: 'email', label: 'E-mail', required: true },
        ],
      })
      .expect(201);
    const email = `visitor-${tag()}@rules.test`;
    const answers = {
      first_name: 'Ines',
      last_name: 'Varga',
      email,
      [WEB_FORM_TOKEN_FIELD]: webFormToken(KEY, form.body.id, Date.now() - 10_000),
    };
    const post = () =>
      request(api.url)
        .post(`/api/forms/${form.body.id}/submissions`)
        .set('X-Forwarded-For', `198.51.100.${200 + Math.floor(Math.random() * 50)}`)
        .send(answers)
        .expect(201);
    await post();
    const [lead] = await queryTestDatabase<{ id: string }>('SELECT id FROM crm_leads WHERE email = $1', [
      email,
    ]);
    expect(lead).toBeDefined();
    const runs = await runsFor('lead_id', String(lead?.id));
    expect(runs).toEqual([expect.objectContaining({ rule_id: fires, status: 'succeeded' })]);
    expect(await tasksOn('lead_id', String(lead?.id), subject)).toHaveLength(1);

    // The same address again updates its lead: no new lead, no second run.
    await post();
    expect(await runsFor('lead_id', String(lead?.id))).toHaveLength(1);
  });

  it('runs a deal_created rule for a deal created through the API, on its contact and deal', async () => {
    const subject = `Kick-off ${tag()}`;
    const fires = await rule('deal_created', [{ type: 'create_task', config: { subject } }]);
    const disabled = await rule('deal_created', [{ type: 'create_task' }], 'home', false);
    const elsewhere = await rule('deal_created', [{ type: 'create_task' }], 'other');
    const contact = await owner.agent
      .post('/api/crm/contacts')
      .set(headers())
      .send({ first_name: 'Tomas', last_name: `Berg ${tag()}` })
      .expect(201);
    const deal = await owner.agent
      .post('/api/crm/deals')
      .set(headers())
      .send({ name: `Fleet renewal ${tag()}`, contact_id: contact.body.id })
      .expect(201);

    const runs = await runsFor('deal_id', deal.body.id);
    expect(runs).toEqual([
      expect.objectContaining({
        rule_id: fires,
        contact_id: contact.body.id,
        status: 'succeeded',
        event: { event_type: 'deal_created', deal_id: deal.body.id },
        message: `Task “${subject}” created`,
      }),
    ]);
    const tasks = await tasksOn('deal_id', deal.body.id, subject);
    expect(tasks).toEqual([{ id: expect.any(String), contact_id: contact.body.id }]);
    // Only the enabled rule of the deal's institution ran.
    expect(runs.map((row) => row.rule_id)).toEqual([fires]);
    expect([disabled, elsewhere]).not.toContain(fires);

    // A deal without a contact: the run is logged with the reason and does nothing.
    const bare = await owner.agent
      .post('/api/crm/deals')
      .set(headers())
      .send({ name: `No contact ${tag()}` })
      .expect(201);
    expect(await runsFor('deal_id', bare.body.id)).toEqual([
      expect.objectContaining({
        rule_id: fires,
        actions_performed: [],
        message: 'Nothing done: the deal has no contact to act on',
      }),
    ]);
  });

  it('runs deal_created rules for a deal a rule creates, but not for deals made by deal_created rules', async () => {
    const subject = `New deal task ${tag()}`;
    const makesDeals = await rule('deal_created', [
      { type: 'create_deal', config: { name: `Upsell ${tag()}` } },
      { type: 'create_task', config: { subject } },
    ]);
    const contact = await owner.agent
      .post('/api/crm/contacts')
      .set(headers())
      .send({ first_name: 'Lior', last_name: `Stein ${tag()}` })
      .expect(201);
    const deal = await owner.agent
      .post('/api/crm/deals')
      .set(headers())
      .send({ name: `First order ${tag()}`, contact_id: contact.body.id })
      .expect(201);
    const [run] = await runsFor('deal_id', deal.body.id);
    const upsell = run?.actions_performed.find((action) => action.type === 'create_deal')?.record_id;
    expect(run?.rule_id).toBe(makesDeals);
    expect(upsell).toEqual(expect.any(String));
    // The upsell deal exists, and set off nothing: one rule cannot create deals without end.
    expect(await runsFor('deal_id', String(upsell))).toEqual([]);
    const deals = await queryTestDatabase<{ id: string }>('SELECT id FROM crm_deals WHERE contact_id = $1', [
      contact.body.id,
    ]);
    expect(deals).toHaveLength(2);
  });

  it('runs deal_created rules for the deal a pipeline-move rule creates, in the move', async () => {
    const subject = `Deal from a move ${tag()}`;
    const moveRule = await rule('stage_change', [{ type: 'create_deal' }], 'home', true, {
      stage_change: { to_stage: 'negotiation' },
    });
    const dealRule = await rule('deal_created', [{ type: 'create_task', config: { subject } }]);
    const contact = await owner.agent
      .post('/api/crm/contacts')
      .set(headers())
      .send({ first_name: 'Ada', last_name: `Moss ${tag()}`, status: 'proposal' })
      .expect(201);
    const moved = await owner.agent
      .post(`/api/crm/contacts/${contact.body.id}/move`)
      .set(headers())
      .send({ stage: 'negotiation' })
      .expect(200);
    // The move answers for the rules it set off itself; the new deal's rules are in their log.
    expect(moved.body.rules_fired).toEqual([{ rule_id: moveRule, actions: ['create_deal'] }]);
    const [deal] = await queryTestDatabase<{ id: string }>('SELECT id FROM crm_deals WHERE contact_id = $1', [
      contact.body.id,
    ]);
    expect(await runsFor('deal_id', String(deal?.id))).toEqual([
      expect.objectContaining({ rule_id: dealRule }),
    ]);
    expect(await tasksOn('deal_id', String(deal?.id), subject)).toHaveLength(1);
  });

  it('runs lead_created rules for each lead a CRM import creates', async () => {
    const subject = `Imported lead ${tag()}`;
    const fires = await rule('lead_created', [{ type: 'create_task', config: { subject } }]);
    const emails = [`one-${tag()}@import.test`, `two-${tag()}@import.test`];
    const started = await owner.agent
      .post('/api/crm/imports')
      .set(headers())
      .send({
        entity: 'leads',
        csv: toCsv([['First Name', 'Last Name', 'Email'], ...emails.map((email) => ['Imp', 'Orted', email])]),
        mapping: ['first_name', 'last_name', 'email'],
        duplicates: 'skip',
      })
      .expect(202);
    await eventually(async () => {
      const status = await owner.agent.get(`/api/crm/imports/${started.body.id}`).set(headers()).expect(200);
      return status.body.status === 'completed' ? true : undefined;
    }, 30_000);
    const leads = await queryTestDatabase<{ id: string }>('SELECT id FROM crm_leads WHERE email = ANY($1)', [
      emails,
    ]);
    expect(leads).toHaveLength(2);
    for (const lead of leads) {
      expect(await runsFor('lead_id', lead.id)).toEqual([expect.objectContaining({ rule_id: fires })]);
      expect(await tasksOn('lead_id', lead.id, subject)).toHaveLength(1);
    }
  });

  it('rolls a lead back with its failing rule; a web form keeps its lead and logs the failed run', async () => {
    // A due date past the calendar's end: the task cannot be stored, so the rule fails.
    const fails = await rule('lead_created', [{ type: 'create_task', config: { due_in_days: 1e15 } }]);
    const lastName = `Rollback ${tag()}`;
    await owner.agent
      .post('/api/crm/leads')
      .set(headers())
      .send({ first_name: 'Ola', last_name: lastName })
      // The database refuses the date; the API's error filter answers that as bad input.
      .expect(400);
    expect(await queryTestDatabase('SELECT id FROM crm_leads WHERE last_name = $1', [lastName])).toEqual([]);

    const form = await owner.agent
      .post('/api/crm/forms')
      .set(headers())
      .send({
        name: `Failing rule ${tag()}`,
        fields: [
          { field: 'first_name', label: 'First name', required: true },
          { field: 'last_name', label: 'Last name', required: true },
          { field: 'email', label: 'E-mail', required: true },
        ],
      })
      .expect(201);
    const email = `kept-${tag()}@rules.test`;
    await request(api.url)
      .post(`/api/forms/${form.body.id}/submissions`)
      .set('X-Forwarded-For', `198.51.100.${200 + Math.floor(Math.random() * 50)}`)
      .send({
        first_name: 'Kept',
        last_name: 'Lead',
        email,
        [WEB_FORM_TOKEN_FIELD]: webFormToken(KEY, form.body.id, Date.now() - 10_000),
      })
      .expect(201);
    const [lead] = await queryTestDatabase<{ id: string }>('SELECT id FROM crm_leads WHERE email = $1', [
      email,
    ]);
    expect(lead).toBeDefined();
    expect(await runsFor('lead_id', String(lead?.id))).toEqual([
      expect.objectContaining({ rule_id: fails, status: 'failed', actions_performed: [] }),
    ]);
  });
});
