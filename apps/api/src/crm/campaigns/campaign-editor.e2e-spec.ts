import type { EmailCampaign } from '@tessera/data-access/contracts';
import { createTestApp, queryTestDatabase, type Session, type TestApp } from '../../test/test-app';
import { eventually } from '../../test/test-smtp';
import { signInFreshUser } from '../../test/test-users';

type ListedCampaign = EmailCampaign & {
  figures: { recipients: number; delivered: number; opened: number; clicked: number; unsubscribed: number };
};

/**
 * The campaigns screen's rules (docs/product/campaigns.md): the audience and its count before
 * sending, edits of drafts only, schedule and cancel, a test send to oneself, the list's figures,
 * and bad input refused per field with nothing changed. No SMTP server: messages stay in the
 * outbox, handed over there.
 */
describe('Campaign editor rules', () => {
  let api: TestApp;
  let owner: Session;
  let stamp = 0;

  beforeAll(async () => {
    api = await createTestApp();
    // Personal scope of a user with no personal rows: the audience is exactly what we create.
    owner = await signInFreshUser(api, 'editor');
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(() => {
    stamp += 1;
  });

  const address = (name: string) => `${name}.${process.pid}.${stamp}@editor.test`;

  const contact = async (body: Record<string, unknown>) =>
    (
      await owner.agent
        .post('/api/crm/contacts')
        .send({ first_name: 'C', last_name: 'Ontact', ...body })
        .expect(201)
    ).body as { id: string };

  const campaign = async (body: Record<string, unknown> = {}) =>
    (
      await owner.agent
        .post('/api/crm/email-campaigns')
        .send({ name: 'Editor', subject: 'Hello {{first_name}}', body: 'Hi {{first_name}}', ...body })
        .expect(201)
    ).body as EmailCampaign;

  const count = async (audience: Record<string, unknown>) =>
    (await owner.agent.post('/api/crm/email-campaigns/audience-count').send({ audience }).expect(200)).body
      .recipients as number;

  const stored = async (id: string) =>
    (await owner.agent.get(`/api/crm/email-campaigns/${id}`).expect(200)).body as EmailCampaign;

  const messagesOf = (id: string) =>
    queryTestDatabase<{ recipient: string }>('SELECT recipient FROM mail_outbox WHERE campaign_id = $1', [
      id,
    ]);

  /** Every row of the user's campaigns and of the outbox written for them, to prove nothing changed. */
  const fingerprint = async () =>
    JSON.stringify([
      await queryTestDatabase('SELECT * FROM crm_email_campaigns WHERE owner_id = $1 ORDER BY id', [
        owner.userId,
      ]),
      await queryTestDatabase('SELECT id FROM mail_outbox WHERE created_by = $1 ORDER BY id', [owner.userId]),
    ]);

  it('counts the audience before sending: any status, any source, all tags, one per valid, subscribed address', async () => {
    const tag = `count${stamp}`;
    await contact({ email: address('a'), status: 'active', lead_source: 'website', tags: [tag, 'vip'] });
    await contact({ email: address('b'), status: 'inactive', lead_source: 'referral', tags: [tag] });
    await contact({ email: address('c'), status: 'active', lead_source: 'referral', tags: [tag, 'vip'] });
    // The same address again (another case) counts once; no address, or an unsubscribed one, not at all.
    await contact({ email: address('a').toUpperCase(), status: 'active', tags: [tag] });
    await contact({ status: 'active', tags: [tag] });
    const gone = await contact({ email: address('gone'), status: 'active', tags: [tag] });
    await queryTestDatabase('UPDATE crm_contacts SET unsubscribed_at = now() WHERE id = $1', [gone.id]);

    expect(await count({ tags: [tag] })).toBe(3);
    expect(await count({ tags: [tag, 'vip'] })).toBe(2);
    expect(await count({ tags: [tag], statuses: ['active'] })).toBe(2);
    expect(await count({ tags: [tag], statuses: ['active', 'inactive'] })).toBe(3);
    expect(await count({ tags: [tag], lead_sources: ['referral'] })).toBe(2);
    expect(await count({ tags: [tag], lead_sources: ['website'], statuses: ['inactive'] })).toBe(0);
    // The single-value form of earlier campaigns still means the same.
    expect(await count({ tags: [tag], status: 'inactive' })).toBe(1);

    // The send reaches exactly the counted recipients.
    const created = await campaign({ audience: { tags: [tag], statuses: ['active'] } });
    await owner.agent.post(`/api/crm/email-campaigns/${created.id}/send`).expect(202);
    const sent = await eventually(async () => {
      const current = await stored(created.id);
      return current.status === 'sent' ? current : undefined;
    }, 30_000);
    expect(sent.recipients_count).toBe(2);
    expect((await messagesOf(created.id)).map((row) => row.recipient).sort()).toEqual([
      address('a'),
      address('c'),
    ]);

    const bad = await owner.agent
      .post('/api/crm/email-campaigns/audience-count')
      .send({ audience: { statuses: ['asleep'], lead_sources: 'web', tags: ['no spaces'] } })
      .expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'audience.lead_sources',
      'audience.statuses',
      'audience.tags',
    ]);
    expect(bad.body.errors['audience.statuses']).toEqual([
      expect.stringContaining('each status must be one of active, inactive'),
    ]);
  });

  it('shows each campaign’s figures on the list: recipients, delivered, opened, clicked, unsubscribed', async () => {
    const tag = `figures${stamp}`;
    await contact({ email: address('x'), tags: [tag] });
    const reader = await contact({ email: address('y'), tags: [tag] });
    const created = await campaign({ audience: { tags: [tag] } });
    const draft = await campaign({ name: 'Untouched' });
    await owner.agent.post(`/api/crm/email-campaigns/${created.id}/send`).expect(202);
    await eventually(async () => (await stored(created.id)).status === 'sent', 30_000);
    await queryTestDatabase(
      `UPDATE mail_outbox SET opened_at = now(), clicked_at = now() WHERE campaign_id = $1 AND contact_id = $2`,
      [created.id, reader.id],
    );
    await queryTestDatabase('UPDATE crm_contacts SET unsubscribed_at = now() WHERE id = $1', [reader.id]);

    const list = (await owner.agent.get('/api/crm/email-campaigns').expect(200)).body as ListedCampaign[];
    expect(list.find((row) => row.id === created.id)?.figures).toEqual({
      recipients: 2,
      delivered: 2,
      opened: 1,
      clicked: 1,
      unsubscribed: 1,
    });
    expect(list.find((row) => row.id === draft.id)?.figures).toEqual({
      recipients: 0,
      delivered: 0,
      opened: 0,
      clicked: 0,
      unsubscribed: 0,
    });
  });

  it('edits drafts only: a scheduled campaign is cancelled first, a sent one never changes', async () => {
    const created = await campaign();
    await owner.agent
      .patch(`/api/crm/email-campaigns/${created.id}`)
      .send({ name: 'Renamed', audience: { statuses: ['active'], tags: ['vip'] } })
      .expect(200);
    expect(await stored(created.id)).toMatchObject({
      name: 'Renamed',
      audience: { statuses: ['active'], tags: ['vip'] },
    });

    const sendAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const scheduled = await owner.agent
      .post(`/api/crm/email-campaigns/${created.id}/schedule`)
      .send({ send_at: sendAt })
      .expect(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', send_at: sendAt });
    const refused = await owner.agent
      .patch(`/api/crm/email-campaigns/${created.id}`)
      .send({ name: 'Sneaky' })
      .expect(409);
    expect(refused.body.message).toBe('This campaign is scheduled: cancel the schedule to edit it');

    const cancelled = await owner.agent
      .post(`/api/crm/email-campaigns/${created.id}/cancel-schedule`)
      .expect(200);
    expect(cancelled.body).toMatchObject({ status: 'draft', send_at: null });
    await owner.agent.post(`/api/crm/email-campaigns/${created.id}/cancel-schedule`).expect(409);
    await owner.agent.patch(`/api/crm/email-campaigns/${created.id}`).send({ name: 'Again' }).expect(200);

    // status is not a way to schedule or send.
    const status = await owner.agent
      .patch(`/api/crm/email-campaigns/${created.id}`)
      .send({ status: 'scheduled' })
      .expect(400);
    expect(Object.keys(status.body.errors)).toEqual(['status']);
  });

  it('sends a scheduled campaign at its time; a cancelled or moved schedule sends nothing', async () => {
    const tag = `later${stamp}`;
    await contact({ email: address('later'), tags: [tag] });
    const soon = () => new Date(Date.now() + 1_500).toISOString();

    const cancelled = await campaign({ name: 'Cancelled', audience: { tags: [tag] } });
    await owner.agent
      .post(`/api/crm/email-campaigns/${cancelled.id}/schedule`)
      .send({ send_at: soon() })
      .expect(200);
    await owner.agent.post(`/api/crm/email-campaigns/${cancelled.id}/cancel-schedule`).expect(200);

    // Moved: the first time's job finds another send_at and leaves it to the second.
    const moved = await campaign({ name: 'Moved', audience: { tags: [tag] } });
    await owner.agent
      .post(`/api/crm/email-campaigns/${moved.id}/schedule`)
      .send({ send_at: soon() })
      .expect(200);
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    await owner.agent
      .post(`/api/crm/email-campaigns/${moved.id}/schedule`)
      .send({ send_at: later })
      .expect(200);

    const onTime = await campaign({ name: 'On time', audience: { tags: [tag] } });
    await owner.agent
      .post(`/api/crm/email-campaigns/${onTime.id}/schedule`)
      .send({ send_at: soon() })
      .expect(200);
    const sent = await eventually(async () => {
      const current = await stored(onTime.id);
      return current.status === 'sent' ? current : undefined;
    }, 30_000);
    expect(sent).toMatchObject({ recipients_count: 1, send_at: null });
    expect(sent.send_requested_by).toBe(owner.userId);

    // Both stale jobs have run (their time has passed) and did nothing.
    await eventually(async () => {
      const jobs = await queryTestDatabase<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = 'crm.campaign.scheduled-send' AND data->>'campaignId' = ANY($1)`,
        [[cancelled.id, moved.id]],
      );
      return jobs.length === 3 && jobs.filter((job) => job.state === 'completed').length === 2;
    }, 30_000);
    expect(await stored(cancelled.id)).toMatchObject({ status: 'draft', send_at: null });
    expect(await stored(moved.id)).toMatchObject({ status: 'scheduled', send_at: later });
    expect(await messagesOf(cancelled.id)).toEqual([]);
    expect(await messagesOf(moved.id)).toEqual([]);
  });

  it('refuses a bad schedule per field and changes nothing', async () => {
    const created = await campaign();
    const empty = await campaign({ name: 'No message', body: '' });
    const before = await fingerprint();
    const past = await owner.agent
      .post(`/api/crm/email-campaigns/${created.id}/schedule`)
      .send({ send_at: new Date(Date.now() - 60_000).toISOString() })
      .expect(400);
    expect(past.body.errors).toEqual({ send_at: ['Choose a time in the future'] });
    const garbled = await owner.agent
      .post(`/api/crm/email-campaigns/${created.id}/schedule`)
      .send({ send_at: 'tomorrow' })
      .expect(400);
    expect(Object.keys(garbled.body.errors)).toEqual(['send_at']);
    const unsendable = await owner.agent
      .post(`/api/crm/email-campaigns/${empty.id}/schedule`)
      .send({ send_at: new Date(Date.now() + 60 * 60_000).toISOString() })
      .expect(400);
    expect(unsendable.body.errors).toEqual({ body: ['Write the message before sending the campaign'] });
    expect(await fingerprint()).toBe(before);
  });

  it('refuses a bad campaign per field on create and update and changes nothing', async () => {
    const created = await campaign();
    const before = await fingerprint();
    const bad = await owner.agent
      .post('/api/crm/email-campaigns')
      .send({ name: ' ', subject: 'Hi {{nickname}}', audience: { statuses: ['x'], colour: 'red' } })
      .expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'audience.colour',
      'audience.statuses',
      'name',
      'subject',
    ]);
    expect(bad.body.errors.subject).toEqual([expect.stringContaining('Unknown merge field {{nickname}}')]);
    const badUpdate = await owner.agent
      .patch(`/api/crm/email-campaigns/${created.id}`)
      .send({ body: 'Dear {{title}}', audience: { lead_sources: ['carrier_pigeon'] } })
      .expect(400);
    expect(Object.keys(badUpdate.body.errors).sort()).toEqual(['audience.lead_sources', 'body']);
    expect(await fingerprint()).toBe(before);
  });

  it('sends a test to the signed-in user’s own address, marked as a test and counted nowhere', async () => {
    const tag = `test${stamp}`;
    await contact({ email: address('real'), tags: [tag] });
    const created = await campaign({
      subject: 'News for {{first_name}}',
      body: 'Hello {{full_name}}, see https://example.test/news',
      audience: { tags: [tag] },
    });
    const [user] = await queryTestDatabase<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      owner.userId,
    ]);
    const test = await owner.agent.post(`/api/crm/email-campaigns/${created.id}/test`).expect(202);
    expect(test.body).toMatchObject({ to: user.email, subject: '[Test] News for Fresh' });
    const [message] = await queryTestDatabase<{
      kind: string;
      recipient: string;
      campaign_id: string | null;
      text_body: string;
    }>('SELECT kind, recipient, campaign_id, text_body FROM mail_outbox WHERE id = $1', [
      test.body.message_id,
    ]);
    expect(message).toMatchObject({ kind: 'test', recipient: user.email, campaign_id: null });
    expect(message.text_body).toContain('Hello Fresh editor, see https://example.test/news');

    // The campaign itself is untouched: still a draft, no recipients, no figures.
    expect(await stored(created.id)).toMatchObject({ status: 'draft', recipients_count: 0 });
    const list = (await owner.agent.get('/api/crm/email-campaigns').expect(200)).body as ListedCampaign[];
    expect(list.find((row) => row.id === created.id)?.figures.recipients).toBe(0);
    expect(await messagesOf(created.id)).toEqual([]);

    // A campaign that could not be sent cannot be tested either.
    const empty = await campaign({ name: 'Empty', body: '' });
    const before = await fingerprint();
    const refused = await owner.agent.post(`/api/crm/email-campaigns/${empty.id}/test`).expect(400);
    expect(refused.body.errors).toEqual({ body: ['Write the message before sending the campaign'] });
    expect(await fingerprint()).toBe(before);
  });
});
