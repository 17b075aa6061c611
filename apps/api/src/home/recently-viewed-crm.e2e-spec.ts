import { useTestApi } from '../test/test-fixture';

const VIEWED = '/api/home/recently-viewed';

describe('Recently viewed CRM deals and companies', () => {
  const {
    sessions: [demo, jordan],
  } = useTestApi(['demo@acme.test', 'jordan.kim@acme.test']);
  const acme = () => demo.headers('acme');
  const post = async (path: string, body: Record<string, unknown>) =>
    (await demo.agent.post(path).set(acme()).send(body).expect(201)).body as { id: string };

  it('lists an opened deal and company on the home, newest first, until they are deleted', async () => {
    const tag = `viewed${Date.now()}`;
    const company = await post('/api/crm/companies', { name: `Viewed co ${tag}` });
    const deal = await post('/api/crm/deals', { name: `Viewed deal ${tag}`, amount: 10 });

    await demo.agent.post(VIEWED).set(acme()).send({ entity: 'companies', id: company.id }).expect(204);
    await demo.agent.post(VIEWED).set(acme()).send({ entity: 'deals', id: deal.id }).expect(204);
    const viewed = (await demo.agent.get(VIEWED).set(acme()).expect(200)).body;
    expect(viewed.slice(0, 2)).toEqual([
      expect.objectContaining({
        moduleId: 'crm',
        submoduleId: 'deals',
        recordId: deal.id,
        title: `Viewed deal ${tag}`,
        path: `/modules/crm/deals/${deal.id}`,
      }),
      expect.objectContaining({
        moduleId: 'crm',
        submoduleId: 'companies',
        recordId: company.id,
        title: `Viewed co ${tag}`,
        path: `/modules/crm/companies/${company.id}`,
      }),
    ]);
    // Opening it again moves it up rather than listing it twice.
    await demo.agent.post(VIEWED).set(acme()).send({ entity: 'companies', id: company.id }).expect(204);
    const again = (await demo.agent.get(VIEWED).set(acme()).expect(200)).body as Array<{ recordId: string }>;
    expect(again.slice(0, 2).map((row) => row.recordId)).toEqual([company.id, deal.id]);
    // A colleague's home is their own.
    const theirs = (await jordan.agent.get(VIEWED).set(jordan.headers('acme')).expect(200)).body as Array<{
      recordId: string;
    }>;
    expect(theirs.some((row) => row.recordId === deal.id)).toBe(false);

    await demo.agent.delete(`/api/crm/deals/${deal.id}`).set(acme()).expect(204);
    const after = (await demo.agent.get(VIEWED).set(acme()).expect(200)).body as Array<{ recordId: string }>;
    expect(after.some((row) => row.recordId === deal.id)).toBe(false);
    expect(after[0]?.recordId).toBe(company.id);
  });

  it('refuses an unknown entity, a bad id and a row outside the scope, noting nothing', async () => {
    const bad = await demo.agent.post(VIEWED).set(acme()).send({ entity: 'planets', id: 'x' }).expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['entity', 'id']);
    await demo.agent
      .post(VIEWED)
      .set(acme())
      .send({ entity: 'deals', id: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    // A deal of Acme, named from the caller's personal scope: not found there.
    const deal = await post('/api/crm/deals', { name: `Elsewhere ${Date.now()}`, amount: 1 });
    await demo.agent.post(VIEWED).send({ entity: 'deals', id: deal.id }).expect(404);
  });
});
