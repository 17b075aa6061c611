import { useTestApi } from '../test/test-fixture';
import { institutionHeader, newInstitution, newPerson, type TestPerson } from './identity-test-people';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('sessions a person can see and end', () => {
  const { api } = useTestApi([]);

  /** A second browser of the same person. */
  async function browserOf(person: TestPerson, userAgent: string): Promise<TestPerson> {
    const other = { ...person, agent: (await newPerson(api, 'unused')).agent };
    other.agent.set('User-Agent', userAgent);
    await other.agent
      .post('/api/auth/sign-in')
      .send({ email: person.email, password: person.password })
      .expect(200);
    return other;
  }

  it('lists each session with its device, address and times, and ends one at once', async () => {
    const person = await newPerson(api, 'sessions');
    const laptop = await browserOf(person, CHROME_MAC);
    const desktop = await browserOf(person, FIREFOX_LINUX);

    const listed = await laptop.agent.get('/api/auth/sessions').expect(200);
    expect(listed.body).toHaveLength(2);
    const mine = listed.body.find((session: { current: boolean }) => session.current);
    const other = listed.body.find((session: { current: boolean }) => !session.current);
    expect(mine).toMatchObject({ device: 'Chrome on macOS', ip: '127.0.0.1' });
    expect(other).toMatchObject({ device: 'Firefox on Linux', ip: '127.0.0.1' });
    expect(Date.parse(mine.created_at)).not.toBeNaN();
    expect(Date.parse(mine.last_used_at)).not.toBeNaN();

    // A refresh counts as use.
    const before = mine.last_used_at;
    await laptop.agent.post('/api/auth/refresh').expect(200);
    const after = (await laptop.agent.get('/api/auth/sessions').expect(200)).body.find(
      (session: { current: boolean }) => session.current,
    );
    expect(after.id).toBe(mine.id);
    expect(Date.parse(after.last_used_at)).toBeGreaterThanOrEqual(Date.parse(before));

    await desktop.agent.get('/api/auth/user').expect(200);
    await laptop.agent.delete(`/api/auth/sessions/${other.id}`).expect(204);
    // Refused from the next request on, and its refresh token is dead too.
    await desktop.agent.get('/api/auth/user').expect(401);
    await desktop.agent.post('/api/auth/refresh').expect(401);
    expect(
      (await laptop.agent.get('/api/auth/sessions').expect(200)).body.map((s: { id: string }) => s.id),
    ).toEqual([mine.id]);
    // Once over, or someone else's: not found. A malformed id: 400.
    await laptop.agent.delete(`/api/auth/sessions/${other.id}`).expect(404);
    await laptop.agent.delete('/api/auth/sessions/not-a-uuid').expect(400);
    const stranger = await newPerson(api, 'stranger');
    await stranger.agent
      .post('/api/auth/sign-in')
      .send({ email: stranger.email, password: stranger.password });
    await stranger.agent.delete(`/api/auth/sessions/${mine.id}`).expect(404);
    await laptop.agent.get('/api/auth/user').expect(200);
  });

  it('ends every other session and keeps the current one', async () => {
    const person = await newPerson(api, 'others');
    const owner = await newPerson(api, 'others-owner');
    const institution = await newInstitution([
      [owner, 'owner'],
      [person, 'member'],
    ]);
    const laptop = await browserOf(person, CHROME_MAC);
    const desktop = await browserOf(person, FIREFOX_LINUX);
    const phone = await browserOf(
      person,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    );
    const ended = await laptop.agent.post('/api/auth/sessions/end-others').expect(200);
    expect(ended.body).toEqual({ ended: 2 });
    await desktop.agent.get('/api/auth/user').expect(401);
    await phone.agent.get('/api/auth/user').expect(401);
    await laptop.agent.get('/api/auth/user').expect(200);
    expect((await laptop.agent.get('/api/auth/sessions').expect(200)).body).toHaveLength(1);

    await owner.agent
      .post('/api/auth/sign-in')
      .send({ email: owner.email, password: owner.password })
      .expect(200);
    const audit = await owner.agent
      .get('/api/administration/audit')
      .set(institutionHeader(institution))
      .expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'session.ended',
      actor_email: person.email,
      target: 'every other session',
      details: { ended: 2 },
    });
  });

  it('lets owners and admins end every session of a member, but only owners an owner’s', async () => {
    const owner = await newPerson(api, 'admin-owner');
    const admin = await newPerson(api, 'admin-admin');
    const member = await newPerson(api, 'admin-member');
    const institution = await newInstitution([
      [owner, 'owner'],
      [admin, 'admin'],
      [member, 'member'],
    ]);
    const headers = institutionHeader(institution);
    for (const person of [owner, admin, member]) {
      await person.agent
        .post('/api/auth/sign-in')
        .send({ email: person.email, password: person.password })
        .expect(200);
    }
    await member.agent.post(`/api/administration/members/${admin.id}/end-sessions`).set(headers).expect(403);
    await admin.agent.post(`/api/administration/members/${owner.id}/end-sessions`).set(headers).expect(403);
    const outsider = await newPerson(api, 'admin-outsider');
    await admin.agent
      .post(`/api/administration/members/${outsider.id}/end-sessions`)
      .set(headers)
      .expect(404);

    const ended = await admin.agent
      .post(`/api/administration/members/${member.id}/end-sessions`)
      .set(headers)
      .expect(200);
    expect(ended.body).toEqual({ ended: 1 });
    await member.agent.get('/api/auth/user').expect(401);
    await owner.agent.get('/api/auth/user').expect(200);

    const audit = await owner.agent.get('/api/administration/audit').set(headers).expect(200);
    expect(audit.body[0]).toMatchObject({
      action: 'sessions.ended_by_admin',
      actor_email: admin.email,
      target: member.email,
      details: { ended: 1 },
    });
  });
});
