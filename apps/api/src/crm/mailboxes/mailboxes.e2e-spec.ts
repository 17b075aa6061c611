import type { EmailThread, Mailbox, SentEmailMessage } from '@tessera/data-access/contracts';
import { queryTestDatabase, type Session } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import {
  rawMessage,
  startTestImapServer,
  type TestImapServer,
  type TestImapUser,
} from '../../test/test-imap';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp';

/**
 * Connected mailboxes against a real IMAP server (Dovecot) and a real SMTP server: sync, matching,
 * threads on the timelines, visibility, replies (docs/product/mailboxes.md).
 */
describe('connected mailboxes (Dovecot)', () => {
  let imap: TestImapServer;
  let smtp: TestSmtpServer;
  const env: NodeJS.ProcessEnv = { MAILBOX_POLL_SECONDS: '0.5', MAIL_RETRY_DELAY_SECONDS: '1' };
  beforeAll(async () => {
    imap = await startTestImapServer();
    smtp = await startTestSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await imap?.close();
    await smtp?.close();
  });
  const {
    sessions: [demo, viewer, globex],
  } = useTestApi(['demo@acme.test', 'viewer@acme.test', 'owner@globex.test'], env);

  const run = `${process.pid}${Date.now()}`;
  const acme = (session: Session = demo) => session.headers('acme');
  const customer = `ava.${run}@customer-${run}.test`;
  const companyDomain = `globalcorp-${run}.test`;
  let user: TestImapUser;
  let mailboxId: string;
  let contactId: string;
  let companyId: string;
  let dealId: string;

  const mailboxOf = async (id: string): Promise<Mailbox> => {
    const list = (await demo.agent.get('/api/mailboxes').set(acme()).expect(200)).body as Mailbox[];
    const found = list.find((mailbox) => mailbox.id === id);
    if (!found) throw new Error('mailbox not listed');
    return found;
  };
  /** Resolves after two syncs have ended since now: one that may have started before, one after. */
  const twoSyncs = async (id: string) => {
    for (let pass = 0; pass < 2; pass += 1) {
      const since = Date.now();
      await eventually(async () => {
        const [row] = await queryTestDatabase<{ last_synced_at: Date | null }>(
          'SELECT last_synced_at FROM crm_mailboxes WHERE id = $1',
          [id],
        );
        return row?.last_synced_at !== null && new Date(row.last_synced_at).getTime() > since;
      });
    }
  };
  const storedCount = async (messageId: string) =>
    Number(
      (
        await queryTestDatabase<{ count: string }>(
          'SELECT count(*) FROM crm_email_messages WHERE message_id = $1',
          [messageId],
        )
      )[0].count,
    );
  const threadsOf = async (kind: string, id: string, session: Session = demo) =>
    (await session.agent.get(`/api/crm/${kind}/${id}/emails`).set(acme(session)).expect(200))
      .body as EmailThread[];
  const id = (label: string) => `<${label}.${run}@mail.test>`;

  beforeAll(async () => {
    user = imap.addUser(`dana.${run}@acme.test`, 'app-password-1');
    contactId = (
      await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({ first_name: 'Ava', last_name: 'Customer', email: customer })
        .expect(201)
    ).body.id;
    companyId = (
      await demo.agent
        .post('/api/crm/companies')
        .set(acme())
        .send({ name: `Global Corp ${run}`, domain: `https://www.${companyDomain}/` })
        .expect(201)
    ).body.id;
    dealId = (
      await demo.agent
        .post('/api/crm/deals')
        .set(acme())
        .send({ name: `Ava's renewal ${run}`, amount: 1200, contact_id: contactId })
        .expect(201)
    ).body.id;
    const old = new Date(Date.now() - 200 * 24 * 60 * 60 * 1000);
    await imap.append(
      user,
      rawMessage({
        from: `Ava Customer <${customer}>`,
        to: user.username,
        subject: 'Quote for the renewal',
        text: 'Could you send the quote?',
        messageId: id('quote'),
      }),
    );
    await imap.append(
      user,
      rawMessage({
        from: `Friend <friend.${run}@private.test>`,
        to: user.username,
        subject: 'Dinner on Friday',
        text: 'Private matters',
        messageId: id('private'),
      }),
    );
    await imap.append(
      user,
      rawMessage({
        from: `Buyer <buyer@${companyDomain}>`,
        to: user.username,
        subject: 'Purchase order',
        text: 'PO attached',
        messageId: id('po'),
      }),
    );
    // Older than the first sync reads (90 days).
    await imap.append(
      user,
      rawMessage({
        from: customer,
        to: user.username,
        subject: 'Last year',
        text: 'old',
        messageId: id('old'),
        date: old,
      }),
      'INBOX',
      old,
    );
    await imap.append(
      user,
      rawMessage({
        from: user.username,
        to: customer,
        subject: 'Welcome aboard',
        text: 'Glad to have you',
        messageId: id('welcome'),
      }),
      'Sent',
    );
  });

  it('refuses a mailbox with bad settings, with a message per field, and stores nothing', async () => {
    const response = await demo.agent
      .post('/api/mailboxes')
      .set(acme())
      .send({ imap_host: 'bad host!', imap_port: 70000, imap_tls: 'yes', username: '', password: '' })
      .expect(400);
    expect(Object.keys(response.body.errors).sort()).toEqual([
      'imap_host',
      'imap_port',
      'imap_tls',
      'password',
      'username',
    ]);
    const [row] = await queryTestDatabase<{ count: string }>(
      'SELECT count(*) FROM crm_mailboxes WHERE owner_id = $1 AND imap_host = $2',
      [demo.userId, 'bad host!'],
    );
    expect(Number(row.count)).toBe(0);
  });

  it('connects a mailbox, keeps its password sealed, and syncs the last 90 days of matching mail', async () => {
    const created = await demo.agent
      .post('/api/mailboxes')
      .set(acme())
      .send({
        imap_host: imap.host,
        imap_port: imap.port,
        imap_tls: false,
        username: user.username,
        password: user.password,
      })
      .expect(201);
    const mailbox = created.body as Mailbox & { password?: string };
    mailboxId = mailbox.id;
    expect(mailbox).toMatchObject({
      status: 'pending',
      visibility: 'shared',
      last_error: null,
      sync_days: 90,
    });
    expect(JSON.stringify(created.body)).not.toContain(user.password);
    const [stored] = await queryTestDatabase<{ password_sealed: string }>(
      'SELECT password_sealed FROM crm_mailboxes WHERE id = $1',
      [mailboxId],
    );
    expect(stored.password_sealed).not.toContain(user.password);

    await eventually(async () => (await mailboxOf(mailboxId)).status === 'synced');
    expect(await mailboxOf(mailboxId)).toMatchObject({ status: 'synced', last_error: null });
    expect(await storedCount(id('quote'))).toBe(1);
    expect(await storedCount(id('welcome'))).toBe(1);
    expect(await storedCount(id('po'))).toBe(1);
    // No one of the CRM in it: the person's private mail is not stored. Too old: not read.
    expect(await storedCount(id('private'))).toBe(0);
    expect(await storedCount(id('old'))).toBe(0);

    const [welcome] = await queryTestDatabase<{ direction: string }>(
      'SELECT direction FROM crm_email_messages WHERE message_id = $1',
      [id('welcome')],
    );
    expect(welcome.direction).toBe('outbound');
    // Matched by address on the contact (and its deal), by domain on the company.
    const contactThreads = await threadsOf('contacts', contactId);
    expect(contactThreads.map((thread) => thread.subject).sort()).toEqual([
      'Quote for the renewal',
      'Welcome aboard',
    ]);
    const dealThreads = await threadsOf('deals', dealId);
    expect(dealThreads).toHaveLength(2);
    const companyThreads = await threadsOf('companies', companyId);
    expect(companyThreads.map((thread) => thread.subject)).toEqual(['Purchase order']);
    expect(companyThreads[0].messages[0]).toMatchObject({
      direction: 'inbound',
      from_address: `buyer@${companyDomain}`,
      text_body: expect.stringContaining('PO attached'),
      body_hidden: false,
    });
  });

  it('adds new mail on the next poll, threaded with the conversation it answers, newest thread first', async () => {
    await imap.append(
      user,
      rawMessage({
        from: `Ava Customer <${customer}>`,
        to: user.username,
        cc: [`someone.${run}@elsewhere.test`],
        subject: 'Re: Welcome aboard',
        text: 'Thanks! One question.',
        messageId: id('thanks'),
        // Date headers have whole seconds: clearly the newest message.
        date: new Date(Date.now() + 2000),
        inReplyTo: id('welcome'),
        references: [id('welcome')],
      }),
    );
    const threads = await eventually(async () => {
      const found = await threadsOf('contacts', contactId);
      return found[0]?.messages.length === 2 && found;
    });
    expect(threads[0].subject).toBe('Welcome aboard');
    expect(threads[0].messages.map((message) => message.direction)).toEqual(['outbound', 'inbound']);
    expect(threads[0].messages[1]).toMatchObject({ cc_addresses: [`someone.${run}@elsewhere.test`] });
  });

  it('resumes from the stored cursor without storing a message twice, and re-reads a renumbered folder', async () => {
    // As if a sync had died before its cursor moved: the same messages are read again.
    await queryTestDatabase('UPDATE crm_mailbox_folders SET last_uid = 0 WHERE mailbox_id = $1', [mailboxId]);
    await twoSyncs(mailboxId);
    for (const label of ['quote', 'welcome', 'po', 'thanks']) expect(await storedCount(id(label))).toBe(1);
    const [inbox] = await queryTestDatabase<{ last_uid: string; uid_validity: string }>(
      `SELECT last_uid, uid_validity FROM crm_mailbox_folders WHERE mailbox_id = $1 AND role = 'inbox'`,
      [mailboxId],
    );
    expect(Number(inbox.last_uid)).toBe(5);

    imap.changeUidValidity(user, 'INBOX', 4242);
    await imap.append(
      user,
      rawMessage({
        from: customer,
        to: user.username,
        subject: 'After the move',
        text: 'hi',
        messageId: id('moved'),
      }),
    );
    await eventually(async () => (await storedCount(id('moved'))) === 1);
    const [renumbered] = await queryTestDatabase<{ last_uid: string; uid_validity: string }>(
      `SELECT last_uid, uid_validity FROM crm_mailbox_folders WHERE mailbox_id = $1 AND role = 'inbox'`,
      [mailboxId],
    );
    expect(renumbered.uid_validity).toBe('4242');
    for (const label of ['quote', 'po', 'thanks', 'moved']) expect(await storedCount(id(label))).toBe(1);
  });

  let attachmentId: string;
  it('keeps attachments like deal files, downloadable, and shows HTML bodies sanitised', async () => {
    const raw = [
      `From: Ava Customer <${customer}>`,
      `To: ${user.username}`,
      'Subject: Signed quote',
      `Message-ID: ${id('signed')}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="part"',
      '',
      '--part',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p onclick="steal()">Signed, see <b>attached</b>.</p><script>alert(1)</script><img src="https://tracker.test/p.gif">',
      '--part',
      'Content-Type: text/plain; name="signed-quote.txt"',
      'Content-Disposition: attachment; filename="signed-quote.txt"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Quote 1,200 USD, signed').toString('base64'),
      '--part--',
      '',
    ].join('\r\n');
    await imap.append(user, raw);
    const message = await eventually(async () =>
      (await threadsOf('contacts', contactId))
        .flatMap((thread) => thread.messages)
        .find((entry) => entry.subject === 'Signed quote'),
    );
    expect(message.html_body).toBe('<p>Signed, see <b>attached</b>.</p>');
    expect(message.attachments).toEqual([
      { id: expect.any(String), file_name: 'signed-quote.txt', content_type: 'text/plain', size_bytes: 23 },
    ]);
    attachmentId = message.attachments[0].id;
    const file = await demo.agent
      .get(`/api/crm/email-attachments/${attachmentId}`)
      .set(acme())
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((file.body as Buffer).toString()).toBe('Quote 1,200 USD, signed');
    expect(file.headers['content-disposition']).toContain('signed-quote.txt');
  });

  it('shows bodies, subjects only or nothing to the rest of the institution, as the owner chooses', async () => {
    const shared = await threadsOf('contacts', contactId, viewer);
    expect(shared.flatMap((thread) => thread.messages).every((message) => !message.body_hidden)).toBe(true);
    expect(shared.length).toBeGreaterThan(0);

    await demo.agent
      .patch(`/api/mailboxes/${mailboxId}`)
      .set(acme())
      .send({ visibility: 'subjects_only' })
      .expect(200);
    const subjects = await threadsOf('contacts', contactId, viewer);
    expect(subjects.length).toBe(shared.length);
    for (const message of subjects.flatMap((thread) => thread.messages))
      expect(message).toMatchObject({ body_hidden: true, text_body: null, html_body: null, attachments: [] });
    await viewer.agent.get(`/api/crm/email-attachments/${attachmentId}`).set(acme(viewer)).expect(404);
    // The owner still reads everything.
    const own = await threadsOf('contacts', contactId);
    expect(own.flatMap((thread) => thread.messages).some((message) => message.text_body)).toBe(true);

    await demo.agent
      .patch(`/api/mailboxes/${mailboxId}`)
      .set(acme())
      .send({ visibility: 'private' })
      .expect(200);
    expect(await threadsOf('contacts', contactId, viewer)).toEqual([]);
    expect((await threadsOf('contacts', contactId)).length).toBe(shared.length);
    await demo.agent
      .patch(`/api/mailboxes/${mailboxId}`)
      .set(acme())
      .send({ visibility: 'shared' })
      .expect(200);
  });

  it('replies from the deal through the outbox, threaded, and shows the reply once even after the Sent folder syncs', async () => {
    const quote = (await threadsOf('contacts', contactId)).find(
      (thread) => thread.subject === 'Quote for the renewal',
    );
    if (!quote) throw new Error('quote thread missing');
    const bad = await demo.agent
      .post(`/api/crm/emails/${quote.messages[0].id}/reply`)
      .set(acme())
      .send({ body: '  ' })
      .expect(400);
    expect(bad.body.errors.body).toEqual(['Message is required']);

    const sent = await demo.agent
      .post(`/api/crm/emails/${quote.messages[0].id}/reply`)
      .set(acme())
      .send({ body: 'Here is the quote: 1,200 USD.', deal_id: dealId })
      .expect(202);
    const reply = sent.body as SentEmailMessage;
    expect(reply).toMatchObject({
      to: customer,
      subject: 'Re: Quote for the renewal',
      thread_key: quote.thread_key,
    });

    const mail = await eventually(async () => smtp.received.find((message) => message.to.includes(customer)));
    expect(mail.messageId).toBe(reply.message_id);
    expect(mail.headers.get('in-reply-to')).toBe(id('quote'));
    expect(String(mail.headers.get('references'))).toContain(id('quote'));
    const replyTo = mail.headers.get('reply-to') as { value: Array<{ address: string }> };
    expect(replyTo.value[0].address).toBe(user.username);

    const onDeal = (await threadsOf('deals', dealId)).find(
      (thread) => thread.thread_key === quote.thread_key,
    );
    expect(onDeal?.messages.map((message) => message.text_body?.trim())).toEqual([
      'Could you send the quote?',
      'Here is the quote: 1,200 USD.',
    ]);

    // The person's mail client files a copy in Sent under the same Message-ID.
    await imap.append(
      user,
      rawMessage({
        from: user.username,
        to: customer,
        subject: 'Re: Quote for the renewal',
        text: 'Here is the quote: 1,200 USD.',
        messageId: reply.message_id,
        inReplyTo: id('quote'),
        references: [id('quote')],
      }),
      'Sent',
    );
    // And the customer answers the reply.
    await imap.append(
      user,
      rawMessage({
        from: customer,
        to: user.username,
        subject: 'Re: Quote for the renewal',
        text: 'Accepted.',
        messageId: id('accepted'),
        date: new Date(Date.now() + 1000),
        inReplyTo: reply.message_id,
        references: [id('quote'), reply.message_id],
      }),
    );
    const thread = await eventually(async () => {
      const found = (await threadsOf('deals', dealId)).find((entry) => entry.thread_key === quote.thread_key);
      return found?.messages.length === 3 && found;
    });
    await twoSyncs(mailboxId);
    expect(await storedCount(reply.message_id)).toBe(1);
    expect(thread.messages.map((message) => message.text_body?.trim())).toEqual([
      'Could you send the quote?',
      'Here is the quote: 1,200 USD.',
      'Accepted.',
    ]);
  });

  it('writes a new e-mail from the deal and from the contact, each a conversation the customer’s answer joins', async () => {
    const composed = await demo.agent
      .post(`/api/crm/deals/${dealId}/emails`)
      .set(acme())
      .send({ subject: 'Next steps, {{first_name}}', body: 'Shall we meet on Monday?' })
      .expect(202);
    const sent = composed.body as SentEmailMessage;
    expect(sent).toMatchObject({ to: customer, subject: 'Next steps, Ava', thread_key: sent.message_id });
    const mail = await eventually(async () =>
      smtp.received.find((message) => message.messageId === sent.message_id),
    );
    expect((mail.headers.get('reply-to') as { value: Array<{ address: string }> }).value[0].address).toBe(
      user.username,
    );
    const written = await demo.agent
      .post(`/api/crm/contacts/${contactId}/emails`)
      .set(acme())
      .send({ subject: 'A question', body: 'Is the invoice address right?' })
      .expect(202);
    await imap.append(
      user,
      rawMessage({
        from: customer,
        to: user.username,
        subject: 'Re: Next steps, Ava',
        text: 'Monday works.',
        messageId: id('monday'),
        // A Date header has whole seconds: written after the message it answers.
        date: new Date(Date.now() + 1000),
        inReplyTo: sent.message_id,
        references: [sent.message_id],
      }),
    );
    const thread = await eventually(async () => {
      const found = (await threadsOf('deals', dealId)).find((entry) => entry.thread_key === sent.message_id);
      return found?.messages.length === 2 && found;
    });
    expect(thread.messages.map((message) => message.direction)).toEqual(['outbound', 'inbound']);
    const onContact = await threadsOf('contacts', contactId);
    expect(onContact.map((entry) => entry.subject)).toEqual(
      expect.arrayContaining(['Next steps, Ava', 'A question']),
    );
    expect(onContact.find((entry) => entry.subject === 'A question')?.messages[0]).toMatchObject({
      direction: 'outbound',
      text_body: 'Is the invoice address right?',
    });
    expect(written.body.to).toBe(customer);
    // A deal without a contact has no one to write to.
    const lonely = (
      await demo.agent
        .post('/api/crm/deals')
        .set(acme())
        .send({ name: `No contact ${run}`, amount: 1 })
        .expect(201)
    ).body.id;
    const refused = await demo.agent
      .post(`/api/crm/deals/${lonely}/emails`)
      .set(acme())
      .send({ subject: 'Hello', body: 'Anyone?' })
      .expect(400);
    expect(refused.body.errors.to).toEqual(['This deal has no contact to write to']);
  });

  it('ends a sequence when the contact’s reply arrives through IMAP', async () => {
    const email = `rhea.${run}@customer-${run}.test`;
    const rhea = (
      await demo.agent
        .post('/api/crm/contacts')
        .set(acme())
        .send({ first_name: 'Rhea', last_name: 'Replier', email })
        .expect(201)
    ).body.id as string;
    const sequence = (
      await demo.agent
        .post('/api/crm/sequences')
        .set(acme())
        .send({
          name: `Follow-up ${run}`,
          steps: [
            { type: 'email', subject: 'Hello {{first_name}}', body: 'Shall we talk this week?' },
            { type: 'wait', days: 2 },
            { type: 'email', subject: 'Following up, {{first_name}}', body: 'Any news?' },
          ],
        })
        .expect(201)
    ).body as { id: string };
    await demo.agent
      .post(`/api/crm/sequences/${sequence.id}/enrollments`)
      .set(acme())
      .send({ contact_ids: [rhea] })
      .expect(201);
    const enrollment = async () =>
      (
        await queryTestDatabase<{ status: string; enrolled_at: Date }>(
          'SELECT status, enrolled_at FROM crm_sequence_enrollments WHERE contact_id = $1',
          [rhea],
        )
      )[0];
    await eventually(async () => smtp.received.some((mail) => mail.to.includes(email)));
    const { status, enrolled_at } = await enrollment();
    expect(status).toBe('active');
    // A Date header has whole seconds: the answer is written at least a second after enrolling.
    await eventually(async () => Date.now() - new Date(enrolled_at).getTime() >= 1000);
    await imap.append(
      user,
      rawMessage({
        from: `Rhea Replier <${email}>`,
        to: user.username,
        subject: 'Re: Hello Rhea',
        text: 'Yes, call me on Tuesday.',
        messageId: id('rhea-answer'),
      }),
    );
    await eventually(async () => (await enrollment()).status === 'replied');
    const page = (await demo.agent.get(`/api/crm/sequences/${sequence.id}`).set(acme()).expect(200)).body as {
      steps: Array<{ figures: { sent: number; replied: number } }>;
    };
    expect(page.steps[0].figures).toMatchObject({ sent: 1, replied: 1 });
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('shows a refused sign-in and an unreachable server on the mailbox, with the server’s message', async () => {
    const wrong = (
      await demo.agent
        .post('/api/mailboxes')
        .set(acme())
        .send({
          imap_host: imap.host,
          imap_port: imap.port,
          imap_tls: false,
          username: user.username,
          password: 'wrong',
        })
        .expect(201)
    ).body as Mailbox;
    const down = (
      await demo.agent
        .post('/api/mailboxes')
        .set(acme())
        .send({
          imap_host: '127.0.0.1',
          imap_port: 1,
          imap_tls: false,
          username: user.username,
          password: 'x',
        })
        .expect(201)
    ).body as Mailbox;
    const refused = await eventually(async () => {
      const mailbox = await mailboxOf(wrong.id);
      return mailbox.status === 'failed' && mailbox;
    });
    expect(refused.last_error).toMatch(/Authentication failed/);
    const unreachable = await eventually(async () => {
      const mailbox = await mailboxOf(down.id);
      return mailbox.status === 'failed' && mailbox;
    });
    expect(unreachable.last_error).toMatch(/ECONNREFUSED/);
    // Retried with back-off (0.5 s here, then 1 s, 2 s …): a second attempt fails too.
    await eventually(async () => {
      const [row] = await queryTestDatabase<{ failures: number }>(
        'SELECT failures FROM crm_mailboxes WHERE id = $1',
        [wrong.id],
      );
      return row.failures >= 2;
    });
    await demo.agent.delete(`/api/mailboxes/${down.id}`).set(acme()).expect(204);
    await demo.agent.delete(`/api/mailboxes/${wrong.id}`).set(acme()).expect(204);
  });

  it('syncs a mailbox connected without an institution into the person’s own CRM only', async () => {
    const personalUser = imap.addUser(`own.${run}@acme.test`, 'own-password');
    const friend = `friend.${run}@own.test`;
    const own = (
      await demo.agent
        .post('/api/crm/contacts')
        .send({ first_name: 'Own', last_name: 'Friend', email: friend })
        .expect(201)
    ).body.id as string;
    await imap.append(
      personalUser,
      rawMessage({
        from: friend,
        to: personalUser.username,
        subject: 'Personal deal',
        text: 'Just us',
        messageId: id('own'),
      }),
    );
    const mailbox = (
      await demo.agent
        .post('/api/mailboxes')
        .send({
          imap_host: imap.host,
          imap_port: imap.port,
          imap_tls: false,
          username: personalUser.username,
          password: personalUser.password,
        })
        .expect(201)
    ).body as Mailbox;
    const threads = await eventually(async () => {
      const found = (await demo.agent.get(`/api/crm/contacts/${own}/emails`).expect(200))
        .body as EmailThread[];
      return found.length === 1 && found;
    });
    expect(threads[0].messages[0]).toMatchObject({
      subject: 'Personal deal',
      text_body: expect.stringContaining('Just us'),
    });
    const [row] = await queryTestDatabase<{ org_id: string | null }>(
      'SELECT org_id FROM crm_email_messages WHERE message_id = $1',
      [id('own')],
    );
    expect(row.org_id).toBeNull();
    // Not one of the institution's mailboxes, nor reachable from it.
    const listed = (await demo.agent.get('/api/mailboxes').set(acme()).expect(200)).body as Mailbox[];
    expect(listed.map((entry) => entry.id)).not.toContain(mailbox.id);
    await demo.agent.get(`/api/crm/contacts/${own}/emails`).set(acme()).expect(404);
    await demo.agent.delete(`/api/mailboxes/${mailbox.id}`).expect(204);
  });

  it('keeps mailboxes and conversations inside their institution', async () => {
    await globex.agent.get(`/api/crm/contacts/${contactId}/emails`).set(globex.headers('globex')).expect(404);
    const theirs = (await globex.agent.get('/api/mailboxes').set(globex.headers('globex')).expect(200)).body;
    expect(theirs).toEqual([]);
    await globex.agent.delete(`/api/mailboxes/${mailboxId}`).set(globex.headers('globex')).expect(404);
    // Another member of the institution does not see or change someone else's mailbox.
    expect((await viewer.agent.get('/api/mailboxes').set(acme(viewer)).expect(200)).body).toEqual([]);
    await viewer.agent.delete(`/api/mailboxes/${mailboxId}`).set(acme(viewer)).expect(404);
  });
});
