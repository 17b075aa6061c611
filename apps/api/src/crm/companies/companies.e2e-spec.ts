import { queryTestDatabase } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';

describe('CRM companies and their links', () => {
  const {
    sessions: [demo, globex],
  } = useTestApi(['demo@acme.test', 'owner@globex.test']);
  const acme = () => demo.headers('acme');

  const company = async (body: Record<string, unknown>) =>
    (await demo.agent.post('/api/crm/companies').set(acme()).send(body).expect(201)).body as {
      id: string;
      name: string;
    };

  it('seeds companies for the demo contacts, each contact and deal linked coherently', async () => {
    const page = await demo.agent.get('/api/crm/companies?limit=500').set(acme()).expect(200);
    expect(page.body.total).toBeGreaterThan(5);
    const names = page.body.rows.map((row: { name: string }) => row.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const mismatched = await queryTestDatabase(
      `SELECT k.id FROM crm_contacts k JOIN crm_companies c ON c.id = k.company_id
        WHERE k.org_id = $1 AND k.company IS DISTINCT FROM c.name`,
      [demo.institutions.acme],
    );
    expect(mismatched).toEqual([]);
    const deals = await queryTestDatabase<{ same: boolean; linked: boolean }>(
      `SELECT d.company_id IS NOT DISTINCT FROM k.company_id AS same, d.company_id IS NOT NULL AS linked
         FROM crm_deals d JOIN crm_contacts k ON k.id = d.contact_id WHERE d.org_id = $1`,
      [demo.institutions.acme],
    );
    expect(deals.length).toBeGreaterThan(10);
    expect(deals.every((deal) => deal.same)).toBe(true);
    expect(deals.some((deal) => deal.linked)).toBe(true);
  });

  it('creates, renames and reads a company; bad input answers per field and changes nothing', async () => {
    const before = await queryTestDatabase('SELECT count(*)::int AS n FROM crm_companies');
    const bad = await demo.agent
      .post('/api/crm/companies')
      .set(acme())
      .send({ name: ' ', domain: 'not a domain', industry: 'mining', size: '7' })
      .expect(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['domain', 'industry', 'name', 'size'].sort());
    expect(await queryTestDatabase('SELECT count(*)::int AS n FROM crm_companies')).toEqual(before);

    const created = await demo.agent
      .post('/api/crm/companies')
      .set(acme())
      .send({
        name: ' Tallis Works ',
        domain: 'https://www.Tallis.example/about',
        industry: 'manufacturing',
        size: '51-200',
      })
      .expect(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        name: 'Tallis Works',
        domain: 'tallis.example',
        industry: 'manufacturing',
        size: '51-200',
        org_id: demo.institutions.acme,
      }),
    );
    const duplicate = await demo.agent
      .post('/api/crm/companies')
      .set(acme())
      .send({ name: 'tallis works' })
      .expect(400);
    expect(duplicate.body.errors.name).toEqual(['A company named “tallis works” already exists']);

    const contact = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({ first_name: 'Ada', last_name: 'Tallis', company_id: created.body.id })
      .expect(201);
    expect(contact.body.company).toBe('Tallis Works');
    await demo.agent
      .patch(`/api/crm/companies/${created.body.id}`)
      .set(acme())
      .send({ name: 'Tallis Group', phone: '+1 555 0101' })
      .expect(200);
    const detail = await demo.agent.get(`/api/crm/companies/${created.body.id}`).set(acme()).expect(200);
    expect(detail.body).toEqual(expect.objectContaining({ name: 'Tallis Group', phone: '+1 555 0101' }));
    expect(detail.body.contacts).toEqual([
      expect.objectContaining({ id: contact.body.id, company: 'Tallis Group' }),
    ]);
    expect(detail.body.deals).toEqual([]);
  });

  it('keeps a deal’s company its contact’s, and a contact’s deals with the contact’s company', async () => {
    const first = await company({ name: 'Linkwell One' });
    const second = await company({ name: 'Linkwell Two' });
    const contact = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({ first_name: 'Lin', last_name: 'Kwell', company_id: first.id })
      .expect(201);

    // Left out, the deal takes its contact's company; `account_id` is the same link.
    const deal = await demo.agent
      .post('/api/crm/deals')
      .set(acme())
      .send({ name: 'Linked deal', contact_id: contact.body.id })
      .expect(201);
    expect(deal.body).toEqual(expect.objectContaining({ company_id: first.id, account_id: first.id }));

    // Another company than the contact's is refused, and nothing changes.
    const refused = await demo.agent
      .patch(`/api/crm/deals/${deal.body.id}`)
      .set(acme())
      .send({ company_id: second.id })
      .expect(400);
    expect(refused.body.errors.company_id).toEqual([
      'company_id must be the company of the deal’s contact (or left out to take it)',
    ]);
    const unchanged = await demo.agent.get(`/api/crm/deals/${deal.body.id}`).set(acme()).expect(200);
    expect(unchanged.body).toEqual(expect.objectContaining({ company_id: first.id, version: 1 }));

    // The contact moves to the second company: their deal follows.
    const moved = await demo.agent
      .patch(`/api/crm/contacts/${contact.body.id}`)
      .set(acme())
      .send({ company_id: second.id })
      .expect(200);
    expect(moved.body).toEqual(expect.objectContaining({ company_id: second.id, company: 'Linkwell Two' }));
    const followed = await demo.agent.get(`/api/crm/deals/${deal.body.id}`).set(acme()).expect(200);
    expect(followed.body).toEqual(expect.objectContaining({ company_id: second.id, account_id: second.id }));

    // While linked, another company text is refused.
    const text = await demo.agent
      .patch(`/api/crm/contacts/${contact.body.id}`)
      .set(acme())
      .send({ company: 'Something Else' })
      .expect(400);
    expect(Object.keys(text.body.errors)).toEqual(['company']);

    // A deal without a contact may name any company of the institution; Link Account sets it.
    const loose = await demo.agent
      .post('/api/crm/deals')
      .set(acme())
      .send({ name: 'Loose deal' })
      .expect(201);
    const linked = await demo.agent
      .patch(`/api/crm/deals/${loose.body.id}`)
      .set(acme())
      .send({ company_id: first.id })
      .expect(200);
    expect(linked.body).toEqual(expect.objectContaining({ company_id: first.id, account_id: first.id }));

    const detail = await demo.agent.get(`/api/crm/companies/${second.id}`).set(acme()).expect(200);
    expect(detail.body.deals.map((row: { id: string }) => row.id)).toEqual([deal.body.id]);
    expect(detail.body.contacts.map((row: { id: string }) => row.id)).toEqual([contact.body.id]);

    // Deleting a company unlinks its contacts and deals; they stay.
    await demo.agent.delete(`/api/crm/companies/${second.id}`).set(acme()).expect(204);
    const orphan = await demo.agent.get(`/api/crm/deals/${deal.body.id}`).set(acme()).expect(200);
    expect(orphan.body).toEqual(expect.objectContaining({ company_id: null, account_id: null }));
    const person = await demo.agent.get(`/api/crm/contacts/${contact.body.id}`).set(acme()).expect(200);
    expect(person.body).toEqual(expect.objectContaining({ company_id: null, company: 'Linkwell Two' }));
    await demo.agent.get(`/api/crm/companies/${second.id}`).set(acme()).expect(404);
  });

  it('refuses a company of another institution for a deal or a contact', async () => {
    const theirs = await globex.agent
      .post('/api/crm/companies')
      .set(globex.headers('globex'))
      .send({ name: 'Globex Secret Co' })
      .expect(201);
    await demo.agent
      .post('/api/crm/deals')
      .set(acme())
      .send({ name: 'Spy deal', company_id: theirs.body.id })
      .expect(404);
    await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({ first_name: 'Spy', last_name: 'Contact', company_id: theirs.body.id })
      .expect(404);
    await demo.agent.get(`/api/crm/companies/${theirs.body.id}`).set(acme()).expect(404);
    expect(await queryTestDatabase('SELECT 1 FROM crm_deals WHERE name = $1', ['Spy deal'])).toEqual([]);
  });

  it('runs the rules of a contact’s move: the new deal has the contact’s company, the e-mail is queued', async () => {
    const rule = await demo.agent
      .post('/api/crm/automation-rules')
      .set(acme())
      .send({
        name: 'Proposal kit',
        conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'proposal' } },
        actions_json: [
          { type: 'create_deal', config: { name: 'Proposal deal', amount: 900 } },
          { type: 'create_task', config: { subject: 'Write the proposal' } },
          { type: 'send_email', config: { subject: 'Your proposal is on its way' } },
        ],
      })
      .expect(201);
    const home = await company({ name: 'Movewell' });
    const contact = await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({
        first_name: 'Mia',
        last_name: 'Move',
        email: 'mia@movewell.test',
        company_id: home.id,
        status: 'qualified',
      })
      .expect(201);
    const moved = await demo.agent
      .post(`/api/crm/contacts/${contact.body.id}/move`)
      .set(acme())
      .send({ stage: 'proposal' })
      .expect(200);
    // (The seeded proposal rule adds a task as well.)
    expect(moved.body.rules_fired).toContainEqual({
      rule_id: rule.body.id,
      actions: ['create_deal', 'create_task', 'send_email'],
    });
    const detail = await demo.agent.get(`/api/crm/companies/${home.id}`).set(acme()).expect(200);
    expect(detail.body.deals).toEqual([
      expect.objectContaining({ name: 'Proposal deal', company_id: home.id, contact_id: contact.body.id }),
    ]);
    expect(detail.body.activities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'stage_change',
          subject: 'Stage changed from qualified to proposal',
        }),
        expect.objectContaining({ type: 'task', subject: 'Write the proposal' }),
        expect.objectContaining({ type: 'email', subject: 'Your proposal is on its way' }),
      ]),
    );
    const mail = await queryTestDatabase<{ recipient: string; kind: string }>(
      'SELECT recipient, kind FROM mail_outbox WHERE subject = $1',
      ['Your proposal is on its way'],
    );
    expect(mail).toEqual([{ recipient: 'mia@movewell.test', kind: 'automation' }]);
    // A bad stage is refused per field and the contact stays where it was.
    const bad = await demo.agent
      .post(`/api/crm/contacts/${contact.body.id}/move`)
      .set(acme())
      .send({ stage: 'sideways' })
      .expect(400);
    expect(Object.keys(bad.body.errors)).toEqual(['stage']);
    const still = await demo.agent.get(`/api/crm/contacts/${contact.body.id}`).set(acme()).expect(200);
    expect(still.body.status).toBe('proposal');
  });
});
