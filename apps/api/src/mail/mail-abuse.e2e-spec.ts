import request from 'supertest';
import { linkOf, outboxSettled } from '../test/mail-links';
import { createTestApp, queryTestDatabase, type Session, signIn, type TestApp } from '../test/test-app';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../test/test-smtp';
import { createTestInstitution, signInFreshUser, signInNewMember, uniqueEmail } from '../test/test-users';

const PASSWORD = 'quota-holdings-password';

function member(api: TestApp, institutionId: string, role: string, label: string): Promise<Session> {
  return signInNewMember(api, institutionId, role, label, { domain: 'quota.test', password: PASSWORD });
}

function invite(who: Session, institutionId: string, email: string, role: string) {
  return who.agent
    .post('/api/administration/invitations')
    .set({ 'X-Institution-Id': institutionId })
    .send({ email, role });
}

async function outboxRow(recipient: string) {
  return eventually(async () => {
    const [row] = await queryTestDatabase<{ id: string; text_body: string; status: string }>(
      "SELECT id, text_body, status FROM mail_outbox WHERE recipient = $1 AND kind = 'invitation' ORDER BY created_at DESC LIMIT 1",
      [recipient],
    );
    return row;
  });
}

/** Messages of this file are queued after this instant; others' are not this file's to wait for. */
const suiteStarted = new Date();

const DELIVERY_STATES: Array<[status: string, transport: string | null]> = [
  ['queued', null],
  ['sent', 'outbox'],
  ['sent', 'smtp'],
  ['failed', null],
  ['queued', 'smtp'],
];

describe('sign-in secrets in the outbox', () => {
  let api: TestApp;
  let institutionId: string;
  let owner: Session;
  let admin: Session;

  beforeAll(async () => {
    api = await createTestApp();
    institutionId = await createTestInstitution('secrets');
    owner = await member(api, institutionId, 'owner', 'owner');
    admin = await member(api, institutionId, 'admin', 'admin');
  });
  // A message still queued when this app closes would be delivered by the next suite's app and server.
  afterAll(async () => {
    await outboxSettled(suiteStarted);
    await api.close();
  });

  const headers = () => ({ 'X-Institution-Id': institutionId });

  it("never shows an owner invitation's token to an admin, in any delivery state; its inviter may copy it", async () => {
    const email = uniqueEmail('new-owner', 'example.test');
    await invite(owner, institutionId, email, 'owner').expect(201);
    const message = await outboxRow(email);
    const { token } = linkOf(message.text_body);
    // Kept here by its delivery job first (no mail server), so no job moves the states set below.
    await eventually(async () => (await outboxRow(email)).status === 'sent');

    for (const [status, transport] of DELIVERY_STATES) {
      await queryTestDatabase('UPDATE mail_outbox SET status = $2, transport = $3 WHERE id = $1', [
        message.id,
        status,
        transport,
      ]);
      const read = await admin.agent.get(`/api/outbox/${message.id}`).set(headers()).expect(200);
      expect(JSON.stringify(read.body)).not.toContain(token);
      expect(read.body).toMatchObject({
        recipient: email,
        status,
        text_body: null,
        html_body: null,
        links: [],
        carries_sign_in_link: true,
        invitation_link: null,
      });
      const list = await admin.agent.get('/api/outbox?limit=50').set(headers()).expect(200);
      expect(JSON.stringify(list.body)).not.toContain(token);
      // The owner who made it may hand the link over themself: they could invite an owner anyway.
      const own = await owner.agent.get(`/api/outbox/${message.id}`).set(headers()).expect(200);
      expect(own.body.invitation_link).toContain(`#token=${token}`);
      expect(own.body.text_body).toBeNull();
    }
    // Back to where its delivery job left it: a message left queued with no job would stay so.
    await queryTestDatabase("UPDATE mail_outbox SET status = 'sent', transport = 'outbox' WHERE id = $1", [
      message.id,
    ]);

    // What the admin can read gets them no account: the link's token is nowhere in it.
    const users = await queryTestDatabase('SELECT id FROM users WHERE email = $1', [email]);
    expect(users).toHaveLength(0);
  });

  it('gives the copy link to the inviter only while they hold the role it grants, and only while it opens', async () => {
    const email = uniqueEmail('new-member', 'example.test');
    const invited = await invite(admin, institutionId, email, 'member').expect(201);
    const message = await outboxRow(email);
    const { token } = linkOf(message.text_body);
    const byAdmin = await admin.agent.get(`/api/outbox/${message.id}`).set(headers()).expect(200);
    expect(byAdmin.body.invitation_link).toContain(`#token=${token}`);
    // Another administrator (here the owner) did not make it: the fact that it was sent, nothing more.
    const byOwner = await owner.agent.get(`/api/outbox/${message.id}`).set(headers()).expect(200);
    expect(JSON.stringify(byOwner.body)).not.toContain(token);

    // A resend kills the old link: the old message's link is no longer handed out.
    await admin.agent
      .post(`/api/administration/invitations/${invited.body.id}/resend`)
      .set(headers())
      .expect(200);
    const stale = await admin.agent.get(`/api/outbox/${message.id}`).set(headers()).expect(200);
    expect(stale.body.invitation_link).toBeNull();
    const fresh = await outboxRow(email);
    const current = await admin.agent.get(`/api/outbox/${fresh.id}`).set(headers()).expect(200);
    expect(current.body.invitation_link).toContain(linkOf(fresh.text_body).token);

    // Withdrawn: nothing to copy.
    await admin.agent.delete(`/api/administration/invitations/${invited.body.id}`).set(headers()).expect(204);
    const withdrawn = await admin.agent.get(`/api/outbox/${fresh.id}`).set(headers()).expect(200);
    expect(withdrawn.body.invitation_link).toBeNull();
  });

  it('takes the copy link away from an inviter who no longer holds the role the invitation grants', async () => {
    const coOwner = await member(api, institutionId, 'owner', 'co-owner');
    const email = uniqueEmail('third-owner', 'example.test');
    await invite(coOwner, institutionId, email, 'owner').expect(201);
    const message = await outboxRow(email);
    const { token } = linkOf(message.text_body);
    const read = async () =>
      (await coOwner.agent.get(`/api/outbox/${message.id}`).set(headers()).expect(200)).body;
    expect((await read()).invitation_link).toContain(`#token=${token}`);
    const setRole = (role: string) =>
      owner.agent
        .patch(`/api/administration/members/${coOwner.userId}`)
        .set(headers())
        .send({ role })
        .expect(204);
    // An admin now: the owner invitation they made is above them, so its link is not theirs to hand over.
    await setRole('admin');
    const asAdmin = await read();
    expect(asAdmin.invitation_link).toBeNull();
    expect(JSON.stringify(asAdmin)).not.toContain(token);
    await setRole('owner');
    expect((await read()).invitation_link).toContain(`#token=${token}`);
  });

  it('shows super admins that a reset link was sent, never the link', async () => {
    const person = await signInFreshUser(api, 'forgetful');
    const [user] = await queryTestDatabase<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      person.userId,
    ]);
    await request(api.url).post('/api/auth/password-reset').send({ email: user?.email }).expect(202);
    const message = await eventually(async () => {
      const [row] = await queryTestDatabase<{ id: string; text_body: string }>(
        "SELECT id, text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'password_reset'",
        [user?.email],
      );
      return row;
    });
    const { token } = linkOf(message.text_body);
    const superAdmin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
    const read = await superAdmin.agent.get(`/api/platform/outbox/${message.id}`).expect(200);
    expect(JSON.stringify(read.body)).not.toContain(token);
    expect(read.body).toMatchObject({
      kind: 'password_reset',
      carries_sign_in_link: true,
      invitation_link: null,
    });
  });
});

describe('sign-in secrets in the outbox, with a mail server', () => {
  let smtp: TestSmtpServer;
  let api: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' });
  });
  afterAll(async () => {
    await outboxSettled(suiteStarted);
    await api.close();
    await smtp.close();
  });

  it('withholds the link while the message waits for the server, and after it was delivered', async () => {
    const institutionId = await createTestInstitution('smtp');
    const owner = await member(api, institutionId, 'owner', 'smtp-owner');
    const admin = await member(api, institutionId, 'admin', 'smtp-admin');
    const email = uniqueEmail('owner-by-mail', 'example.test');
    smtp.hold();
    await invite(owner, institutionId, email, 'owner').expect(201);
    const message = await outboxRow(email);
    const { token } = linkOf(message.text_body);
    await eventually(async () => smtp.held() > 0);
    const waiting = await admin.agent
      .get(`/api/outbox/${message.id}`)
      .set({ 'X-Institution-Id': institutionId })
      .expect(200);
    expect(waiting.body.status).toBe('queued');
    expect(JSON.stringify(waiting.body)).not.toContain(token);
    smtp.release();
    const [mail] = (await smtp.waitFor(1)).filter((received) => received.to.includes(email));
    expect(mail?.text).toContain(token);
    const sent = await eventually(async () => {
      const read = await admin.agent
        .get(`/api/outbox/${message.id}`)
        .set({ 'X-Institution-Id': institutionId })
        .expect(200);
      return read.body.status === 'sent' ? read.body : undefined;
    });
    expect(JSON.stringify(sent)).not.toContain(token);
  });
});

describe('limits on mail to other people’s addresses', () => {
  let api: TestApp;

  beforeAll(async () => {
    // The defaults for the address (3 an hour) and a small institution limit to reach quickly.
    api = await createTestApp({
      MAIL_TO_ADDRESS_PER_HOUR: '3',
      INVITATIONS_PER_INSTITUTION_PER_HOUR: '6',
      CAMPAIGN_TESTS_PER_PERSON_PER_HOUR: '2',
      PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '3',
      ACCOUNT_REQUESTS_PER_WINDOW: '100',
    });
  });
  afterAll(async () => {
    await outboxSettled(suiteStarted);
    await api.close();
  });

  const countTo = async (email: string) =>
    (await queryTestDatabase('SELECT id FROM mail_outbox WHERE recipient = $1', [email])).length;

  it('answers the 4th message to one address within the hour with 429 and queues nothing', async () => {
    const institutionId = await createTestInstitution('cannon');
    const owner = await member(api, institutionId, 'owner', 'cannon-owner');
    const headers = { 'X-Institution-Id': institutionId };
    const target = uniqueEmail('stranger', 'example.test');
    const invited = await invite(owner, institutionId, target, 'viewer').expect(201);
    const resend = () =>
      owner.agent.post(`/api/administration/invitations/${invited.body.id}/resend`).set(headers);
    await resend().expect(200);
    await resend().expect(200);
    const [before] = await queryTestDatabase<{ token_hash: string }>(
      'SELECT token_hash FROM institution_invitations WHERE id = $1',
      [invited.body.id],
    );
    const refused = await resend().expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^Too many invitations have been sent to ${target.replace(/[.]/g, '\\.')} in the last hour\\. Try again in \\d+ minutes\\.$`,
      ),
    );
    expect(await countTo(target)).toBe(3);
    // The refused resend changed nothing: the link the invitee holds still works.
    const [after] = await queryTestDatabase<{ token_hash: string }>(
      'SELECT token_hash FROM institution_invitations WHERE id = $1',
      [invited.body.id],
    );
    expect(after?.token_hash).toBe(before?.token_hash);

    // Another institution cannot add to the stranger's mailbox either.
    const otherId = await createTestInstitution('cannon-two');
    const otherOwner = await member(api, otherId, 'owner', 'cannon-two-owner');
    await invite(otherOwner, otherId, target, 'viewer').expect(429);
    expect(await countTo(target)).toBe(3);
    const invitations = await queryTestDatabase('SELECT id FROM institution_invitations WHERE email = $1', [
      target,
    ]);
    expect(invitations).toHaveLength(1);
  });

  it('holds an institution to its hourly number of invitations, even when they arrive at once', async () => {
    const institutionId = await createTestInstitution('flood');
    const owner = await member(api, institutionId, 'owner', 'flood-owner');
    const targets = Array.from({ length: 9 }, (_, index) => uniqueEmail(`flood${index}`, 'example.test'));
    const answers = await Promise.all(targets.map((email) => invite(owner, institutionId, email, 'viewer')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body.message).toMatch(
      /^This institution has sent 6 invitations in the last hour\. Try again in \d+ minutes\.$/,
    );
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    const queued = await queryTestDatabase(
      "SELECT id FROM mail_outbox WHERE org_id = $1 AND kind = 'invitation'",
      [institutionId],
    );
    expect(queued).toHaveLength(6);
  });

  it('limits campaign test sends per person', async () => {
    const person = await signInFreshUser(api, 'tester');
    const campaign = await person.agent
      .post('/api/crm/email-campaigns')
      .send({ name: 'Quota', subject: 'Hello {{first_name}}', body: 'Hi {{first_name}}' })
      .expect(201);
    await person.agent.post(`/api/crm/email-campaigns/${campaign.body.id}/test`).expect(202);
    await person.agent.post(`/api/crm/email-campaigns/${campaign.body.id}/test`).expect(202);
    const refused = await person.agent.post(`/api/crm/email-campaigns/${campaign.body.id}/test`).expect(429);
    expect(refused.body.message).toMatch(
      /^You have sent 2 test messages in the last hour\. Try again in \d+ minutes\.$/,
    );
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const tests = await queryTestDatabase(
      "SELECT id FROM mail_outbox WHERE kind = 'test' AND created_by = $1",
      [person.userId],
    );
    expect(tests).toHaveLength(2);
  });

  it('limits password-reset requests per address, known or not, and the answer tells nothing', async () => {
    const known = await signInFreshUser(api, 'resetter');
    const [user] = await queryTestDatabase<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      known.userId,
    ]);
    const unknown = uniqueEmail('nobody', 'example.test');
    for (const email of [user?.email, unknown]) {
      for (let attempt = 0; attempt < 3; attempt += 1)
        await request(api.url).post('/api/auth/password-reset').send({ email }).expect(202);
      const refused = await request(api.url).post('/api/auth/password-reset').send({ email }).expect(429);
      expect(refused.body.message).toMatch(
        /^Too many requests for this e-mail address\. Try again in \d+ minutes\.$/,
      );
    }
    const resets = await eventually(async () => {
      const rows = await queryTestDatabase(
        "SELECT id FROM mail_outbox WHERE kind = 'password_reset' AND recipient = $1",
        [user?.email],
      );
      return rows.length === 3 ? rows : undefined;
    });
    expect(resets).toHaveLength(3);
    expect(await countTo(unknown)).toBe(0);
  });
});
