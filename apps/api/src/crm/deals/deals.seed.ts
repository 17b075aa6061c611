import {
  DEAL_STAGES,
  type DealStage,
  dealStatusForStage,
  LEAD_SOURCES,
} from '@tessera/data-access/contracts';
import type { SeededRandom } from '@tessera/data-access/contracts';
import { type CrmSeed, DAY_MS, daysAgo, insertRows, isoDate, type Row } from '../common/crm-seed-rows';

const DEALS_PER_INSTITUTION = 42;
const PROBABILITY: Record<DealStage, number> = {
  prospecting: 10,
  qualification: 25,
  proposal: 50,
  negotiation: 75,
  closed_won: 100,
  closed_lost: 0,
};
const DEAL_NAMES = [
  'Platform rollout',
  'Annual licence',
  'Pilot project',
  'Support renewal',
  'Analytics add-on',
  'Team expansion',
  'Data migration',
];
/** Close dates around today: overdue, today, tomorrow, and later, for the card badges. */
const CLOSE_OFFSETS = [-12, -3, 0, 1, 4, 9, 21, 45, 75];

/** A stable, random-looking uuid for accounts (which have no table of their own yet). */
function accountId(random: SeededRandom): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Deals: every stage seven times; some without contact or account; close dates around today. */
export async function seedDeals(
  seed: CrmSeed,
  contacts: Row[],
  contactIds: string[],
): Promise<{ deals: Row[]; dealIds: string[] }> {
  const { manager, org_id, ownerAt, random, today } = seed;
  const deals: Row[] = [];
  for (let index = 0; index < DEALS_PER_INSTITUTION; index += 1) {
    const stage = DEAL_STAGES[index % DEAL_STAGES.length] as DealStage;
    const created = daysAgo(today, random.int(5, 120), random);
    const closed = stage === 'closed_won' || stage === 'closed_lost';
    const contactIndex = random.int(0, contactIds.length - 1);
    const contact = contacts[contactIndex] as Row;
    deals.push({
      org_id,
      owner_id: ownerAt(index),
      name: `${(contact.company as string | null) ?? 'Direct'} — ${random.pick(DEAL_NAMES)}`,
      description: random.chance(0.8)
        ? 'Scope agreed on the last call; waiting for the buyer’s numbers.'
        : null,
      amount: random.int(20, 1500) * 100,
      currency: 'USD',
      probability: random.chance(0.9) ? PROBABILITY[stage] : null,
      stage,
      status: dealStatusForStage(stage),
      account_id: index % 3 === 0 ? null : accountId(random),
      contact_id: index % 5 === 0 ? null : contactIds[contactIndex],
      expected_close_date:
        index % 7 === 6
          ? null
          : isoDate(
              new Date(today.getTime() + (CLOSE_OFFSETS[index % CLOSE_OFFSETS.length] as number) * DAY_MS),
            ),
      lead_source: random.pick(LEAD_SOURCES),
      closed_at: closed
        ? new Date(Math.min(today.getTime(), created.getTime() + random.int(3, 60) * DAY_MS))
        : null,
      created_at: created,
    });
  }
  const dealIds = await insertRows(manager, 'crm_deals', deals);
  return { deals, dealIds };
}
