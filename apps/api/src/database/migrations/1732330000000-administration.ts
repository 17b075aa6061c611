import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Platform administration and subscriptions (docs/product/administration.md, docs/product/subscriptions.md, docs/product/platform-console.md): pending invitations, the audit log,
 * invoices and the payment method on file per institution, and per-institution remote pins.
 */
export class Administration1732330000000 implements MigrationInterface {
  name = 'Administration1732330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE institution_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (institution_id, email)
      )`);
    await q.query(`CREATE INDEX institution_invitations_email_idx ON institution_invitations (email)`);

    await q.query(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        actor_email text,
        action text NOT NULL,
        target text NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_institution_idx ON audit_log (institution_id, created_at DESC)`);

    await q.query(`CREATE SEQUENCE invoice_number_seq START 1001`);
    await q.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        number text NOT NULL UNIQUE DEFAULT ('INV-' || nextval('invoice_number_seq')),
        from_plan_id text REFERENCES plans(id),
        to_plan_id text NOT NULL REFERENCES plans(id),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency text NOT NULL DEFAULT 'USD',
        card_brand text NOT NULL,
        card_last4 text NOT NULL CHECK (card_last4 ~ '^[0-9]{4}$'),
        charge_id text NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX invoices_institution_idx ON invoices (institution_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE payment_methods (
        institution_id uuid PRIMARY KEY REFERENCES institutions(id) ON DELETE CASCADE,
        brand text NOT NULL,
        last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
        exp_year integer NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE institution_remote_pins (
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        remote_key text NOT NULL CHECK (remote_key IN ('crm', 'industry')),
        version text NOT NULL CHECK (version ~ '^[0-9A-Za-z][0-9A-Za-z.+-]*$'),
        pinned_by uuid REFERENCES users(id) ON DELETE SET NULL,
        pinned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (institution_id, remote_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'institution_remote_pins',
      'payment_methods',
      'invoices',
      'audit_log',
      'institution_invitations',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP SEQUENCE IF EXISTS invoice_number_seq`);
  }
}
