import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { institutionIds, queryTestDatabase, testDatabaseUrl } from '../test/test-app';
import { TENANT_TABLES } from './row-level-security.migration';
import { bindPoolToTenantContext } from './tenant-connection';
import { runAsSystem, runInTenantContext } from './tenant-context';

/**
 * Row-level security beneath the scope layer: the database itself hides other tenants' rows from
 * the role the API works as, whatever a query forgets. (The tests run after the suite's global
 * setup has migrated and seeded the run's database.)
 */
describe('row-level security for the app role', () => {
  let client: Client;

  async function asApp<T extends Record<string, unknown>>(
    settings: { institution?: string; user?: string; personal?: boolean },
    sql: string,
    params: unknown[] = [],
  ): Promise<T[]> {
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL ROLE ${settings.personal ? 'tessera_app_personal' : 'tessera_app'}`);
      if (settings.institution)
        await client.query(`SELECT set_config('tessera.institution_id', $1, true)`, [settings.institution]);
      if (settings.user)
        await client.query(`SELECT set_config('tessera.user_id', $1, true)`, [settings.user]);
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.query('ROLLBACK');
    }
  }

  beforeAll(async () => {
    client = new Client({ connectionString: testDatabaseUrl() });
    await client.connect();
  });
  afterAll(() => client.end());

  it('shows no CRM rows to the app role without a tenant context', async () => {
    const [owner] = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_deals');
    expect(Number(owner?.count)).toBeGreaterThan(0);
    const [app] = await asApp<{ count: string }>({}, 'SELECT count(*) FROM crm_deals');
    expect(Number(app?.count)).toBe(0);
  });

  it('shows an institution context its own rows only, and refuses to write rows of another', async () => {
    const ids = await institutionIds();
    const [first, second] = Object.values(ids);
    const seen = await asApp<{ org_id: string | null }>(
      { institution: first },
      'SELECT DISTINCT org_id FROM crm_leads',
    );
    expect(seen.map((row) => row.org_id)).toEqual(seen.length ? [first] : []);
    await expect(
      asApp(
        { institution: first },
        `INSERT INTO crm_deals (org_id, owner_id, title) SELECT $1, id, 'x' FROM users LIMIT 1`,
        [second],
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('shows a personal context only the caller’s rows without an institution', async () => {
    const [owner] = await queryTestDatabase<{ owner_id: string }>(
      'SELECT owner_id FROM crm_leads WHERE org_id IS NULL LIMIT 1',
    );
    const [someone] = await queryTestDatabase<{ id: string }>('SELECT id FROM users LIMIT 1');
    const user = owner?.owner_id ?? someone?.id ?? '';
    const rows = await asApp<{ org_id: string | null; owner_id: string }>(
      { user, personal: true },
      'SELECT org_id, owner_id FROM crm_leads',
    );
    for (const row of rows) expect(row).toEqual({ org_id: null, owner_id: user });
    // The personal role with an institution named anyway still sees none of the institution's rows
    // unless it works as the app role in that institution's context.
    const [first] = Object.values(await institutionIds());
    const mixed = await asApp<{ org_id: string | null }>(
      { user, personal: true },
      'SELECT org_id FROM crm_leads WHERE org_id IS NOT NULL',
    );
    expect(mixed).toEqual([]);
    expect(first).toBeDefined();
  });

  it('covers every table that holds an institution’s or a person’s rows', async () => {
    const tables = await queryTestDatabase<{ table_name: string; rls: boolean }>(
      `SELECT c.table_name, k.relrowsecurity AS rls
         FROM information_schema.columns c JOIN pg_class k ON k.relname = c.table_name
        WHERE c.table_schema = 'public' AND c.column_name IN ('org_id', 'institution_id')
          AND c.table_name NOT IN ('institutions')
        GROUP BY c.table_name, k.relrowsecurity ORDER BY c.table_name`,
    );
    expect(tables.filter((table) => !table.rls).map((table) => table.table_name)).toEqual([]);
    const policies = await queryTestDatabase<{ tablename: string }>(
      `SELECT DISTINCT tablename FROM pg_policies WHERE policyname = 'tenant_rows'`,
    );
    const covered = policies.map((policy) => policy.tablename);
    for (const table of tables) expect(covered).toContain(table.table_name);
    for (const table of Object.keys(TENANT_TABLES)) expect(covered).toContain(table);
  });

  it('gives each pooled connection the context of the code that asks for it', async () => {
    const ids = await institutionIds();
    const [first] = Object.values(ids);
    const dataSource = new DataSource({
      type: 'postgres',
      url: testDatabaseUrl(),
      poolSize: 2,
      entities: [],
    });
    await dataSource.initialize();
    try {
      // The fallback of the embedded database: one login, switching to the all-tenants role for system work.
      bindPoolToTenantContext((dataSource.driver as unknown as { master: import('pg').Pool }).master);
      const [who] = await dataSource.query('SELECT current_user AS role');
      expect(who.role).toBe('tessera_app');
      const count = async () => Number((await dataSource.query('SELECT count(*) FROM crm_deals'))[0].count);
      expect(await count()).toBe(0);
      const [all] = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_deals');
      const [mine] = await queryTestDatabase<{ count: string }>(
        'SELECT count(*) FROM crm_deals WHERE org_id = $1',
        [first],
      );
      // Many at once: each query sees its own context though they share two connections.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          index % 3 === 0
            ? runInTenantContext(
                { institutionId: first ?? null, userId: '00000000-0000-0000-0000-000000000000' },
                count,
              )
            : index % 3 === 1
              ? runAsSystem('test', count)
              : count(),
        ),
      );
      expect(results).toEqual(
        results.map((_, index) =>
          index % 3 === 0 ? Number(mine?.count) : index % 3 === 1 ? Number(all?.count) : 0,
        ),
      );
    } finally {
      await dataSource.destroy();
    }
  });
});
