import { COMPANY_SIZES, INDUSTRIES } from '@tessera/data-access/contracts';
import {
  type CrmDraw,
  type CrmSeed,
  companyProfile,
  domain,
  insertRows,
  type Row,
} from '../common/crm-seed-rows';

/** Streets for the demo addresses (no randomness: the seeds before keep their sequence). */
const STREETS = ['Harbor Way', 'Market Street', 'Elm Avenue', 'King Road', 'Station Square', 'Mill Lane'];

/**
 * Companies for the names the demo contacts carry (docs/product/companies.md), each contact linked
 * to its company. Answers the company ids by name, for the deals (deals/deals.seed.ts). Draws
 * nothing from the seeded random sequence, so every other demo row stays as it was.
 */
export function buildCompanies(seed: CrmDraw, contacts: Row[]): Row[] {
  const { org_id, ownerAt, createdAt } = seed;
  const names = [...new Set(contacts.map((contact) => contact.company as string | null))]
    .filter((name): name is string => Boolean(name))
    .sort();
  return names.map((name, index) => ({
    org_id,
    owner_id: ownerAt(index),
    name,
    domain: domain(name),
    // Each demo company's own industry and size (crm-names.ts); a name from elsewhere takes turns.
    industry: companyProfile(name)?.industry ?? INDUSTRIES[index % INDUSTRIES.length],
    size: companyProfile(name)?.size ?? COMPANY_SIZES[(index * 3) % COMPANY_SIZES.length],
    phone: `+1 555 ${String(2000 + index * 37)}`,
    address: `${10 + index * 7} ${STREETS[index % STREETS.length]}, Springfield`,
    created_at: createdAt(names.length - index),
  }));
}

/** Inserts the companies and links each contact to its company by name; answers the ids by name. */
export async function insertCompanies(seed: CrmSeed, companies: Row[]): Promise<Map<string, string>> {
  const { manager, org_id } = seed;
  const ids = await insertRows(manager, 'crm_companies', companies);
  await manager.query(
    `UPDATE crm_contacts k SET company_id = c.id FROM crm_companies c
      WHERE k.org_id = $1 AND c.org_id = $1 AND c.name = k.company`,
    [org_id],
  );
  return new Map(companies.map((company, index) => [company.name as string, ids[index] as string]));
}
