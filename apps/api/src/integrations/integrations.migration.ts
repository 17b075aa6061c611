import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../access/row-level-security';

/*
 * API keys and webhooks (docs/adr/0015-integrations.md). A key is stored as its SHA-256 only; its
 * rate-limit window lives on its row, so the one statement that authenticates a request also counts
 * it, for every process. A webhook delivery keeps the exact body it signs, so every attempt sends the
 * same bytes; `claimed_until` keeps two attempts of one delivery from sending at once.
 */
export class Integrations1733620000000 implements MigrationInterface {
  name = 'Integrations1733620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        prefix text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0),
        created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        window_started_at timestamptz NOT NULL DEFAULT now(),
        window_hits integer NOT NULL DEFAULT 0
      )`);
    await q.query('CREATE INDEX api_keys_institution_idx ON api_keys (institution_id, created_at DESC)');
    await enableTenantRowSecurity(q, 'api_keys', { kind: 'institution' });

    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        secret text NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        enabled boolean NOT NULL DEFAULT true,
        disabled_at timestamptz,
        disabled_reason text,
        failing_since timestamptz
      )`);
    await q.query(
      'CREATE INDEX webhook_endpoints_live_idx ON webhook_endpoints (institution_id) WHERE enabled',
    );
    await enableTenantRowSecurity(q, 'webhook_endpoints', { kind: 'institution' });

    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        response_status integer,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        retry_window_started_at timestamptz NOT NULL DEFAULT now(),
        last_attempt_at timestamptz,
        delivered_at timestamptz,
        claimed_until timestamptz,
        UNIQUE (endpoint_id, event_id)
      )`);
    await q.query(
      'CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC)',
    );
    await enableTenantRowSecurity(q, 'webhook_deliveries', { kind: 'institution' });

    // Owners are told by e-mail when an endpoint is disabled.
    await q.query('ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check');
    await q.query(`
      ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
        CHECK (kind IN ('invitation', 'password_reset', 'campaign', 'automation', 'direct', 'test', 'webhook'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM mail_outbox WHERE kind = 'webhook'");
    await q.query('ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check');
    await q.query(`
      ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
        CHECK (kind IN ('invitation', 'password_reset', 'campaign', 'automation', 'direct', 'test'))`);
    await q.query('DROP TABLE webhook_deliveries');
    await q.query('DROP TABLE webhook_endpoints');
    await q.query('DROP TABLE api_keys');
  }
}
