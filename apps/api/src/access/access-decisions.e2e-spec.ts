import { createTestApp, queryTestDatabase, signIn, type TestApp } from '../test/test-app';

/**
 * Access decisions are kept in each API process's memory; a change must still take effect at once
 * everywhere: in the process that made it, in every other process (NOTIFY from a trigger), and
 * when the change did not come through the API at all.
 */
describe('cached access decisions', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  async function eventually(check: () => Promise<boolean>): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never became true');
  }

  it('applies a level change at once in the process that made it and soon in another', async () => {
    const owner = await signIn(first, 'demo@acme.test');
    const member = await signIn(first, 'jordan.kim@acme.test');
    const onSecond = await signIn(second, 'jordan.kim@acme.test');
    const deals = (session: typeof member) =>
      session.agent.get('/api/crm/deals?limit=1').set(session.headers('acme'));
    // Both processes have decided (and kept) the member's access.
    expect((await deals(member)).status).toBe(200);
    expect((await deals(onSecond)).status).toBe(200);

    const path = `/api/administration/members/${member.userId}/modules/crm`;
    await owner.agent.put(path).set(owner.headers('acme')).send({ level: 'none' }).expect(204);
    try {
      expect((await deals(member)).status).toBe(403);
      await eventually(async () => (await deals(onSecond)).status === 403);
    } finally {
      await owner.agent.put(path).set(owner.headers('acme')).send({ level: null }).expect(204);
    }
    expect((await deals(member)).status).toBe(200);
    await eventually(async () => (await deals(onSecond)).status === 200);
  });

  it('notices a change made outside the API (an operator’s UPDATE)', async () => {
    const member = await signIn(second, 'jordan.kim@acme.test');
    const acme = member.institutions.acme;
    const deals = () => member.agent.get('/api/crm/deals?limit=1').set(member.headers('acme'));
    expect((await deals()).status).toBe(200);
    await queryTestDatabase(`UPDATE institutions SET status = 'suspended' WHERE id = $1`, [acme]);
    try {
      await eventually(async () => (await deals()).status === 403);
    } finally {
      await queryTestDatabase(`UPDATE institutions SET status = 'active' WHERE id = $1`, [acme]);
    }
    await eventually(async () => (await deals()).status === 200);
  });
});
