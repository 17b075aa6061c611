import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, sessions, plans, institutions, memberships, per-module access, personalisation, flags. */
export class Foundation1732233600000 implements MigrationInterface {
  name = 'Foundation1732233600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
        password_hash text,
        first_name text,
        last_name text,
        avatar_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);

    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);

    await q.query(`
      CREATE TABLE plans (
        id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        categories text[] NOT NULL,
        includes_premium boolean NOT NULL DEFAULT false,
        sort_order integer NOT NULL DEFAULT 0
      )`);

    await q.query(`
      CREATE TABLE institutions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(trim(name)) > 0),
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
        plan_id text REFERENCES plans(id),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        modules_included text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE institution_members (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (institution_id, user_id)
      )`);
    await q.query(`CREATE INDEX institution_members_user_idx ON institution_members (user_id, joined_at)`);

    await q.query(`
      CREATE TABLE member_module_access (
        institution_id uuid NOT NULL,
        user_id uuid NOT NULL,
        module_id text NOT NULL,
        level text NOT NULL CHECK (level IN ('none', 'read', 'write', 'admin')),
        PRIMARY KEY (institution_id, user_id, module_id),
        FOREIGN KEY (institution_id, user_id) REFERENCES institution_members (institution_id, user_id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE user_access_control (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        sidebar_pinned text[] NOT NULL DEFAULT '{}',
        recent_modules text[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE feature_flags (
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        key text NOT NULL,
        enabled boolean NOT NULL,
        PRIMARY KEY (institution_id, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'feature_flags',
      'user_access_control',
      'member_module_access',
      'institution_members',
      'institutions',
      'plans',
      'refresh_tokens',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
