import {
  type Contact,
  contactScore,
  type Deal,
  filterSourceOf,
  LEAD_STAGE_DEAL_STAGES,
  segmentOfScore,
} from '@tessera/data-access/contracts';
import type { CrmFilters } from './crm-tab-props';

/** A deal's segment follows its win probability (no probability counts as cold). */
export function dealMatchesFilters(
  deal: Pick<Deal, 'stage' | 'lead_source' | 'probability'>,
  filters: CrmFilters,
): boolean {
  if (filters.source && filterSourceOf(deal.lead_source) !== filters.source) return false;
  if (filters.stage && !LEAD_STAGE_DEAL_STAGES[filters.stage].includes(deal.stage ?? 'prospecting'))
    return false;
  if (filters.segment && segmentOfScore(deal.probability ?? 0) !== filters.segment) return false;
  return true;
}

/** A contact's stage is its status when that is a lead stage (set by pipeline moves). */
export function contactMatchesFilters(contact: Contact, filters: CrmFilters): boolean {
  if (filters.source && filterSourceOf(contact.lead_source) !== filters.source) return false;
  if (filters.stage && contact.status !== filters.stage) return false;
  if (filters.segment && segmentOfScore(contactScore(contact)) !== filters.segment) return false;
  return true;
}

/** docs/product/contacts.md#contact-search: case-insensitive over first name, last name, email, company or phone. */
export function contactMatchesSearch(
  contact: Pick<Contact, 'first_name' | 'last_name' | 'email' | 'company' | 'phone'>,
  text: string,
): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [contact.first_name, contact.last_name, contact.email, contact.company, contact.phone].some(
    (value) => (value ?? '').toLowerCase().includes(needle),
  );
}

export const activeFilterCount = (filters: CrmFilters): number =>
  [filters.segment, filters.source, filters.stage].filter(Boolean).length;
