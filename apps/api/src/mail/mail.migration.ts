import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The outbox: every message the product sends is written here in the transaction of the change
 * that causes it, then delivered by a job (docs/product/email.md). pg-boss creates its own schema
 * (`pgboss`) when the API starts; nothing here depends on it.
 */
export class MailOutbox1733000100000 implements MigrationInterface {
  name = 'MailOutbox1733000100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('invitation', 'password_reset', 'campaign', 'automation', 'direct', 'test')),
        recipient text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 320),
        subject text NOT NULL CHECK (length(btrim(subject)) > 0),
        text_body text NOT NULL,
        html_body text,
        -- Messages carrying a sign-in secret (invitation, reset): their body is shown in the product
        -- only while no SMTP server is configured.
        sensitive boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
        transport text CHECK (transport IN ('smtp', 'outbox')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        idempotency_key text UNIQUE,
        tracking_token text NOT NULL UNIQUE,
        campaign_id uuid,
        contact_id uuid,
        created_by uuid,
        opened_at timestamptz,
        clicked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX mail_outbox_org_idx ON mail_outbox (org_id, created_at DESC)');
    await queryRunner.query(
      'CREATE INDEX mail_outbox_campaign_idx ON mail_outbox (campaign_id) WHERE campaign_id IS NOT NULL',
    );
    await queryRunner.query(
      "CREATE INDEX mail_outbox_backlog_idx ON mail_outbox (created_at) WHERE status = 'queued'",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mail_outbox');
  }
}
