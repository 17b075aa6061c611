import { LEAD_SOURCES } from '@tessera/data-access/contracts';
import {
  atCompany,
  COMPANIES,
  type CrmDraw,
  type CrmSeed,
  daysAgo,
  domain,
  FIRST_NAMES,
  insertRows,
  LAST_NAMES,
  POSITIONS,
  type Row,
} from '../common/crm-seed-rows';

const CONTACTS_PER_INSTITUTION = 84;
const CONTACT_STATUSES_SEEDED = [
  'active',
  'active',
  'active',
  'inactive',
  'new',
  'contacted',
  'qualified',
  'proposal',
] as const;
const CONTACT_SOURCES_SEEDED = [...LEAD_SOURCES, 'cold_call', 'social', 'email'];
/**
 * Contacts: the first half are leads that became contacts (same e-mail: the score tag lands on
 * them).
 */
export function buildContacts(seed: CrmDraw, leads: Row[]): { contacts: Row[]; customFields: Row[] } {
  const { org_id, ownerAt, random, today } = seed;
  const contacts: Row[] = [];
  for (let index = 0; index < CONTACTS_PER_INSTITUTION; index += 1) {
    const fromLead = index < CONTACTS_PER_INSTITUTION / 2 ? leads[index * 2] : undefined;
    const first = (fromLead?.first_name as string) ?? random.pick(FIRST_NAMES);
    const last = (fromLead?.last_name as string) ?? random.pick(LAST_NAMES);
    const company = (fromLead?.company as string | null) ?? random.pick(COMPANIES);
    const contact: Row = {
      org_id,
      owner_id: ownerAt(index + 1),
      first_name: first,
      last_name: last,
      email:
        (fromLead?.email as string | null) ??
        (random.chance(0.9) ? `${first}.${last}.c${index}@${domain(company)}`.toLowerCase() : null),
      phone: random.chance(0.75) ? `+1 555 ${String(random.int(1000, 9999))}` : null,
      company: random.chance(0.85) ? company : null,
      title: random.pick(POSITIONS),
      status: random.pick(CONTACT_STATUSES_SEEDED),
      lead_source: random.pick(CONTACT_SOURCES_SEEDED),
      tags: random.chance(0.2) ? ['vip'] : [],
      created_at: daysAgo(today, random.int(0, 119), random),
    };
    // A lead who became a contact keeps the lead's company and address, and became a contact after
    // being a lead; anyone else's address is at the company they work for (the draws above stay, so
    // every later choice of the seed is where it was).
    if (fromLead) {
      contact.company = fromLead.company ?? null;
      const leadSince = (fromLead.created_at as Date).getTime();
      if ((contact.created_at as Date).getTime() < leadSince) contact.created_at = new Date(leadSince);
    } else {
      contact.email = atCompany(contact.email as string | null, contact.company as string | null);
    }
    contacts.push(contact);
  }
  // A custom field names its contact by index until the contacts have ids.
  const customFields: Row[] = [];
  contacts.forEach((_, contact_index) => {
    if (contact_index % 4 !== 0) return;
    customFields.push(
      {
        contact_index,
        field_name: 'Preferred channel',
        field_value: random.pick(['email', 'phone', 'video']),
        field_type: 'text',
      },
      {
        contact_index,
        field_name: 'Employees',
        field_value: String(random.int(5, 2000)),
        field_type: 'number',
      },
      {
        contact_index,
        field_name: 'Newsletter',
        field_value: String(random.chance(0.5)),
        field_type: 'boolean',
      },
    );
  });
  return { contacts, customFields };
}

export async function insertContacts(
  seed: CrmSeed,
  { contacts, customFields }: { contacts: Row[]; customFields: Row[] },
): Promise<string[]> {
  const contactIds = await insertRows(seed.manager, 'crm_contacts', contacts);
  await insertRows(
    seed.manager,
    'crm_contact_custom_fields',
    customFields.map(({ contact_index, ...field }) => ({
      ...field,
      contact_id: contactIds[contact_index as number],
    })),
  );
  return contactIds;
}
