import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Campaigns that really send (docs/product/campaigns.md): a `sending` state while the messages are
 * on their way, the figures of the delivery, unsubscribed contacts, and the keys that make a
 * delivery job safe to run again after a crash.
 */
export class CampaignDelivery1733200000000 implements MigrationInterface {
  name = 'CampaignDelivery1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE crm_email_campaigns DROP CONSTRAINT crm_email_campaigns_status_check');
    await q.query(`
      ALTER TABLE crm_email_campaigns
        ADD CONSTRAINT crm_email_campaigns_status_check
          CHECK (status IN ('draft', 'scheduled', 'sending', 'sent')),
        ADD COLUMN send_requested_at timestamptz,
        ADD COLUMN send_requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN delivery_total integer CHECK (delivery_total >= 0),
        ADD COLUMN delivery_queued_at timestamptz,
        ADD COLUMN delivery_error text,
        ADD CONSTRAINT crm_email_campaigns_sending_check
          CHECK (status NOT IN ('sending', 'sent') OR send_requested_at IS NOT NULL OR sent_at IS NOT NULL)`);

    // By address within a scope: the same person kept twice is unsubscribed once for all.
    await q.query('ALTER TABLE crm_contacts ADD COLUMN unsubscribed_at timestamptz');
    await q.query(
      'CREATE INDEX crm_contacts_unsubscribed_idx ON crm_contacts (org_id, lower(email)) WHERE unsubscribed_at IS NOT NULL',
    );

    // One email activity per campaign recipient, however often the completion runs.
    await q.query(
      'CREATE UNIQUE INDEX crm_activities_campaign_contact_key ON crm_activities (campaign_id, contact_id) WHERE campaign_id IS NOT NULL',
    );

    // A workflow runs once per triggering event (an e-mail's first open), even if its job reruns.
    await q.query('ALTER TABLE crm_workflow_executions ADD COLUMN event_key text');
    await q.query(
      'CREATE UNIQUE INDEX crm_workflow_executions_event_key ON crm_workflow_executions (workflow_id, event_key) WHERE event_key IS NOT NULL',
    );

    // Progress counts and "anything still queued?" per campaign, without reading every message.
    await q.query(
      'CREATE INDEX mail_outbox_campaign_status_idx ON mail_outbox (campaign_id, status) WHERE campaign_id IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS mail_outbox_campaign_status_idx');
    await q.query('DROP INDEX IF EXISTS crm_workflow_executions_event_key');
    await q.query('ALTER TABLE crm_workflow_executions DROP COLUMN IF EXISTS event_key');
    await q.query('DROP INDEX IF EXISTS crm_activities_campaign_contact_key');
    await q.query('DROP INDEX IF EXISTS crm_contacts_unsubscribed_idx');
    await q.query('ALTER TABLE crm_contacts DROP COLUMN IF EXISTS unsubscribed_at');
    await q.query(`UPDATE crm_email_campaigns SET status = 'draft' WHERE status = 'sending'`);
    await q.query(`
      ALTER TABLE crm_email_campaigns
        DROP CONSTRAINT crm_email_campaigns_sending_check,
        DROP CONSTRAINT crm_email_campaigns_status_check,
        DROP COLUMN send_requested_at,
        DROP COLUMN send_requested_by,
        DROP COLUMN delivery_total,
        DROP COLUMN delivery_queued_at,
        DROP COLUMN delivery_error,
        ADD CONSTRAINT crm_email_campaigns_status_check CHECK (status IN ('draft', 'scheduled', 'sent'))`);
  }
}
