import { hash } from 'argon2';
import { type ApiProcess, startApiProcess } from '../../test/api-process';
import { queryTestDatabase, signIn } from '../../test/test-app';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp';
import { SEQUENCE_SWEEP_JOB } from './sequence-runner.service';

/**
 * A sequence survives its server being killed mid-run (docs/adr/0023-sequences.md): another
 * process takes the queue over and every person gets exactly one message per e-mail step. Run
 * with the API suites in band, like campaign-crash.e2e-spec.ts: another suite's app running at the
 * same time would run some of these steps itself.
 */
describe('a sequence when its API process is killed while sending', () => {
  const PEOPLE = 60;
  const run = `${process.pid}-${Date.now()}`;
  const addresses = Array.from({ length: PEOPLE }, (_, index) => `seqcrash${index}.${run}@mail.test`);
  let smtp: TestSmtpServer;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    // A slow server: each answer takes 20 ms, so the steps are still going when the process dies.
    smtp = await startTestSmtpServer({ answerDelayMs: 20 });
    // The suites before this one on the worker's database ran APIs that sweep every 60 s (the
    // default); the sweep one of them left waiting would hold this API's (one waits at a time).
    await queryTestDatabase(
      `DELETE FROM pgboss.job WHERE name = '${SEQUENCE_SWEEP_JOB}' AND state = 'created'`,
    );
  });
  afterAll(async () => {
    smtp.release();
    for (const api of processes) await api.kill('SIGKILL');
    await smtp.close();
  });

  const start = async () => {
    const api = await startApiProcess({
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
      JOB_MONITOR_SECONDS: '2',
      SEQUENCE_SWEEP_SECONDS: '1',
    });
    processes.push(api);
    return api;
  };
  const mine = () => smtp.received.filter((mail) => mail.to.some((to) => addresses.includes(to)));

  it('sends each e-mail step once per person after a SIGKILL and a restart', async () => {
    const email = `seq-crash-owner-${run}@crm.test`;
    const [user] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Crash', 'Owner') RETURNING id`,
      [email, await hash('tessera-demo')],
    );
    const contacts = await queryTestDatabase<{ id: string }>(
      `INSERT INTO crm_contacts (owner_id, first_name, last_name, email)
       SELECT $1, 'Reader', n::text, a FROM unnest($2::text[]) WITH ORDINALITY AS t(a, n)
       RETURNING id`,
      [user.id, addresses],
    );

    const first = await start();
    const session = await signIn(first, email);
    const sequence = (
      await session.agent
        .post('/api/crm/sequences')
        .send({
          name: 'Crash test',
          steps: [
            { type: 'email', subject: 'First, {{last_name}}', body: 'One' },
            { type: 'email', subject: 'Second, {{last_name}}', body: 'Two' },
          ],
        })
        .expect(201)
    ).body as { id: string };
    await session.agent
      .post(`/api/crm/sequences/${sequence.id}/enrollments`)
      .send({ contact_ids: contacts.map((contact) => contact.id) })
      .expect(201);

    // Let a part through, then hold every answer until both delivery workers wait on one.
    await eventually(async () => mine().length >= 30, 60_000);
    smtp.hold();
    await eventually(async () => smtp.held() >= 2, 20_000);
    const acceptedBeforeCrash = mine().length;
    await first.kill('SIGKILL');
    await eventually(async () => smtp.held() === 0, 20_000);
    smtp.release();
    expect(acceptedBeforeCrash).toBeLessThan(PEOPLE * 2);
    const [midway] = await queryTestDatabase<{ active: string }>(
      `SELECT count(*) AS active FROM crm_sequence_enrollments WHERE sequence_id = $1 AND status = 'active'`,
      [sequence.id],
    );
    const [queued] = await queryTestDatabase<{ queued: string }>(
      `SELECT count(*) AS queued FROM mail_outbox m JOIN crm_sequence_step_runs r ON r.outbox_message_id = m.id
        JOIN crm_sequence_enrollments e ON e.id = r.enrollment_id
        WHERE e.sequence_id = $1 AND m.status = 'queued'`,
      [sequence.id],
    );
    expect(Number(midway.active) + Number(queued.queued)).toBeGreaterThan(0);

    // Another process takes over: the dead one's jobs come back after the heartbeat.
    await start();
    await eventually(async () => {
      const [row] = await queryTestDatabase<{ finished: string; queued: string }>(
        `SELECT count(*) FILTER (WHERE e.status = 'finished') AS finished,
                  (SELECT count(*) FROM mail_outbox m JOIN crm_sequence_step_runs r ON r.outbox_message_id = m.id
                    JOIN crm_sequence_enrollments x ON x.id = r.enrollment_id
                    WHERE x.sequence_id = $1 AND m.status = 'queued') AS queued
             FROM crm_sequence_enrollments e WHERE e.sequence_id = $1`,
        [sequence.id],
      );
      return Number(row.finished) === PEOPLE && Number(row.queued) === 0;
    }, 120_000);

    const perMessage = new Map<string, number>();
    for (const mail of mine())
      for (const to of mail.to) {
        const key = `${to} ${mail.subject.split(',')[0]}`;
        perMessage.set(key, (perMessage.get(key) ?? 0) + 1);
      }
    expect(perMessage.size).toBe(PEOPLE * 2);
    expect([...perMessage.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    const [runs] = await queryTestDatabase<{ runs: string; sent: string }>(
      `SELECT count(*) AS runs, count(*) FILTER (WHERE m.status = 'sent') AS sent
         FROM crm_sequence_step_runs r JOIN crm_sequence_enrollments e ON e.id = r.enrollment_id
         LEFT JOIN mail_outbox m ON m.id = r.outbox_message_id
        WHERE e.sequence_id = $1`,
      [sequence.id],
    );
    expect(runs).toEqual({ runs: String(PEOPLE * 2), sent: String(PEOPLE * 2) });
    console.log(`${acceptedBeforeCrash} of ${PEOPLE * 2} accepted before the crash`);
  }, 240_000);
});
