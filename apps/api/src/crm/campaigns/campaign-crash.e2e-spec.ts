import { hash } from 'argon2';
import { type ApiProcess, startApiProcess } from '../../test/api-process';
import { queryTestDatabase, signIn } from '../../test/test-app';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp';
import { CAMPAIGN_CHUNK_SIZE } from './campaign-delivery.service';

/**
 * A campaign survives its server being killed mid-delivery: another process takes over the
 * queue and every recipient gets exactly one message (docs/product/campaigns.md, guarantees).
 * Run with the API suites in band (npm test does): an app of another suite running at the same
 * time would deliver some of these messages to its own SMTP server.
 */
describe('a campaign when its API process is killed while delivering', () => {
  const RECIPIENTS = CAMPAIGN_CHUNK_SIZE + 50;
  const run = `${process.pid}-${Date.now()}`;
  const addresses = Array.from({ length: RECIPIENTS }, (_, index) => `crash${index}.${run}@mail.test`);
  let smtp: TestSmtpServer;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    // A slow server: each answer takes 20 ms, so the delivery is still going when the process dies.
    smtp = await startTestSmtpServer({ answerDelayMs: 20 });
  });
  afterAll(async () => {
    smtp.release();
    for (const api of processes) await api.kill('SIGKILL');
    await smtp.close();
  });

  const start = async () => {
    const api = await startApiProcess({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' });
    processes.push(api);
    return api;
  };
  const mine = () => smtp.received.filter((mail) => mail.to.some((to) => addresses.includes(to)));

  it('delivers every message exactly once after a SIGKILL and a restart', async () => {
    const email = `crash-owner-${run}@crm.test`;
    const [user] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Crash', 'Owner') RETURNING id`,
      [email, await hash('tessera-demo')],
    );
    // The audience: more than one chunk of personal contacts.
    await queryTestDatabase(
      `INSERT INTO crm_contacts (owner_id, first_name, last_name, email, tags)
       SELECT $1, 'Reader', n::text, a, ARRAY['crash']
         FROM unnest($2::text[]) WITH ORDINALITY AS t(a, n)`,
      [user.id, addresses],
    );
    const [campaign] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO crm_email_campaigns (owner_id, name, subject, body, audience)
       VALUES ($1, 'Crash test', 'Hello {{last_name}}', 'Read https://blog.example/crash', '{"tags":["crash"]}')
       RETURNING id`,
      [user.id],
    );

    const first = await start();
    const session = await signIn(first, email);
    await session.agent.post(`/api/crm/email-campaigns/${campaign.id}/send`).expect(202);

    // Let a part through, then hold every answer until both delivery workers wait on one: at that
    // moment no message is between the server's acceptance and its status write.
    const requestedAt = Date.now();
    await eventually(async () => mine().length >= 40, 60_000);
    console.log(`40 accepted ${Math.round((Date.now() - requestedAt) / 1000)} s after the send`);
    smtp.hold();
    await eventually(async () => smtp.held() >= 2, 20_000);
    const acceptedBeforeCrash = mine().length;
    const crashedAt = Date.now();
    await first.kill('SIGKILL');
    // The server drops the held answers once it sees the dead process's connections close.
    await eventually(async () => smtp.held() === 0, 20_000);
    smtp.release();
    expect(acceptedBeforeCrash).toBeLessThan(RECIPIENTS);

    const [midway] = await queryTestDatabase<{ status: string; queued: string }>(
      `SELECT c.status, (SELECT count(*) FROM mail_outbox m WHERE m.campaign_id = c.id AND m.status = 'queued') AS queued
         FROM crm_email_campaigns c WHERE c.id = $1`,
      [campaign.id],
    );
    expect(midway.status).toBe('sending');
    expect(Number(midway.queued)).toBeGreaterThan(0);

    // Another process takes over; the dead one's two messages come back after the heartbeat.
    await start();
    const finished = await eventually(async () => {
      const [row] = await queryTestDatabase<{ status: string; recipients_count: number }>(
        'SELECT status, recipients_count FROM crm_email_campaigns WHERE id = $1',
        [campaign.id],
      );
      return row.status === 'sent' ? row : undefined;
    }, 120_000);
    expect(finished.recipients_count).toBe(RECIPIENTS);
    console.log(
      `${acceptedBeforeCrash} of ${RECIPIENTS} accepted before the crash; sent ${Math.round((Date.now() - crashedAt) / 1000)} s after it`,
    );

    const perRecipient = new Map<string, number>();
    for (const mail of mine())
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(perRecipient.size).toBe(RECIPIENTS);
    expect([...perRecipient.entries()].filter(([, count]) => count !== 1)).toEqual([]);

    const [counts] = await queryTestDatabase<{ messages: string; activities: string }>(
      `SELECT (SELECT count(*) FROM mail_outbox WHERE campaign_id = $1 AND status = 'sent') AS messages,
              (SELECT count(*) FROM crm_activities WHERE campaign_id = $1) AS activities`,
      [campaign.id],
    );
    expect(counts).toEqual({ messages: String(RECIPIENTS), activities: String(RECIPIENTS) });
  }, 240_000);
});
