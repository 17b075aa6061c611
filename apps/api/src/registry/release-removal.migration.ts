import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Old releases can be removed (docs/module-teams.md#clean-up-old-releases). Every process keeps the
 * releases it read, as versions never change; a removal is announced on the access channel with the
 * table's name, so each process forgets them.
 */
export class ReleaseRemoval1733630000000 implements MigrationInterface {
  name = 'ReleaseRemoval1733630000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TRIGGER remote_releases_removed AFTER DELETE OR TRUNCATE ON remote_releases
      FOR EACH STATEMENT EXECUTE FUNCTION tessera_access_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS remote_releases_removed ON remote_releases');
  }
}
