import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ACCESS_CHANGED_CHANNEL } from './access-decisions';

/** The tables an access decision is made of (access.service.ts, institutionAccess). */
const ACCESS_TABLES = ['institutions', 'institution_members', 'member_module_access'];

/*
 * Any change to what an access decision is made of — by the API, the platform console, a seed or
 * a hand-run UPDATE — announces itself, so every API process drops its cached decisions at once
 * (access-decisions.ts). Statement triggers: one notice per statement, merged per transaction.
 */
export class AccessChanges1733500100000 implements MigrationInterface {
  name = 'AccessChanges1733500100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION tessera_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${ACCESS_CHANGED_CHANNEL}', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of ACCESS_TABLES) {
      await q.query(`
        CREATE TRIGGER ${table}_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_access_changed()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ACCESS_TABLES)
      await q.query(`DROP TRIGGER IF EXISTS ${table}_access_changed ON ${table}`);
    await q.query('DROP FUNCTION IF EXISTS tessera_access_changed()');
  }
}
