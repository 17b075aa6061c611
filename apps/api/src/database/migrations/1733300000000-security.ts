import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Safe-to-deploy: per-account attempt counters shared by every API process, sessions ended before
 * their access token expires (so a process that starts later still refuses them), and one row per
 * plan-change payment so a charge is never lost between the provider and the plan change.
 */
export class Security1733300000000 implements MigrationInterface {
  name = 'Security1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth_throttle (
        key text PRIMARY KEY,
        hits integer NOT NULL CHECK (hits >= 0),
        window_started_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE revoked_sessions (
        session_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        revoked_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX revoked_sessions_expires_idx ON revoked_sessions (expires_at)`);
    // Set by a password change: refresh tokens issued before it are refused.
    await q.query(`ALTER TABLE users ADD COLUMN sessions_revoked_at timestamptz`);

    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 200),
        plan_id text NOT NULL REFERENCES plans(id),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency text NOT NULL,
        status text NOT NULL CHECK (status IN
          ('pending', 'declined', 'charged', 'applied', 'failed_needs_refund', 'refunded')),
        charge_id text,
        invoice_id uuid REFERENCES invoices(id) ON DELETE SET NULL,
        result jsonb,
        error text,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (institution_id, idempotency_key)
      )`);
    // Operators look for charges that never became a plan change.
    await q.query(
      `CREATE INDEX payments_attention_idx ON payments (status, updated_at) WHERE status IN ('charged', 'failed_needs_refund')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payments');
    await q.query('ALTER TABLE users DROP COLUMN sessions_revoked_at');
    await q.query('DROP TABLE revoked_sessions');
    await q.query('DROP TABLE auth_throttle');
  }
}
