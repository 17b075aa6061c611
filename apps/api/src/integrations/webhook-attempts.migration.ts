import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../access/row-level-security';

/*
 * Every attempt of a webhook delivery (docs/api.md#the-delivery-log): written when the attempt claims
 * its delivery, completed with the answer, so an attempt whose process died still shows, without one.
 */
export class WebhookAttempts1733630000000 implements MigrationInterface {
  name = 'WebhookAttempts1733630000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        institution_id uuid NOT NULL REFERENCES institutions(id) ON DELETE CASCADE,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt integer NOT NULL CHECK (attempt > 0),
        started_at timestamptz NOT NULL DEFAULT now(),
        duration_ms integer CHECK (duration_ms >= 0),
        response_status integer,
        error text,
        UNIQUE (delivery_id, attempt)
      )`);
    await enableTenantRowSecurity(q, 'webhook_delivery_attempts', { kind: 'institution' });
    // Deliveries made before this table have their last attempt as their one known attempt.
    await q.query(`
      INSERT INTO webhook_delivery_attempts
             (institution_id, delivery_id, attempt, started_at, response_status, error)
      SELECT institution_id, id, attempts, last_attempt_at, response_status, last_error
        FROM webhook_deliveries WHERE attempts > 0 AND last_attempt_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_delivery_attempts');
  }
}
