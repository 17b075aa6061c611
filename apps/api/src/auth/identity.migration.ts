import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Visible sessions and two-factor sign-in (docs/product/sign-in-and-sessions.md). A session is a
 * refresh-token family: its row says where it was opened and when it was last used. Two-factor
 * secrets and recovery codes live beside the user; institutions may require two-factor.
 */
export class Identity1733700000000 implements MigrationInterface {
  name = 'Identity1733700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        user_agent text,
        ip text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz
      )`);
    await q.query('CREATE INDEX auth_sessions_open_idx ON auth_sessions (user_id) WHERE ended_at IS NULL');

    await q.query(`
      CREATE TABLE user_two_factor (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret text,
        pending_secret text,
        enabled_at timestamptz,
        -- The time step of the last code accepted: a code is good once, and never an older one after it.
        last_used_step bigint,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE two_factor_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);
    await q.query(`ALTER TABLE institutions ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false`);
    // Whether a member has two-factor on is part of their access decision in an institution that
    // requires it: a change announces itself like the other access tables (access-changes.migration.ts).
    await q.query(`
      CREATE TRIGGER user_two_factor_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_two_factor
      FOR EACH STATEMENT EXECUTE FUNCTION tessera_access_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE institutions DROP COLUMN require_two_factor');
    await q.query('DROP TABLE two_factor_recovery_codes');
    await q.query('DROP TABLE user_two_factor');
    await q.query('DROP TABLE auth_sessions');
  }
}
