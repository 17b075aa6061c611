import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * "SSO only" holds for the whole institution (docs/security.md): a session remembers which
 * institution's single sign-on opened it, and a change of an institution's SSO settings empties
 * every process's cached access decisions (access-decisions.ts), which now carry the rule.
 */
export class SsoOnlySessions1733700400000 implements MigrationInterface {
  name = 'SsoOnlySessions1733700400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE auth_sessions ADD COLUMN sso_institution_id uuid REFERENCES institutions(id) ON DELETE SET NULL',
    );
    await q.query(`
      CREATE TRIGGER institution_sso_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON institution_sso
      FOR EACH STATEMENT EXECUTE FUNCTION tessera_access_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS institution_sso_access_changed ON institution_sso');
    await q.query('ALTER TABLE auth_sessions DROP COLUMN sso_institution_id');
  }
}
