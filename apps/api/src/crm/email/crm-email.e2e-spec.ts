import type { OutboxPage, SentCrmEmail } from '@tessera/data-access/contracts';
import { createTestApp, queryTestDatabase, type Session, signIn, type TestApp } from '../../test/test-app';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp';

/** E-mail written on a record, and e-mail sent by automation rules and workflows, leaves by SMTP. */
describe('CRM e-mail through the outbox (real SMTP server)', () => {
  let smtp: TestSmtpServer;
  let api: TestApp;
  let demo: Session;
  let viewer: Session;
  let globex: Session;
  const run = `${process.pid}-${Date.now()}`;
  const address = (name: string) => `${name}.${run}@mail.test`;
  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' });
    demo = await signIn(api, 'demo@acme.test');
    viewer = await signIn(api, 'viewer@acme.test');
    globex = await signIn(api, 'owner@globex.test');
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });
  const acme = (session: Session = demo) => session.headers('acme');

  const lead = async (body: Record<string, unknown>) =>
    (
      await demo.agent
        .post('/api/crm/leads')
        .set(acme())
        .send({ first_name: 'Quinn', last_name: 'Quick', company: 'Quickly', ...body })
        .expect(201)
    ).body as { id: string };

  describe('Send Email on a lead or a contact', () => {
    it('queues the message, delivers it with merge fields filled, logs the activity and shows it in the outbox', async () => {
      const email = address('quinn');
      const target = await lead({ email });
      const sent = await demo.agent
        .post(`/api/crm/leads/${target.id}/emails`)
        .set(acme())
        .send({
          subject: 'Following up, {{first_name}}',
          body: 'Hello {{full_name}} of {{company}},\n\nShall we talk?',
        })
        .expect(202);
      const result = sent.body as SentCrmEmail;
      expect(result).toMatchObject({ to: email, subject: 'Following up, Quinn' });

      const [mail] = await eventually(async () => receivedBy(email).length > 0 && receivedBy(email));
      expect(mail.subject).toBe('Following up, Quinn');
      expect(mail.text).toContain('Hello Quinn Quick of Quickly,');
      expect(mail.text).toContain('Shall we talk?');

      const activities = await demo.agent
        .get(`/api/crm/activities?lead_id=${target.id}`)
        .set(acme())
        .expect(200);
      expect(activities.body).toEqual([
        expect.objectContaining({
          id: result.activity_id,
          type: 'email',
          status: 'completed',
          subject: 'Following up, Quinn',
          owner_id: demo.userId,
        }),
      ]);
      const outbox = (await demo.agent.get('/api/outbox').set(acme()).expect(200)).body as OutboxPage;
      const item = outbox.items.find((entry) => entry.id === result.message_id);
      expect(item).toMatchObject({ kind: 'direct', recipient: email, subject: 'Following up, Quinn' });
      await eventually(async () => {
        const [row] = await queryTestDatabase<{ status: string; created_by: string }>(
          'SELECT status, created_by FROM mail_outbox WHERE id = $1',
          [result.message_id],
        );
        return row.status === 'sent' && row.created_by === demo.userId;
      });
    });

    it('writes to a contact too', async () => {
      const email = address('cora');
      const contact = await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({ first_name: 'Cora', last_name: 'Contact', email })
        .expect(201);
      await demo.agent
        .post(`/api/crm/contacts/${contact.body.id}/emails`)
        .set(acme())
        .send({ subject: 'Hi {{first_name}}', body: 'A note for you.' })
        .expect(202);
      const [mail] = await eventually(async () => receivedBy(email).length > 0 && receivedBy(email));
      expect(mail.subject).toBe('Hi Cora');
      const activities = await demo.agent
        .get(`/api/crm/activities?contact_id=${contact.body.id}`)
        .set(acme())
        .expect(200);
      expect(activities.body.map((row: { type: string }) => row.type)).toEqual(['email']);
    });

    it('refuses bad input per field, other tenants and readers, and queues nothing', async () => {
      const noMail = await lead({ first_name: 'Nomail' });
      const withMail = await lead({ email: address('refused') });
      const before = (await queryTestDatabase('SELECT id FROM mail_outbox')).length;

      const missing = await demo.agent
        .post(`/api/crm/leads/${noMail.id}/emails`)
        .set(acme())
        .send({ subject: 'Hello', body: 'Hi' })
        .expect(400);
      expect(missing.body.errors).toEqual({ to: ['This lead has no e-mail address'] });

      const empty = await demo.agent
        .post(`/api/crm/leads/${withMail.id}/emails`)
        .set(acme())
        .send({ subject: '  ', body: '' })
        .expect(400);
      expect(empty.body.errors).toEqual({ subject: ['Subject is required'], body: ['Message is required'] });

      const unknown = await demo.agent
        .post(`/api/crm/leads/${withMail.id}/emails`)
        .set(acme())
        .send({ subject: 'Hi {{nick}}', body: 'x', cc: 'someone@else.test' })
        .expect(400);
      expect(Object.keys(unknown.body.errors).sort()).toEqual(['cc', 'subject']);
      expect(unknown.body.errors.subject[0]).toContain('Unknown merge field {{nick}}');

      await demo.agent
        .post(`/api/crm/leads/not-a-uuid/emails`)
        .set(acme())
        .send({ subject: 'a', body: 'b' })
        .expect(400);
      await globex.agent
        .post(`/api/crm/leads/${withMail.id}/emails`)
        .set(globex.headers('globex'))
        .send({ subject: 'Hello', body: 'Hi' })
        .expect(404);
      await viewer.agent
        .post(`/api/crm/leads/${withMail.id}/emails`)
        .set(acme(viewer))
        .send({ subject: 'Hello', body: 'Hi' })
        .expect(403);

      expect(await queryTestDatabase('SELECT id FROM mail_outbox')).toHaveLength(before);
      expect(
        await queryTestDatabase('SELECT 1 FROM crm_activities WHERE lead_id = ANY($1)', [
          [noMail.id, withMail.id],
        ]),
      ).toHaveLength(0);
    });
  });

  describe('automation rules and workflows', () => {
    it('a rule’s send_email leaves by SMTP on a pipeline move, and skips an unsubscribed address', async () => {
      const stage = 'negotiation';
      const rule = await demo.agent
        .post('/api/crm/automation-rules')
        .set(acme())
        .send({
          name: `Mail on ${stage} ${run}`,
          conditions_json: { event_type: 'stage_change', stage_change: { to_stage: stage } },
          actions_json: [
            {
              type: 'send_email',
              config: {
                subject: 'Your contract, {{first_name}}',
                body: 'Dear {{first_name}}, it is attached.',
              },
            },
          ],
        })
        .expect(201);
      try {
        const email = address('mover');
        const mover = await demo.agent
          .post('/api/crm/contacts')
          .set(acme())
          .send({ first_name: 'Mo', last_name: 'Ver', email, status: 'proposal' })
          .expect(201);
        const moved = await demo.agent
          .post(`/api/crm/contacts/${mover.body.id}/move`)
          .set(acme())
          .send({ stage })
          .expect(200);
        expect(moved.body.rules_fired).toContainEqual({ rule_id: rule.body.id, actions: ['send_email'] });
        // Other suites' rules on this stage may write to the contact too: find this rule's message.
        const mail = await eventually(async () =>
          receivedBy(email).find((received) => received.subject === 'Your contract, Mo'),
        );
        expect(mail.text).toContain('Dear Mo, it is attached.');
        const [row] = await queryTestDatabase<{ kind: string; contact_id: string }>(
          'SELECT kind, contact_id FROM mail_outbox WHERE recipient = $1 AND subject = $2',
          [email, 'Your contract, Mo'],
        );
        expect(row).toEqual({ kind: 'automation', contact_id: mover.body.id });

        const leaverEmail = address('unsubscribed');
        const leaver = await demo.agent
          .post('/api/crm/contacts')
          .set(acme())
          .send({ first_name: 'Lea', last_name: 'Ver', email: leaverEmail, status: 'proposal' })
          .expect(201);
        await queryTestDatabase('UPDATE crm_contacts SET unsubscribed_at = now() WHERE id = $1', [
          leaver.body.id,
        ]);
        await demo.agent
          .post(`/api/crm/contacts/${leaver.body.id}/move`)
          .set(acme())
          .send({ stage })
          .expect(200);
        const runs = (
          await demo.agent.get(`/api/crm/automation-rules/${rule.body.id}/runs`).set(acme()).expect(200)
        ).body as Array<{ contact_id: string; actions_performed: Array<{ record_id: string | null }> }>;
        expect(runs.find((entry) => entry.contact_id === leaver.body.id)?.actions_performed).toEqual([
          { type: 'send_email', record_id: null },
        ]);
        expect(
          await queryTestDatabase('SELECT 1 FROM mail_outbox WHERE recipient = $1', [leaverEmail]),
        ).toHaveLength(0);
      } finally {
        await demo.agent.delete(`/api/crm/automation-rules/${rule.body.id}`).set(acme()).expect(204);
      }
    });

    it('a workflow’s send_email on lead capture leaves by SMTP and is logged on the lead', async () => {
      const email = address('captured');
      const workflow = await demo.agent
        .post('/api/crm/workflows')
        .set(acme())
        .send({
          name: `Welcome ${run}`,
          trigger: 'lead_created',
          actions: [{ type: 'send_email', config: { subject: 'Welcome, {{first_name}}' } }],
        })
        .expect(201);
      try {
        const captured = await demo.agent
          .post('/api/crm-insights/capture')
          .set(acme())
          .send({ first_name: 'Cap', last_name: 'Tured', email })
          .expect(201);
        const mine = captured.body.workflows.find(
          (entry: { workflow_id: string }) => entry.workflow_id === workflow.body.id,
        );
        expect(mine).toMatchObject({ status: 'success', message: `E-mail “Welcome, Cap” sent to ${email}` });
        const mails = await eventually(
          async () => receivedBy(email).some((mail) => mail.subject === 'Welcome, Cap') && receivedBy(email),
        );
        const welcome = mails.filter((mail) => mail.subject === 'Welcome, Cap');
        expect(welcome).toHaveLength(1);
        expect(welcome[0].text).toContain('Hello Cap,');
        const activities = await queryTestDatabase<{ subject: string }>(
          `SELECT subject FROM crm_activities WHERE lead_id = $1 AND type = 'email' AND status = 'completed'`,
          [captured.body.lead.id],
        );
        expect(activities.map((row) => row.subject)).toContain('Welcome, Cap');
      } finally {
        await demo.agent.delete(`/api/crm/workflows/${workflow.body.id}`).set(acme()).expect(204);
      }
    });
  });
});
