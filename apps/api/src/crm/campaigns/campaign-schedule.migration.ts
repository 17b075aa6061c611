import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Scheduled campaigns (docs/product/campaigns.md): `send_at` is when a `scheduled` campaign is sent
 * by its job. A campaign marked scheduled before there was a time to send it had no job either: it
 * goes back to draft, so it can be scheduled for real.
 */
export class CampaignSchedule1733510000000 implements MigrationInterface {
  name = 'CampaignSchedule1733510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE crm_email_campaigns ADD COLUMN send_at timestamptz');
    await q.query(`UPDATE crm_email_campaigns SET status = 'draft' WHERE status = 'scheduled'`);
    await q.query(`
      ALTER TABLE crm_email_campaigns
        ADD CONSTRAINT crm_email_campaigns_schedule_check
          CHECK ((status = 'scheduled') = (send_at IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE crm_email_campaigns DROP CONSTRAINT crm_email_campaigns_schedule_check');
    await q.query('ALTER TABLE crm_email_campaigns DROP COLUMN send_at');
  }
}
