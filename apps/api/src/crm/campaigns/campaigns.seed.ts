import { type CrmSeed, DAY_MS, insertRows } from '../common/crm-seed-rows';

/** Campaigns: one sent (with its email activities), one scheduled, one draft. */
export async function seedCampaigns(seed: CrmSeed): Promise<void> {
  const { manager, org_id, ownerAt, today } = seed;
  const [sentCampaign] = await insertRows(manager, 'crm_email_campaigns', [
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Spring product launch',
      subject: 'Meet the new pipeline board',
      body: 'Drag deals between stages and see your forecast update live.',
      status: 'sent',
      audience: JSON.stringify({ status: 'active' }),
      sent_at: new Date(today.getTime() - 10 * DAY_MS),
      recipients_count: 0,
      // Named in the first row: insertRows takes its columns from it.
      send_at: null,
      created_at: new Date(today.getTime() - 12 * DAY_MS),
    },
    {
      org_id,
      owner_id: ownerAt(1),
      name: 'Q3 webinar invitation',
      subject: 'Join our live CRM webinar',
      body: 'Forty minutes, real pipelines, your questions.',
      status: 'scheduled',
      send_at: new Date(today.getTime() + 7 * DAY_MS),
      audience: JSON.stringify({ tags: ['vip'] }),
      created_at: new Date(today.getTime() - 4 * DAY_MS),
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Customer newsletter',
      subject: 'What is new this month',
      body: null,
      status: 'draft',
      audience: JSON.stringify({}),
      created_at: new Date(today.getTime() - 1 * DAY_MS),
    },
  ]);
  const sentAt = new Date(today.getTime() - 10 * DAY_MS);
  await manager.query(
    `WITH sent AS (
       INSERT INTO crm_activities (org_id, owner_id, contact_id, campaign_id, type, subject, description, status, completed_at, created_at)
       SELECT c.org_id, $2, c.id, $3, 'email', 'Meet the new pipeline board', 'Campaign email to ' || c.email, 'completed', $4, $4
         FROM crm_contacts c
        WHERE c.org_id = $1 AND c.email IS NOT NULL AND c.status = 'active'
       RETURNING 1
     )
     UPDATE crm_email_campaigns SET recipients_count = (SELECT count(*) FROM sent) WHERE id = $3`,
    [org_id, ownerAt(0), sentCampaign, sentAt],
  );
}
