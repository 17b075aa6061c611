import type { SearchGroup, SearchHit, SearchResults } from '@tessera/data-access/contracts';
import { queryTestDatabase, type Session, signIn } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';

const SEARCH = '/api/search';

async function search(session: Session, q: string, institution?: string): Promise<SearchResults> {
  const call = session.agent.get(SEARCH).query({ q });
  const response = await (institution ? call.set(session.headers(institution)) : call).expect(200);
  return response.body as SearchResults;
}

function group(results: SearchResults, moduleId: string): SearchGroup | undefined {
  return results.groups.find((candidate) => candidate.module_id === moduleId);
}

function hitIds(results: SearchResults): string[] {
  return results.groups.flatMap((candidate) => candidate.hits.map((hit: SearchHit) => hit.id));
}

describe('search across everything', () => {
  const {
    api,
    sessions: [demo, globex],
  } = useTestApi(['demo@acme.test', 'owner@globex.test']);
  const made: Record<string, string> = {};

  beforeAll(async () => {
    // Creates a row in Acme and answers its id.
    const create = async (path: string, body: object): Promise<string> =>
      (await demo.agent.post(path).set(demo.headers('acme')).send(body).expect(201)).body.id;
    // A person named Quillon, as a contact and a lead take one.
    const quillon = (last_name: string, email: string, company: string) => ({
      first_name: 'Quillon',
      last_name,
      email,
      company,
    });
    made.contact = await create(
      '/api/crm/contacts',
      quillon('Marchetti', 'q.marchetti@zephyrine.test', 'Orbweaver Ltd'),
    );
    made.deal = await create('/api/crm/deals', {
      name: 'Zephyrine renewal',
      amount: 42000,
      stage: 'proposal',
    });
    made.lead = await create(
      '/api/crm/leads',
      quillon('Abernathy', 'quillon@abernathy.test', 'Abernathy Ltd'),
    );
    made.patient = await create('/api/modules/healthcare/patients/records', {
      data: { full_name: 'Quillon Vasquez', date_of_birth: '1980-05-01', status: 'active' },
    });
    // A personal lead of the same name: only the personal scope finds it.
    const personal = await demo.agent
      .post('/api/crm/leads')
      .send({ first_name: 'Quillon', last_name: 'Personal' })
      .expect(201);
    made.personalLead = personal.body.id;
  });

  it('finds records of every readable module by prefix, grouped by module, with their page', async () => {
    const results = await search(demo, 'quil', 'acme');
    const crm = group(results, 'crm');
    const healthcare = group(results, 'healthcare');
    expect(crm?.module_name).toBe('CRM');
    expect(crm?.hits.map((hit) => hit.id).sort()).toEqual([made.contact, made.lead].sort());
    expect(crm?.hits.find((hit) => hit.id === made.lead)).toEqual(
      expect.objectContaining({
        kind: 'lead',
        kind_label: 'Lead',
        title: 'Quillon Abernathy',
        subtitle: 'quillon@abernathy.test · Abernathy Ltd',
        path: `/modules/crm/leads/${made.lead}`,
      }),
    );
    expect(crm?.hits.find((hit) => hit.id === made.contact)?.path).toBe('/modules/crm/contacts');
    expect(healthcare?.hits).toEqual([
      expect.objectContaining({
        id: made.patient,
        kind: 'record',
        kind_label: 'Patient',
        title: 'Quillon Vasquez',
        path: `/modules/healthcare/patients/${made.patient}`,
      }),
    ]);
    expect(hitIds(results)).not.toContain(made.personalLead);
  });

  it('finds CRM companies by name and domain, opening the company’s page', async () => {
    const company = await demo.agent
      .post('/api/crm/companies')
      .set(demo.headers('acme'))
      .send({ name: 'Vexilloid Holdings', domain: 'vexilloid-banners.test', industry: 'retail' })
      .expect(201);
    const byName = group(await search(demo, 'vexil hold', 'acme'), 'crm');
    expect(byName?.hits).toEqual([
      expect.objectContaining({
        id: company.body.id,
        kind: 'company',
        kind_label: 'Company',
        title: 'Vexilloid Holdings',
        subtitle: 'vexilloid-banners.test · Retail',
        path: `/modules/crm/companies/${company.body.id}`,
      }),
    ]);
    expect(hitIds(await search(demo, 'banners', 'acme'))).toEqual([company.body.id]);
    expect(hitIds(await search(globex, 'vexilloid', 'globex'))).toEqual([]);
  });

  it('needs every word, each as a prefix, and matches inside e-mails split at punctuation', async () => {
    expect(hitIds(await search(demo, 'quil marc', 'acme'))).toEqual([made.contact]);
    expect(hitIds(await search(demo, 'Marchetti@zephyrine', 'acme'))).toEqual([made.contact]);
  });

  it('ranks a match on the name above a match on a key field', async () => {
    const crm = group(await search(demo, 'zephyrine', 'acme'), 'crm');
    expect(crm?.hits.map((hit) => hit.id)).toEqual([made.deal, made.contact]);
    expect(crm?.hits[0]).toEqual(
      expect.objectContaining({
        kind: 'deal',
        subtitle: 'Proposal · $42K',
        path: `/modules/crm/deals/${made.deal}`,
      }),
    );
    expect(crm?.hits[0]?.rank).toBeGreaterThan(crm?.hits[1]?.rank ?? 0);
  });

  it('keeps at most five hits per group, best first', async () => {
    const acme = demo.headers('acme');
    for (let index = 0; index < 7; index++) {
      await demo.agent
        .post('/api/modules/healthcare/patients/records')
        .set(acme)
        .send({
          data: { full_name: `Tindalo Patient${index}`, date_of_birth: '1990-01-01', status: 'active' },
        })
        .expect(201);
    }
    const healthcare = group(await search(demo, 'tindalo', 'acme'), 'healthcare');
    expect(healthcare?.hits).toHaveLength(5);
  });

  it('finds the caller’s personal rows without an institution, and nothing of the institution', async () => {
    expect(hitIds(await search(demo, 'quillon'))).toEqual([made.personalLead]);
  });

  it('never shows another institution’s rows', async () => {
    expect((await search(globex, 'quillon', 'globex')).groups).toEqual([]);
    await globex.agent
      .get(SEARCH)
      .query({ q: 'quillon' })
      .set(globex.headers(demo.institutions.acme ?? ''))
      .expect(403);
    expect(hitIds(await search(globex, 'quillon'))).toEqual([]);
  });

  it('leaves out modules the caller may not read', async () => {
    const [jordan] = await queryTestDatabase<{ id: string }>(
      "SELECT id FROM users WHERE email = 'jordan.kim@acme.test'",
    );
    const level = `/api/administration/members/${jordan?.id}/modules/crm`;
    await demo.agent.put(level).set(demo.headers('acme')).send({ level: 'none' }).expect(204);
    try {
      const session = await signIn(api, 'jordan.kim@acme.test');
      const results = await search(session, 'quillon', 'acme');
      expect(group(results, 'crm')).toBeUndefined();
      expect(group(results, 'healthcare')?.hits.map((hit) => hit.id)).toEqual([made.patient]);
    } finally {
      // The test database is shared by every file of the run: give Jordan back the role's level.
      await demo.agent.put(level).set(demo.headers('acme')).send({ level: null }).expect(204);
    }
  });

  it('finds an edited record by its new name only', async () => {
    const acme = demo.headers('acme');
    await demo.agent
      .patch(`/api/modules/healthcare/patients/records/${made.patient}`)
      .set(acme)
      .send({ data: { full_name: 'Wenceslas Vasquez' } })
      .expect(200);
    expect(hitIds(await search(demo, 'wences', 'acme'))).toEqual([made.patient]);
    expect(hitIds(await search(demo, 'quillon vasq', 'acme'))).toEqual([]);
  });

  it('searches nothing for one letter or no words, and refuses missing or overlong text', async () => {
    expect((await search(demo, 'q', 'acme')).groups).toEqual([]);
    expect((await search(demo, '&|!:*', 'acme')).groups).toEqual([]);
    const missing = await demo.agent.get(SEARCH).set(demo.headers('acme')).expect(400);
    expect(JSON.stringify(missing.body)).toContain('q must be text');
    const long = await demo.agent
      .get(SEARCH)
      .query({ q: 'x'.repeat(101) })
      .set(demo.headers('acme'))
      .expect(400);
    expect(JSON.stringify(long.body)).toContain('q must be at most 100 characters');
  });

  it('lets row-level security use the search index: the text match is marked leakproof', async () => {
    // Without it every search reads all rows under the policy (docs/adr/0010: 195 ms at 100,000 records).
    const [match] = await queryTestDatabase<{ proleakproof: boolean }>(
      `SELECT proleakproof FROM pg_proc WHERE oid = 'pg_catalog.ts_match_vq(tsvector, tsquery)'::regprocedure`,
    );
    expect(match?.proleakproof).toBe(true);
  });

  it('documents its answer in OpenAPI', async () => {
    const response = await fetch(`${api.url}/api/docs-json`);
    const document = (await response.json()) as {
      paths: Record<
        string,
        { get?: { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> } }
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const ok = document.paths['/api/search']?.get?.responses['200'];
    expect(ok?.content?.['application/json']?.schema.$ref).toBe('#/components/schemas/SearchResultsResponse');
    expect(Object.keys(document.components.schemas.SearchHitResponse?.properties ?? {})).toEqual(
      expect.arrayContaining(['id', 'kind', 'kind_label', 'title', 'subtitle', 'path', 'rank']),
    );
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(`${api.url}${SEARCH}?q=quillon`);
    expect(response.status).toBe(401);
  });
});
