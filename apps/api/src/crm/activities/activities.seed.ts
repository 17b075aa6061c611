import { type CrmSeed, DAY_MS, daysAgo, insertRows, type Row } from '../common/crm-seed-rows';

/** Activities: calls, emails, meetings, tasks and stage changes; some pending with due dates. */
export async function seedActivities(
  seed: CrmSeed,
  deals: Row[],
  dealIds: string[],
  contactIds: string[],
): Promise<void> {
  const { manager, org_id, ownerAt, random, today } = seed;
  const activities: Row[] = [];
  dealIds.forEach((deal_id, index) => {
    const deal = deals[index] as Row;
    const created = deal.created_at as Date;
    if (deal.stage !== 'prospecting') {
      activities.push({
        org_id,
        owner_id: deal.owner_id,
        deal_id,
        contact_id: deal.contact_id,
        type: 'stage_change',
        subject: `Stage changed from Prospecting to ${String(deal.stage).replace('_', ' ')}`,
        status: 'completed',
        completed_at: new Date(created.getTime() + DAY_MS),
        created_at: new Date(created.getTime() + DAY_MS),
      });
    }
    for (const type of ['call', 'email', 'meeting'] as const) {
      if (!random.chance(0.6)) continue;
      const when = new Date(created.getTime() + random.int(1, 4) * DAY_MS);
      activities.push({
        org_id,
        owner_id: deal.owner_id,
        deal_id,
        contact_id: deal.contact_id,
        type,
        subject: { call: 'Discovery call', email: 'Sent pricing overview', meeting: 'Demo meeting' }[type],
        description: 'Notes from the conversation are in the deal description.',
        status: 'completed',
        completed_at: when,
        created_at: when,
      });
    }
  });
  contactIds.forEach((contact_id, index) => {
    if (index % 3 !== 0) return;
    const due = new Date(today.getTime() + random.int(-5, 14) * DAY_MS);
    activities.push({
      org_id,
      owner_id: ownerAt(index),
      contact_id,
      type: random.pick(['task', 'call'] as const),
      subject: random.pick(['Send follow-up', 'Check in after trial', 'Book a demo', 'Confirm budget']),
      status: 'pending',
      due_date: due,
      created_at: daysAgo(today, random.int(1, 20), random),
    });
  });
  await insertRows(manager, 'crm_activities', activities);
}
