import { hash } from 'argon2';
import { createTestApp, queryTestDatabase, type Session, signIn, type TestApp } from '../../test/test-app';

/** A user of this run only: personal-scope figures cannot be disturbed by other suites. */
async function freshUser(api: TestApp, name: string): Promise<Session> {
  const email = `${name}-${process.pid}-${Date.now()}@crm.test`;
  await queryTestDatabase(
    'INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4)',
    [email, await hash('tessera-demo'), 'Fresh', name],
  );
  return signIn(api, email);
}

describe('CRM email campaigns', () => {
  let api: TestApp;
  let owner: Session;
  beforeAll(async () => {
    api = await createTestApp();
    // Personal scope of a user with no personal rows: the audience is exactly what we create.
    owner = await freshUser(api, 'campaigns');
  });
  afterAll(() => api.close());

  const contact = (body: Record<string, unknown>) =>
    owner.agent
      .post('/api/crm/contacts')
      .send({ first_name: 'C', last_name: 'Ampaign', ...body })
      .expect(201);

  it('creates, lists, updates and sends: status, sent_at, count and one email per recipient', async () => {
    const withMail = await contact({ email: 'one@mail.test', tags: ['news'] });
    await contact({ email: 'two@mail.test', tags: ['news'] });
    await contact({ email: 'three@mail.test' });
    await contact({});
    const created = await owner.agent
      .post('/api/crm/email-campaigns')
      .send({ name: 'Launch', subject: 'Hello', audience: { tags: ['news'] } })
      .expect(201);
    expect(created.body).toEqual(
      expect.objectContaining({ status: 'draft', sent_at: null, recipients_count: 0 }),
    );
    const updated = await owner.agent
      .patch(`/api/crm/email-campaigns/${created.body.id}`)
      .send({ subject: 'Hello there', status: 'scheduled' })
      .expect(200);
    expect(updated.body).toEqual(expect.objectContaining({ subject: 'Hello there', status: 'scheduled' }));
    const list = await owner.agent.get('/api/crm/email-campaigns').expect(200);
    expect(list.body.map((row: { id: string }) => row.id)).toContain(created.body.id);

    const sent = await owner.agent.post(`/api/crm/email-campaigns/${created.body.id}/send`).expect(200);
    expect(sent.body).toEqual(expect.objectContaining({ status: 'sent', recipients_count: 2 }));
    expect(sent.body.sent_at).not.toBeNull();
    const emails = await queryTestDatabase<{
      contact_id: string;
      type: string;
      status: string;
      subject: string;
    }>('SELECT contact_id, type, status, subject FROM crm_activities WHERE campaign_id = $1', [
      created.body.id,
    ]);
    expect(emails).toHaveLength(2);
    for (const email of emails)
      expect(email).toEqual(
        expect.objectContaining({ type: 'email', status: 'completed', subject: 'Hello there' }),
      );
    expect(emails.map((email) => email.contact_id)).toContain(withMail.body.id);

    const again = await owner.agent.post(`/api/crm/email-campaigns/${created.body.id}/send`).expect(409);
    expect(again.body.message).toBe('This campaign has already been sent');
    await owner.agent
      .patch(`/api/crm/email-campaigns/${created.body.id}`)
      .send({ name: 'Changed' })
      .expect(409);
    const count = await queryTestDatabase('SELECT 1 FROM crm_activities WHERE campaign_id = $1', [
      created.body.id,
    ]);
    expect(count).toHaveLength(2);
  });

  it('sends to every contact with an email when the audience is empty', async () => {
    const created = await owner.agent
      .post('/api/crm/email-campaigns')
      .send({ name: 'All', subject: 'All of you' })
      .expect(201);
    const [{ count }] = await queryTestDatabase<{ count: string }>(
      `SELECT count(*) FROM crm_contacts WHERE org_id IS NULL AND owner_id = $1 AND email IS NOT NULL`,
      [owner.userId],
    );
    const sent = await owner.agent.post(`/api/crm/email-campaigns/${created.body.id}/send`).expect(200);
    expect(sent.body.recipients_count).toBe(Number(count));
  });

  it('is atomic: a failure mid-send leaves no activity and the campaign unsent', async () => {
    const doomed = await contact({ email: 'doomed@mail.test', tags: ['atomic'] });
    await contact({ email: 'fine@mail.test', tags: ['atomic'] });
    const created = await owner.agent
      .post('/api/crm/email-campaigns')
      .send({ name: 'Atomic', subject: 'All or nothing', audience: { tags: ['atomic'] } })
      .expect(201);
    // One recipient's insert fails (as a broken mailbox or a constraint would), after others succeeded.
    await queryTestDatabase(`
      CREATE OR REPLACE FUNCTION crm_test_fail_recipient() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF NEW.contact_id = '${doomed.body.id}' THEN
          RAISE EXCEPTION 'injected failure' USING ERRCODE = 'P0001';
        END IF;
        RETURN NEW;
      END $fn$`);
    await queryTestDatabase(
      `CREATE TRIGGER crm_test_fail_recipient BEFORE INSERT ON crm_activities FOR EACH ROW EXECUTE FUNCTION crm_test_fail_recipient()`,
    );
    try {
      await owner.agent.post(`/api/crm/email-campaigns/${created.body.id}/send`).expect(500);
    } finally {
      await queryTestDatabase('DROP TRIGGER crm_test_fail_recipient ON crm_activities');
      await queryTestDatabase('DROP FUNCTION crm_test_fail_recipient()');
    }
    const activities = await queryTestDatabase('SELECT 1 FROM crm_activities WHERE campaign_id = $1', [
      created.body.id,
    ]);
    expect(activities).toHaveLength(0);
    const [campaign] = await queryTestDatabase<{
      status: string;
      sent_at: Date | null;
      recipients_count: number;
    }>('SELECT status, sent_at, recipients_count FROM crm_email_campaigns WHERE id = $1', [created.body.id]);
    expect(campaign).toEqual({ status: 'draft', sent_at: null, recipients_count: 0 });
    // With the failure gone, the same campaign sends once.
    const sent = await owner.agent.post(`/api/crm/email-campaigns/${created.body.id}/send`).expect(200);
    expect(sent.body.recipients_count).toBe(2);
  });

  it('sends once when two sends race', async () => {
    await contact({ email: 'race@mail.test', tags: ['race'] });
    const created = await owner.agent
      .post('/api/crm/email-campaigns')
      .send({ name: 'Race', subject: 'Once', audience: { tags: ['race'] } })
      .expect(201);
    const statuses = await Promise.all([
      owner.agent.post(`/api/crm/email-campaigns/${created.body.id}/send`),
      owner.agent.post(`/api/crm/email-campaigns/${created.body.id}/send`),
    ]).then((responses) => responses.map((response) => response.status).sort());
    expect(statuses).toEqual([200, 409]);
    const activities = await queryTestDatabase('SELECT 1 FROM crm_activities WHERE campaign_id = $1', [
      created.body.id,
    ]);
    expect(activities).toHaveLength(1);
  });

  it('lists the seeded campaigns of an institution, one of them sent', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const list = await demo.agent.get('/api/crm/email-campaigns').set(demo.headers('acme')).expect(200);
    expect(list.body).toHaveLength(3);
    const sent = list.body.filter((row: { status: string }) => row.status === 'sent');
    expect(sent).toHaveLength(1);
    expect(sent[0].recipients_count).toBeGreaterThan(0);
  });

  it('validates campaign DTOs per field', async () => {
    const response = await owner.agent
      .post('/api/crm/email-campaigns')
      .send({
        name: '',
        subject: 5,
        status: 'sent',
        audience: { status: 'nope', tags: ['a b'] },
        recipients_count: 3,
      })
      .expect(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(
      ['audience.status', 'audience.tags', 'name', 'recipients_count', 'status', 'subject'].sort(),
    );
  });
});
