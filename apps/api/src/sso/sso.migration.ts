import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../access/row-level-security';
import { APP_ROLE } from '../access/tenant-connection';

/*
 * Single sign-on per institution (docs/product/sign-in-and-sessions.md#single-sign-on): its provider,
 * the e-mail domains it claims (each by one institution at most), and the provider identities linked
 * to accounts. Which institution claims a domain is asked at sign-in, before any tenant is known:
 * `sso_for_domain` answers that (name, whether passwords are refused), never a row.
 */
export class SingleSignOn1733700200000 implements MigrationInterface {
  name = 'SingleSignOn1733700200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE institution_sso (
        institution_id uuid PRIMARY KEY REFERENCES institutions(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(trim(name)) > 0),
        issuer_url text NOT NULL,
        client_id text NOT NULL,
        client_secret_encrypted text NOT NULL,
        jit_enabled boolean NOT NULL DEFAULT false,
        jit_role text NOT NULL DEFAULT 'member' CHECK (jit_role IN ('admin', 'member', 'viewer')),
        sso_only boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sso_domains (
        domain text PRIMARY KEY CHECK (domain = lower(domain)),
        institution_id uuid NOT NULL REFERENCES institution_sso(institution_id) ON DELETE CASCADE
      )`);
    await q.query('CREATE INDEX sso_domains_institution_idx ON sso_domains (institution_id)');
    await q.query(`
      CREATE TABLE sso_identities (
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (institution_id, subject)
      )`);
    for (const table of ['institution_sso', 'sso_domains', 'sso_identities']) {
      await enableTenantRowSecurity(q, table, { kind: 'institution' });
    }
    await q.query(`
      CREATE FUNCTION sso_for_domain(p_domain text)
        RETURNS TABLE (institution_id uuid, name text, sso_only boolean)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT s.institution_id, s.name, s.sso_only
          FROM sso_domains d JOIN institution_sso s ON s.institution_id = d.institution_id
         WHERE d.domain = lower(p_domain)
      $$`);
    await q.query('REVOKE ALL ON FUNCTION sso_for_domain(text) FROM PUBLIC');
    await q.query(`GRANT EXECUTE ON FUNCTION sso_for_domain(text) TO ${APP_ROLE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION sso_for_domain(text)');
    await q.query('DROP TABLE sso_identities');
    await q.query('DROP TABLE sso_domains');
    await q.query('DROP TABLE institution_sso');
  }
}
