import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Old releases can be removed (docs/module-teams.md#7-clean-up-old-releases). Every process keeps the
 * releases it read, as versions never change; a removal is announced on the access channel with the
 * table's name, so each process forgets them. A removed version is remembered: browsers and CDNs
 * cache its URLs for ever, so the number is never published again with other files.
 */
export class ReleaseRemoval1733640000000 implements MigrationInterface {
  name = 'ReleaseRemoval1733640000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE remote_removed_versions (
        remote_key text NOT NULL REFERENCES registry_remotes(key) ON DELETE CASCADE,
        version text NOT NULL,
        removed_by text NOT NULL,
        removed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (remote_key, version)
      )`);
    await q.query(`
      CREATE TRIGGER remote_releases_removed AFTER DELETE OR TRUNCATE ON remote_releases
      FOR EACH STATEMENT EXECUTE FUNCTION tessera_access_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS remote_releases_removed ON remote_releases');
    await q.query('DROP TABLE IF EXISTS remote_removed_versions');
  }
}
