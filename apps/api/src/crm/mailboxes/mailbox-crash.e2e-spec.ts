import { type ApiProcess, startApiProcess } from '../../test/api-process';
import { queryTestDatabase, signIn } from '../../test/test-app';
import { rawMessage, startTestImapServer, type TestImapServer } from '../../test/test-imap';
import { eventually } from '../../test/test-smtp';

/*
 * A sync killed with kill -9 in the middle of a mailbox, on a real API process, is finished by
 * another process: every message is stored exactly once (docs/adr/0022-mailbox-sync.md).
 */

// The queue's supervisor looks for dead processes' jobs every 2 s here; the heartbeat (10 s) is what a crash costs.
const FAST_RECOVERY = { JOB_MONITOR_SECONDS: '2' };
const TOTAL = 400;

describe('a mailbox sync survives kill -9', () => {
  let imap: TestImapServer;
  const processes: ApiProcess[] = [];
  let mailboxId: string | undefined;
  beforeAll(async () => {
    imap = await startTestImapServer();
  });
  afterAll(async () => {
    await Promise.all(processes.splice(0).map((api) => api.kill('SIGKILL')));
    // The worker's database is shared with the suites after this one: Dana keeps no mailbox of this one.
    if (mailboxId) await queryTestDatabase('DELETE FROM crm_mailboxes WHERE id = $1', [mailboxId]);
    await imap?.close();
  });

  it('resumes from the last stored step in another process without storing a message twice', async () => {
    const run = `${process.pid}${Date.now()}`;
    const customer = `crash.${run}@customer.test`;
    const user = imap.addUser(`crash.${run}@acme.test`, 'crash-password');
    await imap.appendMany(
      user,
      Array.from({ length: TOTAL }, (_, index) =>
        rawMessage({
          from: customer,
          to: user.username,
          subject: `Order ${index}`,
          text: `Order number ${index}`,
          messageId: `<order.${index}.${run}@customer.test>`,
        }),
      ),
    );

    const first = await startApiProcess(FAST_RECOVERY);
    processes.push(first);
    const demo = await signIn(first, 'demo@acme.test');
    await demo.agent
      .post('/api/crm/contacts')
      .set(demo.headers('acme'))
      .send({ first_name: 'Crash', last_name: 'Customer', email: customer })
      .expect(201);
    const mailbox = await demo.agent
      .post('/api/mailboxes')
      .set(demo.headers('acme'))
      .send({
        imap_host: imap.host,
        imap_port: imap.port,
        imap_tls: false,
        username: user.username,
        password: user.password,
      })
      .expect(201);
    mailboxId = mailbox.body.id as string;
    const inboxCursor = async () =>
      Number(
        (
          await queryTestDatabase<{ last_uid: string }>(
            `SELECT last_uid FROM crm_mailbox_folders WHERE mailbox_id = $1 AND role = 'inbox'`,
            [mailboxId],
          )
        )[0]?.last_uid ?? 0,
      );
    const stored = async () =>
      (
        await queryTestDatabase<{ messages: string; distinct_ids: string }>(
          `SELECT count(*) AS messages, count(DISTINCT message_id) AS distinct_ids
             FROM crm_email_messages WHERE mailbox_id = $1`,
          [mailboxId],
        )
      )[0];

    // Part-way: some steps committed, not all.
    await eventually(async () => (await inboxCursor()) > 0, 60_000);
    await first.kill('SIGKILL');
    const cut = await inboxCursor();
    expect(cut).toBeLessThan(TOTAL);
    expect(Number((await stored()).messages)).toBe(cut);

    const second = await startApiProcess(FAST_RECOVERY);
    processes.push(second);
    await eventually(async () => (await inboxCursor()) === TOTAL, 90_000);
    const counts = await stored();
    expect(Number(counts.messages)).toBe(TOTAL);
    expect(Number(counts.distinct_ids)).toBe(TOTAL);
    const [links] = await queryTestDatabase<{ count: string }>(
      `SELECT count(*) FROM crm_email_message_links l JOIN crm_email_messages e ON e.id = l.message_id
        WHERE e.mailbox_id = $1 AND l.contact_id IS NOT NULL`,
      [mailboxId],
    );
    expect(Number(links.count)).toBe(TOTAL);
  }, 180_000);
});
