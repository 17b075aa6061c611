import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ALL_TENANTS_ROLE, RUNTIME_ROLE } from '../database/database-roles';
import { institutionIds, queryTestDatabase, testDatabaseUrl } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';

/** The run's database as one of the API's logins (the test server trusts local connections). */
function loginUrl(role: string): string {
  const url = new URL(testDatabaseUrl());
  url.username = role;
  url.password = '';
  return url.toString();
}

/*
 * The logins the API works as (docs/adr/0016-identity.md): whatever SQL an injected statement runs on
 * a tenant's connection, it cannot get the owner's rights, another role's, or every tenant's rows.
 */
describe('the runtime role', () => {
  const { api } = useTestApi([]);
  let client: Client;

  async function refused(sql: string, pattern: RegExp): Promise<void> {
    await client.query('SAVEPOINT attempt');
    await expect(client.query(sql)).rejects.toThrow(pattern);
    await client.query('ROLLBACK TO SAVEPOINT attempt');
  }

  async function count(table: string): Promise<number> {
    return Number((await client.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
  }

  beforeEach(async () => {
    client = new Client({ connectionString: loginUrl(RUNTIME_ROLE) });
    await client.connect();
    await client.query('BEGIN');
  });
  afterEach(async () => {
    await client.query('ROLLBACK');
    await client.end();
  });

  it('is what the API logs in as, and is neither a superuser nor exempt from row-level security', async () => {
    const dataSource = api.app.get(DataSource);
    const [who] = await dataSource.query('SELECT session_user AS login, current_user AS role');
    expect(who).toEqual({ login: RUNTIME_ROLE, role: 'tessera_app' });
    const [role] = await queryTestDatabase<{ rolsuper: boolean; rolbypassrls: boolean; rolinherit: boolean }>(
      'SELECT rolsuper, rolbypassrls, rolinherit FROM pg_roles WHERE rolname = $1',
      [RUNTIME_ROLE],
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolinherit: false });
    const owned = await queryTestDatabase(
      `SELECT c.relname FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner
       WHERE r.rolname IN ($1, $2, 'tessera_app', 'tessera_app_personal') AND c.relnamespace = 'public'::regnamespace`,
      [RUNTIME_ROLE, ALL_TENANTS_ROLE],
    );
    expect(owned).toEqual([]);
  });

  it('reads nothing as itself, so RESET ROLE gives back no rights', async () => {
    await refused('SELECT count(*) FROM crm_deals', /permission denied/);
    await client.query('SET ROLE tessera_app');
    expect(await count('crm_deals')).toBe(0);
    await client.query('RESET ROLE');
    await refused('SELECT count(*) FROM crm_deals', /permission denied/);
    await client.query('SET ROLE tessera_app');
    await client.query('SET SESSION AUTHORIZATION DEFAULT');
    await refused('SELECT count(*) FROM users', /permission denied/);
  });

  it('cannot become the owner or the all-tenants role', async () => {
    const [owner] = await queryTestDatabase<{ owner: string }>(
      `SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relname = 'crm_deals'`,
    );
    for (const target of [owner?.owner ?? 'postgres', ALL_TENANTS_ROLE, 'postgres']) {
      await refused(`SET ROLE ${target}`, /permission denied to set role/);
      await refused(`SET SESSION AUTHORIZATION ${target}`, /permission denied to set session authorization/);
    }
    await client.query('SET ROLE tessera_app');
    await refused(`SET ROLE ${ALL_TENANTS_ROLE}`, /permission denied to set role/);
  });

  it('opens no more than one tenant with any setting a statement can make', async () => {
    const [all] = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_leads');
    const [acme] = Object.values(await institutionIds());
    await client.query('SET ROLE tessera_app');
    // The flag the policies used to trust is gone: setting it shows nothing.
    await client.query(`SELECT set_config('tessera.system', 'on', false)`);
    expect(await count('crm_leads')).toBe(0);
    await client.query(`SELECT set_config('tessera.institution_id', $1, false)`, [acme]);
    const one = await count('crm_leads');
    expect(one).toBeLessThan(Number(all?.count));
    const policies = await queryTestDatabase<{ tablename: string }>(
      `SELECT tablename FROM pg_policies WHERE qual LIKE '%tessera.system%' OR with_check LIKE '%tessera.system%'`,
    );
    expect(policies).toEqual([]);
  });

  it('can change no table’s definition and empty no table', async () => {
    await client.query('SET ROLE tessera_app');
    await refused('CREATE TABLE stolen (id int)', /permission denied for schema public/);
    await refused('ALTER TABLE crm_deals DISABLE ROW LEVEL SECURITY', /must be owner/);
    await refused('DROP POLICY tenant_rows ON crm_deals', /must be owner/);
    await refused('DROP TABLE crm_deals', /must be owner/);
    await refused('TRUNCATE crm_deals', /permission denied/);
    await refused('TRUNCATE users', /permission denied/);
    await client.query('RESET ROLE');
    await refused('CREATE TABLE stolen (id int)', /permission denied for schema public/);
  });

  it('can change no definition of the job queue and empty none of its tables, yet works its jobs', async () => {
    const owned = await queryTestDatabase(
      `SELECT c.relname FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner
       WHERE r.rolname IN ($1, $2, 'tessera_app', 'tessera_app_personal') AND c.relnamespace = 'pgboss'::regnamespace
       UNION ALL
       SELECT n.nspname FROM pg_namespace n JOIN pg_roles r ON r.oid = n.nspowner
       WHERE n.nspname = 'pgboss' AND r.rolname IN ($1, $2, 'tessera_app', 'tessera_app_personal')`,
      [RUNTIME_ROLE, ALL_TENANTS_ROLE],
    );
    expect(owned).toEqual([]);
    await client.query('SET ROLE tessera_app');
    await refused('ALTER TABLE pgboss.job ADD COLUMN stolen int', /must be owner/);
    await refused('ALTER TABLE pgboss.queue DISABLE TRIGGER ALL', /must be owner/);
    await refused('CREATE TABLE pgboss.stolen (id int)', /permission denied for schema pgboss/);
    await refused('DROP TABLE pgboss.job', /must be owner/);
    await refused('DROP FUNCTION pgboss.create_queue(text, jsonb)', /must be owner/);
    await refused('TRUNCATE pgboss.job', /permission denied/);
    await refused('TRUNCATE pgboss.queue', /permission denied/);
    // What pg-boss needs at run time stays: its queues are readable and its jobs writable.
    expect(await count('pgboss.queue')).toBeGreaterThan(0);
    await client.query(`UPDATE pgboss.job SET data = data WHERE false`);
    await client.query('RESET ROLE');
    await refused('TRUNCATE pgboss.job', /permission denied/);
  });

  it('leaves every tenant to the all-tenants login, which can change no definition either', async () => {
    const allTenants = new Client({ connectionString: loginUrl(ALL_TENANTS_ROLE) });
    await allTenants.connect();
    try {
      const [all] = await queryTestDatabase<{ count: string }>('SELECT count(*) FROM crm_leads');
      expect(Number((await allTenants.query('SELECT count(*) FROM crm_leads')).rows[0].count)).toBe(
        Number(all?.count),
      );
      await expect(allTenants.query('TRUNCATE crm_leads')).rejects.toThrow(/permission denied/);
      await expect(allTenants.query('ALTER TABLE crm_leads DISABLE ROW LEVEL SECURITY')).rejects.toThrow(
        /must be owner/,
      );
      await expect(allTenants.query('SET ROLE postgres')).rejects.toThrow(/permission denied to set role/);
    } finally {
      await allTenants.end();
    }
  });
});
