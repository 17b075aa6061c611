import type { EmailThread, Mailbox, SentEmailMessage } from '@tessera/data-access/contracts';
import { queryTestDatabase } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import {
  rawMessage,
  startTestImapServer,
  type TestImapServer,
  type TestImapUser,
} from '../../test/test-imap';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp';

/**
 * Sending from the person's own address (docs/product/mailboxes.md#sending-from-your-own-address):
 * a mailbox with SMTP settings sends replies, new e-mails and sequence steps through its own server
 * (a real SMTP server that requires AUTH), the default server (SMTP_URL) the rest; Dovecot holds the
 * mailbox the conversation is synced from.
 */
describe('mailbox SMTP settings (Dovecot, two SMTP servers)', () => {
  let imap: TestImapServer;
  let defaultSmtp: TestSmtpServer;
  let ownSmtp: TestSmtpServer;
  const run = `${process.pid}${Date.now()}`;
  const username = `sam.${run}@acme.test`;
  const password = 'imap-app-password';
  const env: NodeJS.ProcessEnv = { MAILBOX_POLL_SECONDS: '0.5', MAIL_RETRY_DELAY_SECONDS: '1' };
  beforeAll(async () => {
    imap = await startTestImapServer();
    defaultSmtp = await startTestSmtpServer();
    // The person's own server signs in with the mailbox's IMAP username and password.
    ownSmtp = await startTestSmtpServer({ auth: { username, password } });
    env.SMTP_URL = defaultSmtp.url;
  });
  afterAll(async () => {
    await imap?.close();
    await defaultSmtp?.close();
    await ownSmtp?.close();
  });
  const {
    sessions: [demo],
  } = useTestApi(['demo@acme.test'], env);
  const acme = () => demo.headers('acme');
  const ownPort = () => Number(new URL(ownSmtp.url).port);
  const customer = `cleo.${run}@customer-${run}.test`;
  const id = (label: string) => `<${label.replace(/\W/g, '-')}.${run}@mail.test>`;
  let user: TestImapUser;
  let mailboxId: string;
  let contactId: string;
  let dealId: string;

  const mailboxOf = async (mailbox: string): Promise<Mailbox> => {
    const list = (await demo.agent.get('/api/mailboxes').set(acme()).expect(200)).body as Mailbox[];
    const found = list.find((entry) => entry.id === mailbox);
    if (!found) throw new Error('mailbox not listed');
    return found;
  };
  const outboxRow = (outboxMessageId: string) =>
    queryTestDatabase<{ status: string; last_error: string | null; mailbox_id: string | null }>(
      `SELECT o.status, o.last_error, o.mailbox_id FROM mail_outbox o
         JOIN crm_email_messages e ON e.outbox_message_id = o.id WHERE e.id = $1`,
      [outboxMessageId],
    ).then((rows) => rows[0]);
  const replyTo = async (subject: string, body: string): Promise<SentEmailMessage> => {
    const threads = (await demo.agent.get(`/api/crm/contacts/${contactId}/emails`).set(acme()).expect(200))
      .body as EmailThread[];
    const thread = threads.find((entry) => entry.subject === subject);
    if (!thread) throw new Error(`thread ${subject} missing`);
    return (
      await demo.agent
        .post(`/api/crm/emails/${thread.messages[0].id}/reply`)
        .set(acme())
        .send({ body, deal_id: dealId })
        .expect(202)
    ).body as SentEmailMessage;
  };
  const customerWrites = async (subject: string) => {
    await imap.append(
      user,
      rawMessage({
        from: `Cleo <${customer}>`,
        to: username,
        subject,
        text: `${subject}?`,
        messageId: id(subject),
      }),
    );
    await eventually(async () =>
      (
        (await demo.agent.get(`/api/crm/contacts/${contactId}/emails`).set(acme()).expect(200))
          .body as EmailThread[]
      ).some((thread) => thread.subject === subject),
    );
  };

  beforeAll(async () => {
    user = imap.addUser(username, password);
    contactId = (
      await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({ first_name: 'Cleo', last_name: 'Customer', email: customer })
        .expect(201)
    ).body.id;
    dealId = (
      await demo.agent
        .post('/api/crm/deals')
        .set(acme())
        .send({ name: `Cleo's order ${run}`, amount: 500, contact_id: contactId })
        .expect(201)
    ).body.id;
  });

  it('refuses incomplete or bad SMTP settings with a message per field, and stores nothing', async () => {
    const base = { imap_host: imap.host, imap_port: imap.port, imap_tls: false, username, password };
    const incomplete = await demo.agent
      .post('/api/mailboxes')
      .set(acme())
      .send({ ...base, smtp_host: 'smtp.acme.test' })
      .expect(400);
    expect(Object.keys(incomplete.body.errors).sort()).toEqual(['smtp_port', 'smtp_tls']);
    const bad = await demo.agent
      .post('/api/mailboxes')
      .set(acme())
      .send({ ...base, smtp_host: 'bad host!', smtp_port: 0, smtp_tls: 'yes', smtp_password: '' })
      .expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'smtp_host',
      'smtp_password',
      'smtp_port',
      'smtp_tls',
    ]);
    const passwordAlone = await demo.agent
      .post('/api/mailboxes')
      .set(acme())
      .send({ ...base, smtp_password: 'other' })
      .expect(400);
    expect(Object.keys(passwordAlone.body.errors).sort()).toEqual(['smtp_host', 'smtp_port', 'smtp_tls']);
    const [row] = await queryTestDatabase<{ count: string }>(
      'SELECT count(*) FROM crm_mailboxes WHERE owner_id = $1 AND username = $2',
      [demo.userId, username],
    );
    expect(Number(row.count)).toBe(0);
  });

  it('connects a mailbox with SMTP settings, shown without secrets, sending from the person’s own address', async () => {
    const created = await demo.agent
      .post('/api/mailboxes')
      .set(acme())
      .send({
        imap_host: imap.host,
        imap_port: imap.port,
        imap_tls: false,
        username,
        password,
        smtp_host: '127.0.0.1',
        smtp_port: ownPort(),
        smtp_tls: false,
      })
      .expect(201);
    mailboxId = created.body.id;
    expect(created.body).toMatchObject({
      smtp_host: '127.0.0.1',
      smtp_port: ownPort(),
      smtp_tls: false,
      smtp_username: null,
      smtp_password_set: false,
      sends_from_own_address: true,
    });
    expect(JSON.stringify(created.body)).not.toContain(password);
    await eventually(async () => (await mailboxOf(mailboxId)).status === 'synced');
    expect(JSON.stringify(await mailboxOf(mailboxId))).not.toContain(password);
  });

  it('sends a reply through the mailbox’s SMTP server From the person, threaded, and not through the default server', async () => {
    await customerWrites('Delivery date');
    const reply = await replyTo('Delivery date', 'It ships on Monday.');
    const mail = await eventually(async () =>
      ownSmtp.received.find((message) => message.messageId === reply.message_id),
    );
    expect(mail.from).toBe(username);
    expect(mail.to).toEqual([customer]);
    expect(mail.headers.get('in-reply-to')).toBe(id('Delivery date'));
    expect(String(mail.headers.get('references'))).toContain(id('Delivery date'));
    // From is the person's own address: answers come back to it without Reply-To.
    expect(mail.headers.get('reply-to')).toBeUndefined();
    expect(await outboxRow(reply.id)).toMatchObject({
      status: 'sent',
      mailbox_id: mailboxId,
      last_error: null,
    });
    expect(defaultSmtp.received.some((message) => message.messageId === reply.message_id)).toBe(false);

    // A new e-mail written on the deal goes the same way.
    const composed = (
      await demo.agent
        .post(`/api/crm/deals/${dealId}/emails`)
        .set(acme())
        .send({ subject: 'Invoice, {{first_name}}', body: 'Attached next week.' })
        .expect(202)
    ).body as SentEmailMessage;
    const invoice = await eventually(async () =>
      ownSmtp.received.find((message) => message.messageId === composed.message_id),
    );
    expect(invoice).toMatchObject({ from: username, subject: 'Invoice, Cleo' });
    expect(defaultSmtp.received.some((message) => message.messageId === composed.message_id)).toBe(false);
  });

  it('sends a sequence’s e-mail step from the enrolling person’s mailbox', async () => {
    const sequence = (
      await demo.agent
        .post('/api/crm/sequences')
        .set(acme())
        .send({
          name: `Own address ${run}`,
          steps: [{ type: 'email', subject: 'Checking in, {{first_name}}', body: 'How is the order?' }],
        })
        .expect(201)
    ).body as { id: string };
    await demo.agent
      .post(`/api/crm/sequences/${sequence.id}/enrollments`)
      .set(acme())
      .send({ contact_ids: [contactId] })
      .expect(201);
    const step = await eventually(async () =>
      ownSmtp.received.find((message) => message.subject === 'Checking in, Cleo'),
    );
    expect(step.from).toBe(username);
    expect(defaultSmtp.received.some((message) => message.subject === 'Checking in, Cleo')).toBe(false);
  });

  it('fails the outbox message with the server’s message when the SMTP password is refused, and never returns it', async () => {
    const changed = await demo.agent
      .patch(`/api/mailboxes/${mailboxId}`)
      .set(acme())
      .send({
        smtp_host: '127.0.0.1',
        smtp_port: ownPort(),
        smtp_tls: false,
        smtp_username: username,
        smtp_password: 'wrong-smtp-password',
      })
      .expect(200);
    expect(changed.body).toMatchObject({
      smtp_username: username,
      smtp_password_set: true,
      sends_from_own_address: true,
    });
    expect(JSON.stringify(changed.body)).not.toContain('wrong-smtp-password');
    const [sealed] = await queryTestDatabase<{ smtp_password_sealed: string }>(
      'SELECT smtp_password_sealed FROM crm_mailboxes WHERE id = $1',
      [mailboxId],
    );
    expect(sealed.smtp_password_sealed).not.toContain('wrong-smtp-password');

    const bad = await demo.agent
      .patch(`/api/mailboxes/${mailboxId}`)
      .set(acme())
      .send({ smtp_host: 'smtp.acme.test', smtp_port: 99999 })
      .expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['smtp_port', 'smtp_tls']);
    expect((await mailboxOf(mailboxId)).smtp_host).toBe('127.0.0.1');

    await customerWrites('Refund');
    const before = ownSmtp.received.length;
    const reply = await replyTo('Refund', 'Refund on its way.');
    const failed = await eventually(async () => {
      const row = await outboxRow(reply.id);
      return row?.status === 'failed' && row;
    });
    expect(failed.last_error).toContain('535');
    expect(failed.last_error).toContain('Authentication credentials invalid');
    expect(JSON.stringify(failed)).not.toContain('wrong-smtp-password');
    expect(ownSmtp.received.length).toBe(before);
    expect(defaultSmtp.received.some((message) => message.messageId === reply.message_id)).toBe(false);
    const shown = (await demo.agent.get('/api/outbox').set(acme()).expect(200)).body as {
      items: Array<{ subject: string; status: string; last_error: string | null }>;
    };
    expect(shown.items.find((item) => item.subject === 'Re: Refund')).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('Authentication credentials invalid'),
    });
  });

  it('goes back to the default server with Reply-To once the SMTP settings are removed', async () => {
    const removed = await demo.agent
      .patch(`/api/mailboxes/${mailboxId}`)
      .set(acme())
      .send({ smtp_host: null })
      .expect(200);
    expect(removed.body).toMatchObject({
      smtp_host: null,
      smtp_port: null,
      smtp_tls: null,
      smtp_username: null,
      smtp_password_set: false,
      sends_from_own_address: false,
    });
    await customerWrites('Warranty');
    const reply = await replyTo('Warranty', 'Two years.');
    const mail = await eventually(async () =>
      defaultSmtp.received.find((message) => message.messageId === reply.message_id),
    );
    const replyToHeader = mail.headers.get('reply-to') as { value: Array<{ address: string }> };
    expect(replyToHeader.value[0].address).toBe(username);
    expect(mail.headers.get('in-reply-to')).toBe(id('Warranty'));
    expect(await outboxRow(reply.id)).toMatchObject({ status: 'sent', mailbox_id: null });
  });
});
