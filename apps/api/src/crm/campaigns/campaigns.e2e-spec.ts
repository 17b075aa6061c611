import type { CampaignDelivery, EmailCampaign } from '@tessera/data-access/contracts';
import { createTestApp, queryTestDatabase, type Session, signIn, type TestApp } from '../../test/test-app';
import {
  eventually,
  type ReceivedMail,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../test/test-smtp';
import { signInFreshUser } from '../../test/test-users';

/** The links of a received message's HTML part, unescaped. */
function htmlLinks(mail: ReceivedMail, pattern: RegExp): string[] {
  return [...mail.html.matchAll(/(?:href|src)="([^"]+)"/g)]
    .map((match) => match[1].replace(/&amp;/g, '&'))
    .filter((link) => pattern.test(link));
}

describe('CRM email campaigns that really send (real SMTP server)', () => {
  let smtp: TestSmtpServer;
  let api: TestApp;
  let owner: Session;
  let stamp = 0;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_LIMIT: '2',
    });
    // Personal scope of a user with no personal rows: the audience is exactly what we create.
    owner = await signInFreshUser(api, 'campaigns');
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });
  beforeEach(() => {
    stamp += 1;
  });

  /** An address unique to this run and test, so other suites' mail never counts. */
  const address = (name: string) => `${name}.${process.pid}.${stamp}@mail.test`;
  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));

  const contact = async (body: Record<string, unknown>) =>
    (
      await owner.agent
        .post('/api/crm/contacts')
        .send({ first_name: 'C', last_name: 'Ampaign', ...body })
        .expect(201)
    ).body as { id: string; email: string | null };

  const campaign = async (body: Record<string, unknown>) =>
    (
      await owner.agent
        .post('/api/crm/email-campaigns')
        .send({ name: 'Launch', subject: 'Hello', body: 'Hi {{first_name}}', ...body })
        .expect(201)
    ).body as EmailCampaign;

  const sendAndWait = async (id: string): Promise<EmailCampaign> => {
    const accepted = await owner.agent.post(`/api/crm/email-campaigns/${id}/send`).expect(202);
    expect(accepted.body.status).toBe('sending');
    return eventually(async () => {
      const current = await owner.agent.get(`/api/crm/email-campaigns/${id}`).expect(200);
      return current.body.status === 'sent' ? (current.body as EmailCampaign) : undefined;
    }, 30_000);
  };

  it('queues one message per address of the audience and, once handed over, holds the completion rule of docs/product/campaigns.md', async () => {
    const tag = `news${stamp}`;
    const ana = await contact({ first_name: 'Ana', company: 'Lima', email: address('ana'), tags: [tag] });
    // The same person twice (another case): one message, to the oldest contact.
    await contact({ first_name: 'Ana2', email: address('ana').toUpperCase(), tags: [tag] });
    const ben = await contact({ first_name: 'Ben', email: address('ben'), tags: [tag] });
    await contact({ first_name: 'Nomail', tags: [tag] });
    await contact({ first_name: 'Other', email: address('other') });
    const created = await campaign({
      subject: 'News for {{first_name}}',
      body: 'Hi {{first_name}} of {{company}},\n\nRead https://blog.example/launch?x=1&y=2 today.',
      audience: { tags: [tag] },
    });
    expect(created).toMatchObject({ status: 'draft', sent_at: null, recipients_count: 0 });

    const sent = await sendAndWait(created.id);
    expect(sent.recipients_count).toBe(2);
    expect(sent.sent_at).not.toBeNull();
    expect(sent.delivery_total).toBe(2);

    await smtp.waitFor(2);
    const toAna = receivedBy(ana.email ?? '');
    const toBen = receivedBy(ben.email ?? '');
    expect(toAna).toHaveLength(1);
    expect(toBen).toHaveLength(1);
    expect(receivedBy(address('other'))).toHaveLength(0);
    expect(toAna[0].subject).toBe('News for Ana');
    expect(toAna[0].text).toContain('Hi Ana of Lima,');
    expect(toAna[0].text).toContain('https://blog.example/launch?x=1&y=2');
    expect(toAna[0].text).toContain(`Unsubscribe: ${api.url}/api/mail/u/`);
    expect(htmlLinks(toAna[0], /\/api\/mail\/o\/[\w-]+\.gif$/)).toHaveLength(1);
    expect(htmlLinks(toAna[0], /\/api\/mail\/c\//)).toHaveLength(1);
    expect(toAna[0].html).not.toContain('href="https://blog.example');

    const activities = await queryTestDatabase<{
      contact_id: string;
      type: string;
      status: string;
      subject: string;
    }>(
      'SELECT contact_id, type, status, subject FROM crm_activities WHERE campaign_id = $1 ORDER BY subject',
      [created.id],
    );
    expect(activities).toEqual([
      { contact_id: ana.id, type: 'email', status: 'completed', subject: 'News for Ana' },
      { contact_id: ben.id, type: 'email', status: 'completed', subject: 'News for Ben' },
    ]);

    const delivery = (await owner.agent.get(`/api/crm/email-campaigns/${created.id}/delivery`).expect(200))
      .body as CampaignDelivery;
    expect(delivery).toMatchObject({
      status: 'sent',
      total: 2,
      queued: 0,
      sent: 2,
      failed: 0,
      opened: 0,
      clicked: 0,
      unsubscribed: 0,
      recipients_total: 2,
    });
    expect(delivery.recipients.map((row) => [row.email, row.status, row.name])).toEqual([
      [address('ana'), 'sent', 'Ana Ampaign'],
      [address('ben'), 'sent', 'Ben Ampaign'],
    ]);
    const failedOnly = await owner.agent
      .get(`/api/crm/email-campaigns/${created.id}/delivery?status=failed`)
      .expect(200);
    expect(failedOnly.body.recipients).toEqual([]);

    const again = await owner.agent.post(`/api/crm/email-campaigns/${created.id}/send`).expect(409);
    expect(again.body.message).toBe('This campaign has already been sent');
    await owner.agent.patch(`/api/crm/email-campaigns/${created.id}`).send({ name: 'Changed' }).expect(409);
    expect(
      await queryTestDatabase('SELECT 1 FROM mail_outbox WHERE campaign_id = $1', [created.id]),
    ).toHaveLength(2);
  });

  it('sends once when two sends race', async () => {
    const tag = `race${stamp}`;
    const racer = await contact({ email: address('race'), tags: [tag] });
    const created = await campaign({ name: 'Race', subject: 'Once', audience: { tags: [tag] } });
    const statuses = await Promise.all([
      owner.agent.post(`/api/crm/email-campaigns/${created.id}/send`),
      owner.agent.post(`/api/crm/email-campaigns/${created.id}/send`),
    ]).then((responses) => responses.map((response) => response.status).sort());
    expect(statuses).toEqual([202, 409]);
    await eventually(
      async () => (await owner.agent.get(`/api/crm/email-campaigns/${created.id}`)).body.status === 'sent',
    );
    expect(receivedBy(racer.email ?? '')).toHaveLength(1);
    expect(
      await queryTestDatabase('SELECT 1 FROM crm_activities WHERE campaign_id = $1', [created.id]),
    ).toHaveLength(1);
  });

  it('records a permanent refusal as failed and still completes with the delivered count', async () => {
    const tag = `bounce${stamp}`;
    await contact({ email: address('lands'), tags: [tag] });
    await contact({ email: address('bounces'), tags: [tag] });
    const created = await campaign({ name: 'Bounce', audience: { tags: [tag] } });
    // Nothing else in flight may take the refusal meant for this campaign.
    await eventually(
      async () => (await queryTestDatabase("SELECT 1 FROM mail_outbox WHERE status = 'queued'")).length === 0,
    );
    smtp.refuseNext(1, 550);
    const sent = await sendAndWait(created.id);
    expect(sent.recipients_count).toBe(1);
    const delivery = (await owner.agent.get(`/api/crm/email-campaigns/${created.id}/delivery`).expect(200))
      .body as CampaignDelivery;
    expect(delivery).toMatchObject({ total: 2, sent: 1, failed: 1, queued: 0 });
    const failed = delivery.recipients.find((row) => row.status === 'failed');
    expect(failed?.last_error).toContain('Mailbox unavailable');
    expect(
      await queryTestDatabase('SELECT 1 FROM crm_activities WHERE campaign_id = $1', [created.id]),
    ).toHaveLength(1);
  }, 40_000);

  it('records the first open, fires enabled email_opened workflows and rules once, and ignores unknown pixels', async () => {
    const email = address('reader');
    const tag = `open${stamp}`;
    const reader = await contact({ first_name: 'Rea', last_name: 'Der', email, tags: [tag] });
    const lead = (
      await owner.agent
        .post('/api/crm/leads')
        .send({ first_name: 'Rea', last_name: 'Der', email })
        .expect(201)
    ).body as { id: string };
    const enabled = await owner.agent
      .post('/api/crm/workflows')
      .send({
        name: `Opened ${stamp}`,
        trigger: 'email_opened',
        actions: [
          { type: 'update_status', config: { status: 'contacted' } },
          { type: 'send_email', config: { subject: 'Thanks for reading, {{first_name}}' } },
        ],
      })
      .expect(201);
    const disabled = await owner.agent
      .post('/api/crm/workflows')
      .send({ name: `Paused ${stamp}`, trigger: 'email_opened', active: false, actions: [] })
      .expect(201);
    const rule = await owner.agent
      .post('/api/crm/automation-rules')
      .send({
        name: `Reader task ${stamp}`,
        conditions_json: { event_type: 'email_opened' },
        actions_json: [{ type: 'create_task', config: { subject: 'Call the reader' } }],
      })
      .expect(201);

    const created = await campaign({ name: 'Opens', audience: { tags: [tag] } });
    await sendAndWait(created.id);
    const [mail] = await eventually(async () => receivedBy(email).length > 0 && receivedBy(email));
    const [pixel] = htmlLinks(mail, /\/api\/mail\/o\//);

    const image = await fetch(pixel);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
    const [{ opened_at }] = await queryTestDatabase<{ opened_at: Date }>(
      'SELECT opened_at FROM mail_outbox WHERE campaign_id = $1',
      [created.id],
    );
    expect(opened_at).not.toBeNull();

    const executions = await eventually(async () => {
      const rows = (await owner.agent.get(`/api/crm/workflows/${enabled.body.id}/executions`).expect(200))
        .body;
      return rows.length > 0 && rows;
    });
    expect(executions).toHaveLength(1);
    expect(executions[0]).toMatchObject({ lead_id: lead.id, status: 'success' });
    const thanks = await eventually(async () => receivedBy(email).length === 2 && receivedBy(email)[1]);
    expect(thanks.subject).toBe('Thanks for reading, Rea');
    const [{ status }] = await queryTestDatabase<{ status: string }>(
      'SELECT status FROM crm_leads WHERE id = $1',
      [lead.id],
    );
    expect(status).toBe('contacted');
    const runs = await eventually(async () => {
      const rows = (await owner.agent.get(`/api/crm/automation-rules/${rule.body.id}/runs`).expect(200)).body;
      return rows.length > 0 && rows;
    });
    expect(runs[0]).toMatchObject({
      contact_id: reader.id,
      event: { event_type: 'email_opened', campaign_id: created.id },
    });
    const tasks = await queryTestDatabase(
      `SELECT 1 FROM crm_activities WHERE contact_id = $1 AND type = 'task' AND subject = 'Call the reader'`,
      [reader.id],
    );
    expect(tasks).toHaveLength(1);

    // A second open changes nothing and fires nothing.
    expect((await fetch(pixel)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await owner.agent.get(`/api/crm/workflows/${enabled.body.id}/executions`)).body).toHaveLength(1);
    expect((await owner.agent.get(`/api/crm/automation-rules/${rule.body.id}/runs`)).body).toHaveLength(1);
    expect((await owner.agent.get(`/api/crm/workflows/${disabled.body.id}/executions`)).body).toHaveLength(0);
    const [again] = await queryTestDatabase<{ opened_at: Date }>(
      'SELECT opened_at FROM mail_outbox WHERE campaign_id = $1',
      [created.id],
    );
    expect(again.opened_at).toEqual(opened_at);
    const delivery = await owner.agent.get(`/api/crm/email-campaigns/${created.id}/delivery`).expect(200);
    expect(delivery.body.opened).toBe(1);

    expect((await fetch(`${api.url}/api/mail/o/AAAAAAAAAAAAAAAAAAAAAAAA.gif`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/mail/o/bad.gif`)).status).toBe(400);
    expect((await fetch(`${api.url}/api/mail/o/no-extension`)).status).toBe(400);
  }, 60_000);

  it('redirects a click only to the signed target, and counts it', async () => {
    const email = address('clicker');
    const tag = `click${stamp}`;
    await contact({ email, tags: [tag] });
    const created = await campaign({ body: 'See https://blog.example/a?b=1', audience: { tags: [tag] } });
    await sendAndWait(created.id);
    const [mail] = await eventually(async () => receivedBy(email).length > 0 && receivedBy(email));
    const [link] = htmlLinks(mail, /\/api\/mail\/c\//);
    const url = new URL(link);
    expect(url.searchParams.get('u')).toBe('https://blog.example/a?b=1');

    const followed = await fetch(url, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('https://blog.example/a?b=1');
    const [row] = await queryTestDatabase<{ clicked_at: Date | null; opened_at: Date | null }>(
      'SELECT clicked_at, opened_at FROM mail_outbox WHERE campaign_id = $1',
      [created.id],
    );
    expect(row.clicked_at).not.toBeNull();
    expect(row.opened_at).not.toBeNull();

    const forged = new URL(url);
    forged.searchParams.set('u', 'https://evil.example/phish');
    const refused = await fetch(forged, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    const badSignature = new URL(url);
    badSignature.searchParams.set('s', 'x'.repeat(32));
    expect((await fetch(badSignature, { redirect: 'manual' })).status).toBe(400);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('s');
    expect((await fetch(unsigned, { redirect: 'manual' })).status).toBe(400);
    const script = new URL(url);
    script.searchParams.set('u', 'javascript:alert(1)');
    expect((await fetch(script, { redirect: 'manual' })).status).toBe(400);
    const delivery = await owner.agent.get(`/api/crm/email-campaigns/${created.id}/delivery`).expect(200);
    expect(delivery.body).toMatchObject({ opened: 1, clicked: 1 });
  });

  it('unsubscribes through the link (after asking) and later campaigns skip the address', async () => {
    const email = address('leaver');
    const tag = `leave${stamp}`;
    const leaver = await contact({ email, tags: [tag] });
    const twin = await contact({ email: email.toUpperCase() });
    const stayer = await contact({ email: address('stayer'), tags: [tag] });
    const first = await campaign({ name: 'First', audience: { tags: [tag] } });
    await sendAndWait(first.id);
    const [mail] = await eventually(async () => receivedBy(email).length > 0 && receivedBy(email));
    const unsubscribe = mail.text.match(/Unsubscribe: (\S+)/)?.[1] ?? '';

    const question = await fetch(unsubscribe);
    expect(question.status).toBe(200);
    expect(question.headers.get('content-type')).toContain('text/html');
    const page = await question.text();
    expect(page).toContain(email);
    expect(page).toContain('<button type="submit">Unsubscribe</button>');
    // Opening the link alone changes nothing (mail scanners open every link).
    const [before] = await queryTestDatabase<{ unsubscribed_at: Date | null }>(
      'SELECT unsubscribed_at FROM crm_contacts WHERE id = $1',
      [leaver.id],
    );
    expect(before.unsubscribed_at).toBeNull();

    // What the page's form sends.
    const confirmed = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '',
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You are unsubscribed');
    const marked = await queryTestDatabase<{ id: string }>(
      'SELECT id FROM crm_contacts WHERE id = ANY($1) AND unsubscribed_at IS NOT NULL',
      [[leaver.id, twin.id, stayer.id]],
    );
    expect(marked.map((row) => row.id).sort()).toEqual([leaver.id, twin.id].sort());
    const contactNow = await owner.agent.get(`/api/crm/contacts/${leaver.id}`).expect(200);
    expect(contactNow.body.unsubscribed_at).not.toBeNull();
    expect(await (await fetch(unsubscribe)).text()).toContain('You are unsubscribed');

    const second = await campaign({ name: 'Second', audience: { tags: [tag] } });
    const sent = await sendAndWait(second.id);
    expect(sent.recipients_count).toBe(1);
    await eventually(async () => receivedBy(address('stayer')).length === 2);
    expect(receivedBy(email)).toHaveLength(1);
    const firstDelivery = await owner.agent.get(`/api/crm/email-campaigns/${first.id}/delivery`).expect(200);
    expect(firstDelivery.body.unsubscribed).toBe(1);

    const unknown = await fetch(`${api.url}/api/mail/u/AAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This unsubscribe link is not valid.');
    expect((await fetch(`${api.url}/api/mail/u/x`, { method: 'POST' })).status).toBe(404);
  });

  it('lists the seeded campaigns of an institution, one of them sent', async () => {
    const demo = await signIn(api, 'demo@acme.test');
    const list = await demo.agent.get('/api/crm/email-campaigns').set(demo.headers('acme')).expect(200);
    expect(list.body.length).toBeGreaterThanOrEqual(3);
    const sent = list.body.filter((row: { status: string }) => row.status === 'sent');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0].recipients_count).toBeGreaterThan(0);
  });

  describe('refuses bad input with a message per field, and changes nothing', () => {
    it('on create and update', async () => {
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
      for (const audience of [[], 5, 'everyone', null, [{ tags: ['x'] }]]) {
        const refused = await owner.agent
          .post('/api/crm/email-campaigns')
          .send({ name: 'Shape', subject: 'Shape', audience })
          .expect(400);
        expect(refused.body.errors.audience).toBeDefined();
      }
      const unknownKey = await owner.agent
        .post('/api/crm/email-campaigns')
        .send({ name: 'Shape', subject: 'Shape', audience: { everyone: true } })
        .expect(400);
      expect(unknownKey.body.errors['audience.everyone']).toEqual(['property everyone should not exist']);
      const merge = await owner.agent
        .post('/api/crm/email-campaigns')
        .send({ name: 'Merge', subject: 'Hi {{nickname}}', body: 'Dear {{first_name}} {{shoe_size}}' })
        .expect(400);
      expect(merge.body.errors.subject[0]).toContain('Unknown merge field {{nickname}}');
      expect(merge.body.errors.body[0]).toContain('{{shoe_size}}');
      const draft = await campaign({ name: 'Stays' });
      await owner.agent.patch(`/api/crm/email-campaigns/${draft.id}`).send({ audience: [] }).expect(400);
      const [row] = await queryTestDatabase<{ audience: unknown }>(
        'SELECT audience FROM crm_email_campaigns WHERE id = $1',
        [draft.id],
      );
      expect(row.audience).toEqual({});
      expect(
        await queryTestDatabase(
          `SELECT 1 FROM crm_email_campaigns WHERE owner_id = $1 AND name IN ('Shape', 'Merge')`,
          [owner.userId],
        ),
      ).toHaveLength(0);
    });

    it('on send: no message, or a stored audience of the wrong shape', async () => {
      const empty = await campaign({ name: 'No body', body: undefined });
      await owner.agent.patch(`/api/crm/email-campaigns/${empty.id}`).send({ body: '   ' }).expect(200);
      const noBody = await owner.agent.post(`/api/crm/email-campaigns/${empty.id}/send`).expect(400);
      expect(noBody.body.errors.body).toEqual(['Write the message before sending the campaign']);

      const broken = await campaign({ name: 'Broken audience' });
      await queryTestDatabase(`UPDATE crm_email_campaigns SET audience = $2 WHERE id = $1`, [
        broken.id,
        JSON.stringify({ status: 'nope', everyone: true }),
      ]);
      const refused = await owner.agent.post(`/api/crm/email-campaigns/${broken.id}/send`).expect(400);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['audience.everyone', 'audience.status']);

      const rows = await queryTestDatabase<{ status: string; send_requested_at: Date | null }>(
        'SELECT status, send_requested_at FROM crm_email_campaigns WHERE id = ANY($1)',
        [[empty.id, broken.id]],
      );
      expect(rows).toEqual([
        { status: 'draft', send_requested_at: null },
        { status: 'draft', send_requested_at: null },
      ]);
      expect(
        await queryTestDatabase('SELECT 1 FROM mail_outbox WHERE campaign_id = ANY($1)', [
          [empty.id, broken.id],
        ]),
      ).toHaveLength(0);
      await owner.agent.get(`/api/crm/email-campaigns/${broken.id}/delivery?status=lost`).expect(400);
    });
  });
});
