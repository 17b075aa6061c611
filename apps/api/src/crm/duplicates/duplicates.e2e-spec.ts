import { queryTestDatabase } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';

const DUPLICATES = '/api/crm/duplicates';

describe('CRM duplicates', () => {
  const {
    sessions: [demo, viewer],
  } = useTestApi(['demo@acme.test', 'viewer@acme.test']);
  const acme = () => demo.headers('acme');
  const post = async (path: string, body: Record<string, unknown>) =>
    (await demo.agent.post(path).set(acme()).send(body).expect(201)).body as { id: string };

  it('lists same e-mail and similar name groups, and merges two contacts moving every child row', async () => {
    const tag = `dup${Date.now()}`;
    const email = `twin.${tag}@example.com`;
    const survivor = await post('/api/crm/contacts', {
      first_name: 'Robin',
      last_name: `Twin${tag}`,
      email,
      tags: ['vip'],
      custom_fields: [{ field_name: 'Shoe', field_value: '42', field_type: 'text' }],
    });
    const merged = await post('/api/crm/contacts', {
      first_name: 'Robin',
      last_name: `Twin${tag}`,
      email: email.toUpperCase(),
      phone: '+1 555 0199',
      company: 'Other Co',
      tags: ['newsletter', 'vip'],
      custom_fields: [
        { field_name: 'Shoe', field_value: '44', field_type: 'text' },
        { field_name: 'Hat', field_value: 'L', field_type: 'text' },
      ],
    });
    // Similar names, different e-mails: the other kind of group.
    const nameA = await post('/api/crm/contacts', {
      first_name: 'Sam',
      last_name: `O'Near${tag}`,
      company: 'Acme, Inc.',
      email: `a.${tag}@example.com`,
    });
    const nameB = await post('/api/crm/contacts', {
      first_name: 'sam',
      last_name: `oNear${tag}`,
      company: 'ACME Inc',
      email: `b.${tag}@example.com`,
    });

    const deal = await post('/api/crm/deals', {
      name: `Twin deal ${tag}`,
      amount: 10,
      contact_id: merged.id,
    });
    await demo.agent
      .post(`/api/crm/deals/${deal.id}/files`)
      .set(acme())
      .attach('file', Buffer.from('notes'), { filename: 'notes.txt', contentType: 'text/plain' })
      .expect(201);
    const activity = await post('/api/crm/activities', {
      type: 'call',
      subject: `Call ${tag}`,
      contact_id: merged.id,
    });
    const [rule] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO automation_rules (org_id, owner_id, name, conditions_json)
       VALUES ($1, $2, $3, '{}') RETURNING id`,
      [demo.institutions.acme, demo.userId, `Rule ${tag}`],
    );
    await queryTestDatabase(
      'INSERT INTO automation_rule_runs (rule_id, org_id, owner_id, contact_id) VALUES ($1, $2, $3, $4)',
      [rule?.id, demo.institutions.acme, demo.userId, merged.id],
    );

    const groups = (await demo.agent.get(`${DUPLICATES}/contacts`).set(acme()).expect(200)).body as Array<{
      reason: string;
      key: string;
      records: Array<{ id: string; values: Record<string, string | null> }>;
    }>;
    const byEmail = groups.find((group) => group.reason === 'same_email' && group.key === email);
    expect(byEmail?.records.map((record) => record.id)).toEqual([survivor.id, merged.id]);
    const byName = groups.find(
      (group) => group.reason === 'similar_name' && group.records.some((record) => record.id === nameA.id),
    );
    expect(byName?.records.map((record) => record.id).sort()).toEqual([nameA.id, nameB.id].sort());
    // The same-e-mail pair is not listed again as a name group.
    expect(groups.filter((group) => group.records.some((record) => record.id === survivor.id))).toHaveLength(
      1,
    );

    // Bad input and readers change nothing.
    const bad = await demo.agent
      .post(`${DUPLICATES}/contacts/merge`)
      .set(acme())
      .send({ survivor_id: survivor.id, merged_id: survivor.id, take_from_merged: ['shoe_size'] })
      .expect(400);
    expect(bad.body.errors).toEqual({
      take_from_merged: [expect.stringContaining('Choose among first_name')],
    });
    const self = await demo.agent
      .post(`${DUPLICATES}/contacts/merge`)
      .set(acme())
      .send({ survivor_id: survivor.id, merged_id: survivor.id, take_from_merged: [] })
      .expect(400);
    expect(self.body.errors).toEqual({ merged_id: ['must be another record than survivor_id'] });
    await demo.agent.post(`${DUPLICATES}/planets/merge`).set(acme()).send({}).expect(400);
    await viewer.agent
      .post(`${DUPLICATES}/contacts/merge`)
      .set(viewer.headers('acme'))
      .send({ survivor_id: survivor.id, merged_id: merged.id, take_from_merged: [] })
      .expect(403);
    // Outside the institution (personal scope) neither record exists.
    await demo.agent
      .post(`${DUPLICATES}/contacts/merge`)
      .send({ survivor_id: survivor.id, merged_id: merged.id, take_from_merged: [] })
      .expect(404);

    const result = await demo.agent
      .post(`${DUPLICATES}/contacts/merge`)
      .set(acme())
      .send({ survivor_id: survivor.id, merged_id: merged.id, take_from_merged: ['phone', 'company'] })
      .expect(200);
    expect(result.body).toEqual({
      survivor_id: survivor.id,
      merged_id: merged.id,
      moved: { activities: 1, deals: 1, files: 1, tags: 2, custom_fields: 1, automation_runs: 1 },
    });

    const kept = (await demo.agent.get(`/api/crm/contacts/${survivor.id}`).set(acme()).expect(200)).body;
    expect(kept).toEqual(
      expect.objectContaining({
        email,
        phone: '+1 555 0199',
        company: 'Other Co',
        tags: ['newsletter', 'vip'],
      }),
    );
    await demo.agent.get(`/api/crm/contacts/${merged.id}`).set(acme()).expect(404);
    const children = await queryTestDatabase<{ kind: string; owner: string }>(
      `SELECT 'activity' AS kind, contact_id::text AS owner FROM crm_activities WHERE id = $1
       UNION ALL SELECT 'deal', contact_id::text FROM crm_deals WHERE id = $2
       UNION ALL SELECT 'file', d.contact_id::text FROM crm_deal_files f JOIN crm_deals d ON d.id = f.deal_id WHERE d.id = $2
       UNION ALL SELECT 'run', contact_id::text FROM automation_rule_runs WHERE rule_id = $3
       UNION ALL SELECT 'field ' || field_name || '=' || field_value, contact_id::text FROM crm_contact_custom_fields
         WHERE contact_id IN ($4, $5)
       ORDER BY 1`,
      [activity.id, deal.id, rule?.id, survivor.id, merged.id],
    );
    expect(children).toEqual([
      { kind: 'activity', owner: survivor.id },
      { kind: 'deal', owner: survivor.id },
      { kind: 'field Hat=L', owner: survivor.id },
      { kind: 'field Shoe=42', owner: survivor.id },
      { kind: 'file', owner: survivor.id },
      { kind: 'run', owner: survivor.id },
    ]);
    const [audit] = await queryTestDatabase<{ target: string; details: { merged: Record<string, unknown> } }>(
      `SELECT target, details FROM audit_log WHERE action = 'crm.records_merged' AND details->>'merged_id' = $1`,
      [merged.id],
    );
    expect(audit?.target).toBe(`contact Robin Twin${tag} (${email})`);
    expect(audit?.details.merged).toEqual(
      expect.objectContaining({ phone: '+1 555 0199', email: email.toUpperCase() }),
    );
  }, 60_000);

  it('merges two leads, moving activities and the qualification', async () => {
    const tag = `duplead${Date.now()}`;
    const survivor = await post('/api/crm/leads', {
      first_name: 'Lee',
      last_name: tag,
      email: `lee.${tag}@example.com`,
    });
    const merged = await post('/api/crm/leads', {
      first_name: 'Lee',
      last_name: tag,
      email: `lee.${tag}@example.com`,
      company: 'Leeds Ltd',
    });
    const activity = await post('/api/crm/activities', {
      type: 'note',
      subject: `Note ${tag}`,
      lead_id: merged.id,
    });
    await demo.agent
      .put(`/api/crm/leads/${merged.id}/qualification`)
      .set(acme())
      .send({ bant: { budget: true, authority: false, need: true, timing: false } })
      .expect(200);
    const result = await demo.agent
      .post(`${DUPLICATES}/leads/merge`)
      .set(acme())
      .send({ survivor_id: survivor.id, merged_id: merged.id, take_from_merged: ['company'] })
      .expect(200);
    expect(result.body.moved).toEqual({ activities: 1, workflow_runs: 0, qualification: 1 });
    const rows = await queryTestDatabase<{ kind: string; lead: string }>(
      `SELECT 'activity' AS kind, lead_id::text AS lead FROM crm_activities WHERE id = $1
       UNION ALL SELECT 'qualification', lead_id::text FROM crm_lead_qualifications WHERE lead_id IN ($2, $3)
       UNION ALL SELECT 'lead ' || coalesce(company, '-'), id::text FROM crm_leads WHERE id IN ($2, $3)
       ORDER BY 1`,
      [activity.id, survivor.id, merged.id],
    );
    expect(rows).toEqual([
      { kind: 'activity', lead: survivor.id },
      { kind: 'lead Leeds Ltd', lead: survivor.id },
      { kind: 'qualification', lead: survivor.id },
    ]);
  }, 60_000);

  it('a contact merge carries the company link along with the company, and the deals follow it', async () => {
    const tag = `dupco${Date.now()}`;
    const company = await post('/api/crm/companies', { name: `Carry ${tag}` });
    const survivor = await post('/api/crm/contacts', {
      first_name: 'Kai',
      last_name: tag,
      email: `kai.${tag}@example.com`,
    });
    const merged = await post('/api/crm/contacts', {
      first_name: 'Kai',
      last_name: tag,
      email: `KAI.${tag}@example.com`,
      company_id: company.id,
    });
    const deal = await post('/api/crm/deals', {
      name: `Kai deal ${tag}`,
      amount: 5,
      contact_id: survivor.id,
    });
    await demo.agent
      .post(`${DUPLICATES}/contacts/merge`)
      .set(acme())
      .send({ survivor_id: survivor.id, merged_id: merged.id, take_from_merged: ['company'] })
      .expect(200);
    const kept = (await demo.agent.get(`/api/crm/contacts/${survivor.id}`).set(acme()).expect(200)).body;
    expect(kept).toEqual(expect.objectContaining({ company: `Carry ${tag}`, company_id: company.id }));
    const moved = (await demo.agent.get(`/api/crm/deals/${deal.id}`).set(acme()).expect(200)).body;
    expect(moved.company_id).toBe(company.id);
  }, 60_000);

  it('lists companies by domain and by name without their legal form, and merges them moving contacts and deals', async () => {
    const tag = `dupcompany${Date.now()}`;
    const domain = `${tag}.example.com`;
    const survivor = await post('/api/crm/companies', { name: `Globo ${tag}`, domain });
    const merged = await post('/api/crm/companies', {
      name: `Globo ${tag}, Inc.`,
      domain: `https://www.${domain}/about`,
      phone: '+1 555 0100',
      industry: 'retail',
    });
    // Similar names, different domains: the other kind of group.
    const nameA = await post('/api/crm/companies', { name: `Initech ${tag} GmbH`, domain: `a.${domain}` });
    const nameB = await post('/api/crm/companies', { name: `initech-${tag}`, domain: `b.${domain}` });
    const contact = await post('/api/crm/contacts', {
      first_name: 'Gia',
      last_name: tag,
      company_id: merged.id,
    });
    const deal = await post('/api/crm/deals', {
      name: `Globo deal ${tag}`,
      amount: 7,
      contact_id: contact.id,
    });

    const groups = (await demo.agent.get(`${DUPLICATES}/companies`).set(acme()).expect(200)).body as Array<{
      reason: string;
      key: string;
      records: Array<{ id: string; label: string; detail: string | null }>;
    }>;
    const byDomain = groups.find((group) => group.reason === 'same_domain' && group.key === domain);
    expect(byDomain?.records.map((record) => [record.id, record.label, record.detail])).toEqual([
      [survivor.id, `Globo ${tag}`, domain],
      [merged.id, `Globo ${tag}, Inc.`, domain],
    ]);
    const byName = groups.find(
      (group) => group.reason === 'similar_name' && group.records.some((record) => record.id === nameA.id),
    );
    expect(byName?.records.map((record) => record.id).sort()).toEqual([nameA.id, nameB.id].sort());
    expect(groups.filter((group) => group.records.some((record) => record.id === survivor.id))).toHaveLength(
      1,
    );

    const result = await demo.agent
      .post(`${DUPLICATES}/companies/merge`)
      .set(acme())
      .send({
        survivor_id: survivor.id,
        merged_id: merged.id,
        take_from_merged: ['name', 'phone', 'industry'],
      })
      .expect(200);
    expect(result.body.moved).toEqual({ contacts: 1, deals: 1 });
    const kept = (await demo.agent.get(`/api/crm/companies/${survivor.id}`).set(acme()).expect(200)).body;
    // The merged company's name, taken over once the merged company is gone (names are unique).
    expect(kept).toEqual(
      expect.objectContaining({
        name: `Globo ${tag}, Inc.`,
        domain,
        phone: '+1 555 0100',
        industry: 'retail',
      }),
    );
    expect(kept.contacts.map((row: { id: string; company: string }) => [row.id, row.company])).toEqual([
      [contact.id, `Globo ${tag}, Inc.`],
    ]);
    expect(kept.deals.map((row: { id: string }) => row.id)).toEqual([deal.id]);
    await demo.agent.get(`/api/crm/companies/${merged.id}`).set(acme()).expect(404);
    const [audit] = await queryTestDatabase<{ target: string }>(
      `SELECT target FROM audit_log WHERE action = 'crm.records_merged' AND details->>'merged_id' = $1`,
      [merged.id],
    );
    expect(audit?.target).toBe(`company Globo ${tag} (${domain})`);
  }, 60_000);

  it('lists deals with a similar name at one company, and merges them moving activities and files', async () => {
    const tag = `dupdeal${Date.now()}`;
    const company = await post('/api/crm/companies', { name: `Dealco ${tag}` });
    const other = await post('/api/crm/companies', { name: `Otherco ${tag}` });
    const survivor = await post('/api/crm/deals', {
      name: `Renewal ${tag}`,
      amount: 100,
      company_id: company.id,
    });
    const merged = await post('/api/crm/deals', {
      name: `renewal-${tag}`,
      amount: 250,
      stage: 'closed_won',
      company_id: company.id,
    });
    // The same name at another company is another deal.
    const elsewhere = await post('/api/crm/deals', { name: `Renewal ${tag}`, company_id: other.id });
    const activity = await post('/api/crm/activities', {
      type: 'call',
      subject: `Call ${tag}`,
      deal_id: merged.id,
    });
    await demo.agent
      .post(`/api/crm/deals/${merged.id}/files`)
      .set(acme())
      .attach('file', Buffer.from('quote'), { filename: 'quote.txt', contentType: 'text/plain' })
      .expect(201);

    const groups = (await demo.agent.get(`${DUPLICATES}/deals`).set(acme()).expect(200)).body as Array<{
      reason: string;
      key: string;
      records: Array<{ id: string; detail: string | null; values: Record<string, string | null> }>;
    }>;
    const group = groups.find((entry) => entry.records.some((record) => record.id === survivor.id));
    expect(group?.reason).toBe('similar_name');
    expect(group?.records.map((record) => record.id)).toEqual([survivor.id, merged.id]);
    expect(group?.records[0]?.detail).toBe(`Dealco ${tag}`);
    expect(group?.records[0]?.values.company_id).toBe(`Dealco ${tag}`);
    expect(groups.some((entry) => entry.records.some((record) => record.id === elsewhere.id))).toBe(false);

    const result = await demo.agent
      .post(`${DUPLICATES}/deals/merge`)
      .set(acme())
      .send({ survivor_id: survivor.id, merged_id: merged.id, take_from_merged: ['amount', 'stage'] })
      .expect(200);
    expect(result.body.moved).toEqual({ activities: 1, files: 1 });
    const kept = (await demo.agent.get(`/api/crm/deals/${survivor.id}`).set(acme()).expect(200)).body;
    // The stage brings its status and close time.
    expect(kept).toEqual(
      expect.objectContaining({ name: `Renewal ${tag}`, amount: 250, stage: 'closed_won', status: 'won' }),
    );
    expect(kept.closed_at).toEqual(expect.any(String));
    const rows = await queryTestDatabase<{ kind: string; deal: string }>(
      `SELECT 'activity' AS kind, deal_id::text AS deal FROM crm_activities WHERE id = $1
       UNION ALL SELECT 'file', deal_id::text FROM crm_deal_files WHERE deal_id IN ($2, $3)
       ORDER BY 1`,
      [activity.id, survivor.id, merged.id],
    );
    expect(rows).toEqual([
      { kind: 'activity', deal: survivor.id },
      { kind: 'file', deal: survivor.id },
    ]);
    await demo.agent.get(`/api/crm/deals/${merged.id}`).set(acme()).expect(404);
  }, 60_000);
});
