import { type CrmDraw, type CrmSeed, DAY_MS, daysAgo, insertRows, type Row } from '../common/crm-seed-rows';

/**
 * Activities: calls, emails, meetings, tasks and stage changes; some pending with due dates. An
 * activity names its deal and contact by index (`deal_index`, `contact_index`) until they have ids.
 */
export function buildActivities(seed: CrmDraw, deals: Row[], contacts: Row[]): Row[] {
  const { org_id, ownerAt, random, today } = seed;
  const activities: Row[] = [];
  // Things that happened, in the order they happened: after the deal opened, by its close at the
  // latest, and never later than today.
  const latest = (deal: Row) =>
    Math.min(today.getTime(), ((deal.closed_at as Date | null) ?? today).getTime());
  const happened = (deal: Row, at: number) => new Date(Math.min(at, latest(deal)));
  deals.forEach((deal, deal_index) => {
    const created = deal.created_at as Date;
    if (deal.stage !== 'prospecting') {
      // The move to its present stage: when it closed, or a day after it opened.
      const moved = deal.closed_at ? (deal.closed_at as Date) : happened(deal, created.getTime() + DAY_MS);
      activities.push({
        org_id,
        owner_id: deal.owner_id,
        deal_index,
        contact_index: deal.contact_index,
        type: 'stage_change',
        subject: `Stage changed from Prospecting to ${String(deal.stage).replace('_', ' ')}`,
        status: 'completed',
        completed_at: moved,
        created_at: moved,
      });
    }
    for (const type of ['call', 'email', 'meeting'] as const) {
      if (!random.chance(0.6)) continue;
      const when = happened(deal, created.getTime() + random.int(1, 4) * DAY_MS);
      activities.push({
        org_id,
        owner_id: deal.owner_id,
        deal_index,
        contact_index: deal.contact_index,
        type,
        subject: { call: 'Discovery call', email: 'Sent pricing overview', meeting: 'Demo meeting' }[type],
        description: 'Notes from the conversation are in the deal description.',
        status: 'completed',
        completed_at: when,
        created_at: when,
      });
    }
  });
  contacts.forEach((contact, index) => {
    if (index % 3 !== 0) return;
    const drawnDue = today.getTime() + random.int(-5, 14) * DAY_MS;
    const activity: Row = {
      org_id,
      owner_id: ownerAt(index),
      contact_index: index,
      type: random.pick(['task', 'call'] as const),
      subject: random.pick(['Send follow-up', 'Check in after trial', 'Book a demo', 'Confirm budget']),
      status: 'pending',
      due_date: null,
      created_at: daysAgo(today, random.int(1, 20), random),
    };
    // Planned once the person was a contact, and due after it was planned.
    const since = (contact.created_at as Date).getTime();
    const created = Math.max((activity.created_at as Date).getTime(), since);
    activity.created_at = new Date(created);
    activity.due_date = new Date(Math.max(drawnDue, created + DAY_MS));
    activities.push(activity);
  });
  return activities;
}

export async function insertActivities(
  seed: CrmSeed,
  activities: Row[],
  dealIds: string[],
  contactIds: string[],
): Promise<void> {
  await insertRows(
    seed.manager,
    'crm_activities',
    activities.map(({ deal_index, contact_index, ...activity }) => ({
      ...activity,
      deal_id: deal_index === undefined ? undefined : dealIds[deal_index as number],
      contact_id: contact_index === null ? null : contactIds[contact_index as number],
    })),
  );
}
