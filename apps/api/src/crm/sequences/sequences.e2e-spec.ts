import { hash } from 'argon2';
import type { Sequence, SequenceEnrollment, SequenceEnrollmentResult } from '@tessera/data-access/contracts';
import { waitEnds } from '@tessera/data-access/contracts';
import { runAsSystem } from '../../access/tenant-context';
import { createTestApp, queryTestDatabase, type Session, signIn, type TestApp } from '../../test/test-app';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp';
import { SEQUENCE_SWEEP_JOB } from './sequence-runner.service';
import { SequencesService } from './sequences.service';

/**
 * Sequences on real PostgreSQL, the real queue and a real SMTP server (docs/product/sequences.md).
 * Time is moved the way the other time-based suites move it: the stored due time (`next_step_at`,
 * the day of the daily counter) is set back, and the sweep (every second here) finds the step due.
 * Each test signs in a person of its own, so the daily limit counts only that test's messages.
 */
describe('sequences', () => {
  const DAILY_LIMIT = 2;
  let smtp: TestSmtpServer;
  let api: TestApp;
  const run = `${process.pid}-${Date.now()}`;
  let people = 0;
  const address = (name: string) => `${name}.${run}@mail.test`;
  const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    // The suites before this one on the worker's database ran APIs that sweep every 60 s (the
    // default); the sweep one of them left waiting would hold this API's (one waits at a time).
    await queryTestDatabase(
      `DELETE FROM pgboss.job WHERE name = '${SEQUENCE_SWEEP_JOB}' AND state = 'created'`,
    );
    api = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_LIMIT: '0',
      SEQUENCE_SWEEP_SECONDS: '1',
      SEQUENCE_DAILY_LIMIT: String(DAILY_LIMIT),
    });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  /** A new person with their own CRM (personal scope). */
  const person = async (): Promise<Session> => {
    people += 1;
    const email = `seller${people}.${run}@crm.test`;
    await queryTestDatabase(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Sam', 'Seller')`,
      [email, await hash('tessera-demo')],
    );
    return signIn(api, email);
  };
  const contact = async (session: Session, first: string, headers: Record<string, string> = {}) =>
    (
      await session.agent
        .post('/api/crm/contacts')
        .set(headers)
        .send({ first_name: first, last_name: 'Reader', email: address(`${first.toLowerCase()}${people}`) })
        .expect(201)
    ).body as { id: string; email: string };
  const sequence = async (session: Session, steps: unknown[], headers: Record<string, string> = {}) =>
    (
      await session.agent
        .post('/api/crm/sequences')
        .set(headers)
        .send({ name: 'Onboarding', steps })
        .expect(201)
    ).body as Sequence;
  const enroll = async (session: Session, id: string, body: Record<string, unknown>) =>
    (await session.agent.post(`/api/crm/sequences/${id}/enrollments`).send(body).expect(201))
      .body as SequenceEnrollmentResult;
  const enrollment = async (contactId: string, sequenceId: string) => {
    const [row] = await queryTestDatabase<{
      id: string;
      status: string;
      next_position: number;
      next_step_at: Date;
    }>(
      'SELECT id, status, next_position, next_step_at FROM crm_sequence_enrollments WHERE contact_id = $1 AND sequence_id = $2',
      [contactId, sequenceId],
    );
    return row;
  };
  /** The wait is over: its stored end is moved back, as if the days had passed. */
  const endWait = (contactId: string) =>
    queryTestDatabase(
      `UPDATE crm_sequence_enrollments SET next_step_at = now() - interval '1 second'
        WHERE contact_id = $1 AND status = 'active'`,
      [contactId],
    );
  const twoEmails = [
    {
      type: 'email',
      subject: 'Hello {{first_name}}',
      body: 'Hi {{full_name}}, read https://docs.example/start',
    },
    { type: 'wait', days: 2, business_days: true },
    { type: 'email', subject: 'Following up, {{first_name}}', body: 'Any questions?' },
  ];

  it('runs the steps in order: e-mail, task for the enrolling person, a business-day wait, e-mail; then finishes', async () => {
    const seller = await person();
    const ada = await contact(seller, 'Ada');
    const built = await sequence(seller, [
      twoEmails[0],
      { type: 'task', subject: 'Call {{first_name}}', body: 'Ask about the trial' },
      twoEmails[1],
      twoEmails[2],
    ]);
    expect(built.steps.map((step) => [step.position, step.type])).toEqual([
      [1, 'email'],
      [2, 'task'],
      [3, 'wait'],
      [4, 'email'],
    ]);
    expect(await enroll(seller, built.id, { contact_ids: [ada.id] })).toEqual({
      enrolled: 1,
      moved: 0,
      skipped: [],
    });

    const [first] = await eventually(async () => receivedBy(ada.email).length > 0 && receivedBy(ada.email));
    expect(first.subject).toBe('Hello Ada');
    expect(first.text).toContain('Hi Ada Reader, read https://docs.example/start');
    expect(first.text).toContain('Unsubscribe: ');

    // The task step and the wait ran; the wait ends two business days after it began.
    const waiting = await eventually(async () => {
      const row = await enrollment(ada.id, built.id);
      return row.next_position === 4 && row;
    });
    const [wait] = await queryTestDatabase<{ ran_at: Date }>(
      `SELECT r.ran_at FROM crm_sequence_step_runs r WHERE r.step_id = $1`,
      [built.steps[2].id],
    );
    expect(new Date(waiting.next_step_at).getTime()).toBe(
      waitEnds(new Date(wait.ran_at), { days: 2, business_days: true }).getTime(),
    );
    const tasks = (await seller.agent.get(`/api/crm/activities?contact_id=${ada.id}`).expect(200))
      .body as Array<{
      type: string;
      subject: string;
      status: string;
      owner_id: string;
    }>;
    expect(tasks.filter((activity) => activity.type === 'task')).toEqual([
      expect.objectContaining({ subject: 'Call Ada', status: 'pending', owner_id: seller.userId }),
    ]);
    expect(receivedBy(ada.email)).toHaveLength(1);

    // Opened (the tracking pixel) and a meeting logged: both count for the first e-mail.
    const [message] = await queryTestDatabase<{ tracking_token: string }>(
      `SELECT m.tracking_token FROM mail_outbox m JOIN crm_sequence_step_runs r ON r.outbox_message_id = m.id
        WHERE r.step_id = $1`,
      [built.steps[0].id],
    );
    await seller.agent.get(`/api/mail/o/${message.tracking_token}.gif`).expect(200);
    await seller.agent
      .post('/api/crm/activities')
      .send({ type: 'meeting', subject: 'Demo with Ada', contact_id: ada.id })
      .expect(201);

    await endWait(ada.id);
    const [, second] = await eventually(
      async () => receivedBy(ada.email).length > 1 && receivedBy(ada.email),
    );
    expect(second.subject).toBe('Following up, Ada');
    await eventually(async () => (await enrollment(ada.id, built.id)).status === 'finished');

    const page = (await seller.agent.get(`/api/crm/sequences/${built.id}`).expect(200)).body as Sequence;
    expect(page.steps.map((step) => step.figures)).toEqual([
      { sent: 1, opened: 1, replied: 0, meetings: 1 },
      { sent: 0, opened: 0, replied: 0, meetings: 0 },
      { sent: 0, opened: 0, replied: 0, meetings: 0 },
      { sent: 1, opened: 0, replied: 0, meetings: 0 },
    ]);
    expect(page.enrollments).toMatchObject({ active: 0, finished: 1 });
    const list = (await seller.agent.get(`/api/crm/sequences/${built.id}/enrollments`).expect(200))
      .body as SequenceEnrollment[];
    expect(list).toEqual([
      expect.objectContaining({ name: 'Ada Reader', status: 'finished', next_step: null }),
    ]);
  }, 60_000);

  it('stops on a reply (recordReplies, as the mailbox sync calls it), on an unsubscribe and on a bounce', async () => {
    const seller = await person();
    const built = await sequence(seller, twoEmails);
    const replying = await contact(seller, 'Rita');
    const leaving = await contact(seller, 'Uma');
    await enroll(seller, built.id, { contact_ids: [replying.id, leaving.id] });
    await eventually(
      async () => receivedBy(replying.email).length === 1 && receivedBy(leaving.email).length === 1,
    );
    await eventually(async () => (await enrollment(leaving.id, built.id)).next_position === 3);
    await eventually(async () => (await enrollment(replying.id, built.id)).next_position === 3);

    const service = api.app.get(SequencesService);
    const ended = await runAsSystem('test: a synced reply', () =>
      service.recordReplies(
        { institutionId: null, userId: seller.userId },
        { contactIds: [replying.id], repliedAt: new Date() },
      ),
    );
    expect(ended).toBe(1);
    expect((await enrollment(replying.id, built.id)).status).toBe('replied');

    // Uma follows the unsubscribe link of the first e-mail.
    const link = /Unsubscribe: (\S+)/.exec(receivedBy(leaving.email)[0].text)?.[1] ?? '';
    await seller.agent.post(new URL(link).pathname).expect(200);
    // They leave at once, not at their next step.
    expect((await enrollment(leaving.id, built.id)).status).toBe('unsubscribed');

    await endWait(leaving.id);
    await queryTestDatabase(
      `UPDATE crm_sequence_enrollments SET next_step_at = now() - interval '1 second' WHERE contact_id = $1`,
      [replying.id],
    );
    await eventually(async () => (await enrollment(leaving.id, built.id)).status === 'unsubscribed');
    expect(receivedBy(replying.email)).toHaveLength(1);
    expect(receivedBy(leaving.email)).toHaveLength(1);
    const page = (await seller.agent.get(`/api/crm/sequences/${built.id}`).expect(200)).body as Sequence;
    expect(page.steps[0].figures).toMatchObject({ sent: 2, replied: 1 });
    expect(page.enrollments).toMatchObject({ replied: 1, unsubscribed: 1, active: 0 });

    // The mail server refuses the first message for good: the next step finds the bounce. (Another
    // sender: this one has used the day's limit.)
    const other = await person();
    const second = await sequence(other, twoEmails);
    const bouncing = await contact(other, 'Bea');
    smtp.refuseNext(1, 550);
    await enroll(other, second.id, { contact_ids: [bouncing.id] });
    await eventually(async () => {
      const [row] = await queryTestDatabase<{ status: string }>(
        `SELECT m.status FROM mail_outbox m WHERE m.recipient = $1`,
        [bouncing.email],
      );
      return row?.status === 'failed';
    });
    await eventually(async () => (await enrollment(bouncing.id, second.id)).next_position === 3);
    await endWait(bouncing.id);
    await eventually(async () => (await enrollment(bouncing.id, second.id)).status === 'bounced');
    expect(receivedBy(bouncing.email)).toHaveLength(0);

    // An unsubscribe made another way (here straight in the database) is found before the next step.
    const sid = await contact(other, 'Sid');
    await enroll(other, second.id, { contact_ids: [sid.id] });
    await eventually(async () => receivedBy(sid.email).length === 1);
    await eventually(async () => (await enrollment(sid.id, second.id)).next_position === 3);
    await queryTestDatabase('UPDATE crm_contacts SET unsubscribed_at = now() WHERE id = $1', [sid.id]);
    await endWait(sid.id);
    await eventually(async () => (await enrollment(sid.id, second.id)).status === 'unsubscribed');
    expect(receivedBy(sid.email)).toHaveLength(1);
  }, 60_000);

  it('moves a person enrolled by hand in another sequence, skips the unsubscribed and those already in it; unenroll; steps fixed while people go through', async () => {
    const seller = await person();
    const first = await sequence(seller, twoEmails);
    const second = await sequence(seller, [
      { type: 'task', subject: 'Call {{first_name}}' },
      { type: 'wait', days: 5 },
    ]);
    const kim = await contact(seller, 'Kim');
    await enroll(seller, first.id, { contact_ids: [kim.id] });
    expect(await enroll(seller, first.id, { contact_ids: [kim.id] })).toEqual({
      enrolled: 0,
      moved: 0,
      skipped: [{ contact_id: kim.id, lead_id: null, reason: 'Already in this sequence' }],
    });
    expect(await enroll(seller, second.id, { contact_ids: [kim.id] })).toEqual({
      enrolled: 1,
      moved: 1,
      skipped: [],
    });
    const [moved] = await queryTestDatabase<{ status: string }>(
      'SELECT status FROM crm_sequence_enrollments WHERE contact_id = $1 AND sequence_id = $2',
      [kim.id, first.id],
    );
    expect(moved.status).toBe('moved');

    // Steps do not change under people going through them; the name does. Unenroll ends it once.
    const busy = await seller.agent
      .patch(`/api/crm/sequences/${second.id}`)
      .send({ steps: [{ type: 'task', subject: 'Other' }] })
      .expect(409);
    expect(busy.body.message).toBe(
      'People are going through this sequence: unenroll them to change its steps',
    );
    const renamed = (
      await seller.agent.patch(`/api/crm/sequences/${second.id}`).send({ name: 'Renamed' }).expect(200)
    ).body as Sequence;
    expect(renamed.name).toBe('Renamed');
    const [active] = (await seller.agent.get(`/api/crm/sequences/${first.id}/enrollments`).expect(200))
      .body as SequenceEnrollment[];
    expect(active.status).toBe('moved');
    const [kept] = (await seller.agent.get(`/api/crm/sequences/${second.id}/enrollments`).expect(200))
      .body as SequenceEnrollment[];
    expect(kept.status).toBe('active');
    const left = await seller.agent
      .delete(`/api/crm/sequences/${second.id}/enrollments/${kept.id}`)
      .expect(200);
    expect(left.body).toMatchObject({ id: kept.id, status: 'unenrolled', next_step: null });
    await seller.agent.delete(`/api/crm/sequences/${second.id}/enrollments/${kept.id}`).expect(409);
    await seller.agent
      .patch(`/api/crm/sequences/${second.id}`)
      .send({ steps: [{ type: 'task', subject: 'Other' }] })
      .expect(200);
    await seller.agent.delete(`/api/crm/sequences/${second.id}`).expect(204);
    await seller.agent.get(`/api/crm/sequences/${second.id}`).expect(404);

    const gone = await contact(seller, 'Gus');
    await queryTestDatabase('UPDATE crm_contacts SET unsubscribed_at = now() WHERE id = $1', [gone.id]);
    expect(await enroll(seller, first.id, { contact_ids: [gone.id] })).toEqual({
      enrolled: 0,
      moved: 0,
      skipped: [{ contact_id: gone.id, lead_id: null, reason: 'Unsubscribed' }],
    });
  }, 30_000);

  it('enrolls the leads of a segment', async () => {
    const seller = await person();
    const lead = async (first: string, stage: string) =>
      (
        await seller.agent
          .post('/api/crm/leads')
          .send({ first_name: first, last_name: 'Lead', email: address(`${first}${people}`), stage })
          .expect(201)
      ).body as { id: string };
    const hot = await lead('hot', 'qualified');
    await lead('cold', 'new');
    const segment = (
      await seller.agent
        .post('/api/crm/segments')
        .send({ name: 'Qualified', criteria: { stage: 'qualified' } })
        .expect(201)
    ).body as { id: string };
    const built = await sequence(seller, [{ type: 'task', subject: 'Call {{first_name}}' }]);
    expect(await enroll(seller, built.id, { segment_id: segment.id })).toEqual({
      enrolled: 1,
      moved: 0,
      skipped: [],
    });
    const rows = await queryTestDatabase<{ lead_id: string; source: string }>(
      'SELECT lead_id, source FROM crm_sequence_enrollments WHERE sequence_id = $1',
      [built.id],
    );
    expect(rows).toEqual([{ lead_id: hot.id, source: 'segment' }]);
    await eventually(async () => {
      const [row] = await queryTestDatabase<{ status: string }>(
        'SELECT status FROM crm_sequence_enrollments WHERE lead_id = $1',
        [hot.id],
      );
      return row.status === 'finished';
    });
    const [task] = await queryTestDatabase<{ subject: string; owner_id: string }>(
      `SELECT subject, owner_id FROM crm_activities WHERE lead_id = $1 AND type = 'task'`,
      [hot.id],
    );
    expect(task).toEqual({ subject: 'Call hot', owner_id: seller.userId });
  }, 30_000);

  it('enrolls from an automation rule ("enroll in sequence") and refuses a rule naming no sequence of its scope', async () => {
    const seller = await person();
    const built = await sequence(seller, [{ type: 'task', subject: 'Welcome call with {{first_name}}' }]);
    const rule = (body: Record<string, unknown>) =>
      seller.agent.post('/api/crm/automation-rules').send({
        name: 'Qualified into onboarding',
        conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'qualified' } },
        actions_json: [{ type: 'enroll_in_sequence', config: body }],
      });
    const refused = await rule({ sequence_id: '00000000-0000-4000-8000-000000000000' }).expect(400);
    expect(refused.body.errors).toEqual({ 'actions_json.0.config.sequence_id': ['Choose a sequence'] });
    await rule({ sequence_id: built.id }).expect(201);

    const lee = await contact(seller, 'Lee');
    await seller.agent.post(`/api/crm/contacts/${lee.id}/move`).send({ stage: 'qualified' }).expect(200);
    const [row] = await queryTestDatabase<{ source: string; enrolled_by: string }>(
      'SELECT source, enrolled_by FROM crm_sequence_enrollments WHERE contact_id = $1 AND sequence_id = $2',
      [lee.id, built.id],
    );
    expect(row).toEqual({ source: 'automation', enrolled_by: seller.userId });
    await eventually(async () => (await enrollment(lee.id, built.id)).status === 'finished');
  }, 30_000);

  it(`holds e-mails past the sender's daily limit (${DAILY_LIMIT}) until the next day`, async () => {
    const seller = await person();
    const built = await sequence(seller, [twoEmails[0]]);
    const readers = [
      await contact(seller, 'One'),
      await contact(seller, 'Two'),
      await contact(seller, 'Three'),
    ];
    await enroll(seller, built.id, { contact_ids: readers.map((reader) => reader.id) });
    await eventually(
      async () => readers.filter((reader) => receivedBy(reader.email).length === 1).length === 2,
    );
    const held = await eventually(async () => {
      const rows = await queryTestDatabase<{ contact_id: string; next_step_at: Date }>(
        `SELECT contact_id, next_step_at FROM crm_sequence_enrollments
          WHERE sequence_id = $1 AND status = 'active' AND next_step_at > now()`,
        [built.id],
      );
      return rows.length === 1 && rows[0];
    });
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(new Date(held.next_step_at).toISOString()).toBe(tomorrow.toISOString());
    const heldReader = readers.find((reader) => reader.id === held.contact_id);
    expect(receivedBy(heldReader?.email ?? '')).toHaveLength(0);

    // The next day: yesterday's count no longer applies.
    await queryTestDatabase(`UPDATE crm_sequence_daily_sends SET day = day - 1 WHERE user_id = $1`, [
      seller.userId,
    ]);
    await endWait(held.contact_id);
    await eventually(async () => receivedBy(heldReader?.email ?? '').length === 1);
    const [counter] = await queryTestDatabase<{ sent: number }>(
      'SELECT sent FROM crm_sequence_daily_sends WHERE user_id = $1 AND day = current_date',
      [seller.userId],
    );
    expect(counter.sent).toBe(1);
  }, 60_000);

  it('refuses bad input with a message per field and writes nothing', async () => {
    const seller = await person();
    const count = async () =>
      Number(
        (
          await queryTestDatabase<{ n: string }>(
            'SELECT count(*) AS n FROM crm_sequences WHERE owner_id = $1',
            [seller.userId],
          )
        )[0].n,
      );
    const refused = async (body: object) =>
      (await seller.agent.post('/api/crm/sequences').send(body).expect(400)).body as {
        errors: Record<string, string[]>;
      };
    expect((await refused({ name: ' ', steps: [] })).errors).toMatchObject({
      name: ['name must not be empty'],
      steps: ['A sequence needs at least one step'],
    });
    expect((await refused({ name: 'X', steps: [{ type: 'wait', days: 0 }] })).errors).toMatchObject({
      'steps.0.days': expect.any(Array),
    });
    expect(
      (await refused({ name: 'X', steps: [{ type: 'email', subject: 'Hi {{nickname}}', body: 'x' }] }))
        .errors,
    ).toEqual({ 'steps.0.subject': [expect.stringContaining('Unknown merge field {{nickname}}')] });
    expect(
      (await refused({ name: 'X', steps: [{ type: 'email', body: 'x' }, { type: 'call' }] })).errors,
    ).toMatchObject({
      'steps.1.type': expect.any(Array),
    });
    expect((await refused({ name: 'X', steps: [{ type: 'task' }] })).errors).toEqual({
      'steps.0.subject': ['Task is required'],
    });
    expect(
      (await refused({ name: 'X', steps: [{ type: 'task', subject: 'a' }], colour: 'red' })).errors,
    ).toBeDefined();
    expect(await count()).toBe(0);

    const built = await sequence(seller, [{ type: 'task', subject: 'Call' }]);
    const enrollRefused = async (body: object) =>
      (await seller.agent.post(`/api/crm/sequences/${built.id}/enrollments`).send(body).expect(400)).body as {
        errors: Record<string, string[]>;
      };
    expect((await enrollRefused({ contact_ids: ['nope'] })).errors).toHaveProperty('contact_ids');
    expect((await enrollRefused({})).errors).toEqual({
      contact_ids: ['Choose contacts, leads or a segment to enroll'],
    });
    await seller.agent
      .patch(`/api/crm/sequences/${built.id}`)
      .send({ steps: [{ type: 'wait', days: 91 }] })
      .expect(400);
    const kept = (await seller.agent.get(`/api/crm/sequences/${built.id}`).expect(200)).body as Sequence;
    expect(kept.steps).toEqual([expect.objectContaining({ type: 'task', subject: 'Call' })]);
    const none = await queryTestDatabase('SELECT 1 FROM crm_sequence_enrollments WHERE sequence_id = $1', [
      built.id,
    ]);
    expect(none).toEqual([]);
  });

  it('keeps each institution to its own sequences, people and replies', async () => {
    const acme = await signIn(api, 'demo@acme.test');
    const globex = await signIn(api, 'owner@globex.test');
    const own = acme.headers('acme');
    const acmeContact = await contact(acme, 'Ivy', own);
    const acmeSequence = await sequence(acme, [{ type: 'task', subject: 'Call {{first_name}}' }], own);
    const globexSequence = await sequence(
      globex,
      [{ type: 'task', subject: 'Call' }],
      globex.headers('globex'),
    );

    // Globex cannot read, change or enrol into Acme's sequence, nor enrol Acme's contact.
    await globex.agent.get(`/api/crm/sequences/${acmeSequence.id}`).set(globex.headers('globex')).expect(404);
    await globex.agent.get(`/api/crm/sequences/${acmeSequence.id}`).set(own).expect(403);
    await globex.agent
      .patch(`/api/crm/sequences/${acmeSequence.id}`)
      .set(globex.headers('globex'))
      .send({ name: 'Mine' })
      .expect(404);
    await globex.agent
      .post(`/api/crm/sequences/${globexSequence.id}/enrollments`)
      .set(globex.headers('globex'))
      .send({ contact_ids: [acmeContact.id] })
      .expect(404);
    const listed = (await globex.agent.get('/api/crm/sequences').set(globex.headers('globex')).expect(200))
      .body as Sequence[];
    expect(listed.map((entry) => entry.id)).not.toContain(acmeSequence.id);
    // Personal scope sees no institution's sequence.
    await acme.agent.get(`/api/crm/sequences/${acmeSequence.id}`).expect(404);

    // A reply recorded in Globex's scope does not end Acme's enrollment.
    await acme.agent
      .post(`/api/crm/sequences/${acmeSequence.id}/enrollments`)
      .set(own)
      .send({ contact_ids: [acmeContact.id] })
      .expect(201);
    const service = api.app.get(SequencesService);
    const scopeOf = (session: Session, slug: string) => ({
      institutionId: session.institutions[slug],
      userId: session.userId,
    });
    const fromGlobex = await runAsSystem('test', () =>
      service.recordReplies(scopeOf(globex, 'globex'), {
        contactIds: [acmeContact.id],
        repliedAt: new Date(),
      }),
    );
    expect(fromGlobex).toBe(0);
    const [row] = await queryTestDatabase<{ status: string }>(
      'SELECT status FROM crm_sequence_enrollments WHERE contact_id = $1',
      [acmeContact.id],
    );
    expect(['active', 'finished']).toContain(row.status);

    // A viewer reads but does not build.
    const viewer = await signIn(api, 'viewer@acme.test');
    await viewer.agent.get(`/api/crm/sequences/${acmeSequence.id}`).set(viewer.headers('acme')).expect(200);
    await viewer.agent
      .post('/api/crm/sequences')
      .set(viewer.headers('acme'))
      .send({ name: 'Nope', steps: [{ type: 'task', subject: 'x' }] })
      .expect(403);
  }, 30_000);
});
