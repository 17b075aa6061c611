import {
  DEAL_STAGE_PROBABILITY,
  DEAL_STAGES,
  type DealStage,
  dealStatusForStage,
  LEAD_SOURCES,
} from '@tessera/data-access/contracts';
import {
  type CrmDraw,
  type CrmSeed,
  companyProfile,
  DAY_MS,
  DEAL_HUNDREDS,
  daysAgo,
  insertRows,
  isoDate,
  type Row,
} from '../common/crm-seed-rows';

const DEALS_PER_INSTITUTION = 42;
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

function withCompany(contacts: Row[], index: number): number {
  for (let step = 0; step < contacts.length; step += 1) {
    const candidate = (index + step) % contacts.length;
    if ((contacts[candidate] as Row).company) return candidate;
  }
  return index;
}

function amountRange(company: string | null): readonly [number, number] {
  return DEAL_HUNDREDS[companyProfile(company)?.size ?? '1-10'];
}

/**
 * Deals: every stage seven times; some without contact; close dates around today. A deal names its
 * contact by index (`contact_index`) and its company by name (`company`) until those have ids.
 */
export function buildDeals(seed: CrmDraw, contacts: Row[]): Row[] {
  const { org_id, ownerAt, random, today } = seed;
  const deals: Row[] = [];
  for (let index = 0; index < DEALS_PER_INSTITUTION; index += 1) {
    const stage = DEAL_STAGES[index % DEAL_STAGES.length] as DealStage;
    const drawnCreated = daysAgo(today, random.int(5, 120), random);
    const closed = stage === 'closed_won' || stage === 'closed_lost';
    // A deal is sold to a company: the drawn contact, or the next one who works at one.
    const contactIndex = withCompany(contacts, random.int(0, contacts.length - 1));
    const contact = contacts[contactIndex] as Row;
    // Nobody opens a deal with a person before they are a contact.
    const created = new Date(Math.max(drawnCreated.getTime(), (contact.created_at as Date).getTime()));
    deals.push({
      org_id,
      owner_id: ownerAt(index),
      name: `${(contact.company as string | null) ?? 'Direct'} — ${random.pick(DEAL_NAMES)}`,
      description: random.chance(0.8)
        ? 'Scope agreed on the last call; waiting for the buyer’s numbers.'
        : null,
      // A bigger company buys a bigger deal (crm-names.ts); a deal without a company is a small one.
      amount: random.int(...amountRange(contact.company as string | null)) * 100,
      currency: 'USD',
      probability: random.chance(0.9) ? DEAL_STAGE_PROBABILITY[stage] : null,
      stage,
      status: dealStatusForStage(stage),
      contact_index: index % 5 === 0 ? null : contactIndex,
      // The contact's company, which the deal's name starts with (even for a deal without contact).
      company: contact.company ?? null,
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
  return deals;
}

export function insertDeals(
  seed: CrmSeed,
  deals: Row[],
  contactIds: string[],
  companyIds: Map<string, string>,
): Promise<string[]> {
  return insertRows(
    seed.manager,
    'crm_deals',
    deals.map(({ contact_index, company, ...deal }) => ({
      ...deal,
      contact_id: contact_index === null ? null : contactIds[contact_index as number],
      company_id: companyIds.get(company as string) ?? null,
    })),
  );
}
