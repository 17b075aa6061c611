import type { MigrationInterface, QueryRunner } from 'typeorm';
import { syncBuiltInCatalogue } from './built-in-catalogue';
import { REGISTRY_TABLES } from './registry-tables';

/**
 * The registry as data (apps/api/src/registry/README.md): remotes, their modules (the catalogue),
 * deploy tokens, and releases stored content-addressed — a file's SHA-256 is its key, so a chunk two
 * releases share is stored once. Releases and blobs are never updated: a version is immutable.
 */
export class Registry1733600000000 implements MigrationInterface {
  name = 'Registry1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE registry_remotes (
        key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9-]{1,39}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        container text NOT NULL UNIQUE,
        built_in boolean NOT NULL DEFAULT false,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE registry_modules (
        id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9-]{1,39}$'),
        remote_key text NOT NULL REFERENCES registry_remotes(key) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        description text NOT NULL DEFAULT '',
        category text NOT NULL CHECK (category IN ('Core Business', 'Business Growth', 'Industry Solutions')),
        premium boolean NOT NULL DEFAULT false,
        submodules jsonb NOT NULL DEFAULT '[]'::jsonb,
        default_levels jsonb NOT NULL DEFAULT '{}'::jsonb,
        position integer NOT NULL,
        built_in boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX registry_modules_remote_idx ON registry_modules (remote_key)');
    await q.query(`
      CREATE TABLE remote_deploy_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        remote_key text NOT NULL REFERENCES registry_remotes(key) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        token_hash text NOT NULL UNIQUE,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE remote_blobs (
        hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
        size integer NOT NULL CHECK (size >= 0),
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE remote_releases (
        remote_key text NOT NULL REFERENCES registry_remotes(key) ON DELETE CASCADE,
        version text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$'),
        files jsonb NOT NULL,
        integrity jsonb NOT NULL,
        bytes bigint NOT NULL,
        published_by text NOT NULL,
        published_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (remote_key, version)
      )`);
    // Modules are part of every access decision (a super admin's levels, a module's defaults), and
    // every process keeps the catalogue: a change is announced on the access channel with its table
    // (access-changes.migration.ts; the trigger function sends TG_TABLE_NAME).
    for (const table of REGISTRY_TABLES) {
      await q.query(`
        CREATE TRIGGER ${table}_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_access_changed()`);
    }
    await syncBuiltInCatalogue((sql, parameters) => q.query(sql, parameters));
    // Canary pins name any registered remote now, not the two built-in keys.
    await q.query(
      'ALTER TABLE institution_remote_pins DROP CONSTRAINT IF EXISTS institution_remote_pins_remote_key_check',
    );
    await q.query(`
      ALTER TABLE institution_remote_pins ADD CONSTRAINT institution_remote_pins_remote_fkey
        FOREIGN KEY (remote_key) REFERENCES registry_remotes(key) ON DELETE CASCADE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE institution_remote_pins DROP CONSTRAINT IF EXISTS institution_remote_pins_remote_fkey',
    );
    await q.query(`DELETE FROM institution_remote_pins WHERE remote_key NOT IN ('crm', 'industry')`);
    await q.query(`
      ALTER TABLE institution_remote_pins ADD CONSTRAINT institution_remote_pins_remote_key_check
        CHECK (remote_key IN ('crm', 'industry'))`);
    for (const table of [
      'remote_releases',
      'remote_blobs',
      'remote_deploy_tokens',
      'registry_modules',
      'registry_remotes',
    ])
      await q.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
  }
}
