import { runAsSystem } from '../access/tenant-context';
import type { OutboxMessageDetail, OutboxPage } from '@tessera/data-access/contracts';
import { createTestApp, queryTestDatabase, signIn, type TestApp } from '../test/test-app';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../test/test-smtp';
import { OutboxService } from './outbox.service';

async function messageRow(id: string) {
  const [row] = await queryTestDatabase<{
    status: string;
    attempts: number;
    last_error: string | null;
    transport: string | null;
  }>('SELECT status, attempts, last_error, transport FROM mail_outbox WHERE id = $1', [id]);
  return row;
}

describe('outbound e-mail through the outbox (real SMTP server)', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let outbox: Pick<OutboxService, 'queueNow'>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_LIMIT: '3',
    });
    const service = testApp.app.get(OutboxService);
    // Messages queued here belong to no tenant, like a job's: the test queues them as the system.
    outbox = { queueNow: (messages) => runAsSystem('test', () => service.queueNow(messages)) };
  });

  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('delivers a queued message to the SMTP server and records it as sent', async () => {
    const [id] = await outbox.queueNow([
      {
        orgId: null,
        kind: 'test',
        to: 'Someone@Example.test',
        subject: 'Hello',
        text: 'Open https://tessera.test/x now.',
      },
    ]);
    // Other suites may leave messages queued that this app delivers too: find this one.
    const mail = await eventually(async () =>
      smtp.received.find((received) => received.to.includes('someone@example.test')),
    );
    expect(mail.to).toEqual(['someone@example.test']);
    expect(mail.subject).toBe('Hello');
    expect(mail.text).toContain('https://tessera.test/x');
    expect(mail.html).toContain('<a href="https://tessera.test/x">');
    expect(mail.messageId).toContain(id);
    const row = await eventually(async () => {
      const current = await messageRow(id);
      return current.status === 'sent' ? current : undefined;
    });
    expect(row).toMatchObject({ transport: 'smtp', attempts: 1, last_error: null });
  });

  it('queues one message per idempotency key, however often it is asked', async () => {
    const message = {
      orgId: null,
      kind: 'test',
      to: 'once@example.test',
      subject: 'Once',
      text: 'x',
      idempotencyKey: 'once-1',
    } as const;
    const first = await outbox.queueNow([message]);
    const second = await outbox.queueNow([message]);
    expect(second).toEqual(first);
    const rows = await queryTestDatabase("SELECT id FROM mail_outbox WHERE idempotency_key = 'once-1'");
    expect(rows).toHaveLength(1);
  });

  it('retries after the server refused for a while, and delivers once', async () => {
    // Nothing else in flight may take the refusals meant for this message.
    await eventually(
      async () => (await queryTestDatabase("SELECT 1 FROM mail_outbox WHERE status = 'queued'")).length === 0,
    );
    const before = smtp.received.length;
    smtp.refuseNext(2, 421);
    const [id] = await outbox.queueNow([
      { orgId: null, kind: 'test', to: 'later@example.test', subject: 'Retry me', text: 'x' },
    ]);
    await smtp.waitFor(before + 1, 45_000);
    const row = await eventually(async () => {
      const current = await messageRow(id);
      return current.status === 'sent' ? current : undefined;
    }, 45_000);
    expect(row.attempts).toBe(3);
    expect(smtp.received.filter((mail) => mail.subject === 'Retry me')).toHaveLength(1);
  }, 60_000);

  it('records a permanent refusal as failed with the server’s answer, without retrying', async () => {
    await eventually(
      async () => (await queryTestDatabase("SELECT 1 FROM mail_outbox WHERE status = 'queued'")).length === 0,
    );
    smtp.refuseNext(1, 550);
    const [id] = await outbox.queueNow([
      { orgId: null, kind: 'test', to: 'nobody@example.test', subject: 'Bounce', text: 'x' },
    ]);
    const row = await eventually(async () => {
      const current = await messageRow(id);
      return current.status === 'failed' ? current : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.last_error).toContain('Mailbox unavailable');
  }, 60_000);

  it('refuses a malformed address or an empty subject and queues nothing', async () => {
    await expect(
      outbox.queueNow([{ orgId: null, kind: 'test', to: 'not-an-address', subject: 'x', text: 'x' }]),
    ).rejects.toThrow('not a valid e-mail address');
    await expect(
      outbox.queueNow([{ orgId: null, kind: 'test', to: 'a@example.test', subject: '  ', text: 'x' }]),
    ).rejects.toThrow('Subject is required');
    expect(
      await queryTestDatabase(
        "SELECT id FROM mail_outbox WHERE recipient IN ('not-an-address', 'a@example.test')",
      ),
    ).toHaveLength(0);
  });
});

describe('the Outbox without an SMTP server (first run)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ SMTP_URL: '' });
  });

  afterAll(() => testApp.close());

  it('keeps messages in the outbox and shows them, with their links, to owners and admins only', async () => {
    const owner = await signIn(testApp, 'demo@acme.test');
    const acme = owner.institutions.acme;
    const service = testApp.app.get(OutboxService);
    const [id] = await runAsSystem('test', () =>
      service.queueNow([
        {
          orgId: acme,
          kind: 'direct',
          to: 'new.person@example.test',
          subject: 'Welcome to the team',
          text: 'Read the handbook: http://localhost:3000/handbook',
        },
      ]),
    );
    await eventually(async () => (await messageRow(id)).status === 'sent');
    expect((await messageRow(id)).transport).toBe('outbox');

    const page = await owner.agent.get('/api/outbox').set(owner.headers('acme')).expect(200);
    const list = page.body as OutboxPage;
    expect(list.smtp_configured).toBe(false);
    expect(list.items.find((item) => item.id === id)).toMatchObject({ status: 'sent', transport: 'outbox' });
    const detail = (await owner.agent.get(`/api/outbox/${id}`).set(owner.headers('acme')).expect(200))
      .body as OutboxMessageDetail;
    expect(detail.links).toEqual(['http://localhost:3000/handbook']);
    expect(detail.text_body).toBe('Read the handbook: http://localhost:3000/handbook');

    const viewer = await signIn(testApp, 'viewer@acme.test');
    await viewer.agent.get('/api/outbox').set(viewer.headers(acme)).expect(403);
    const globex = await signIn(testApp, 'owner@globex.test');
    await globex.agent.get(`/api/outbox/${id}`).set(globex.headers('globex')).expect(404);
  });
});
