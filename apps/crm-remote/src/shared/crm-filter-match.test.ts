import type { Contact, Deal } from '@tessera/data-access/contracts';
import {
  activeFilterCount,
  contactMatchesFilters,
  contactMatchesSearch,
  dealMatchesFilters,
} from './crm-filter-match';

const none = { segment: null, source: null, stage: null };
const contact = (overrides: Partial<Contact>): Contact =>
  ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@engines.test',
    phone: '+44 20 7946 0000',
    company: 'Analytical Engines',
    status: 'active',
    lead_source: 'website',
    tags: [],
    ...overrides,
  }) as Contact;

describe('contact search (docs/product/contacts.md#contact-search)', () => {
  it('matches first name, last name, email, company or phone, ignoring case', () => {
    const c = contact({});
    expect(contactMatchesSearch(c, 'ADA')).toBe(true);
    expect(contactMatchesSearch(c, 'lovelace')).toBe(true);
    expect(contactMatchesSearch(c, 'engines.test')).toBe(true);
    expect(contactMatchesSearch(c, 'analytical')).toBe(true);
    expect(contactMatchesSearch(c, '7946')).toBe(true);
    expect(contactMatchesSearch(c, 'babbage')).toBe(false);
    expect(contactMatchesSearch(contact({ email: null, phone: null, company: null }), 'x')).toBe(false);
    expect(contactMatchesSearch(c, '')).toBe(true);
  });
});

describe('filter panel matching', () => {
  it('narrows deals by source, stage and segment', () => {
    const d = { stage: 'negotiation', lead_source: 'social_media', probability: 85 } as Deal;
    expect(dealMatchesFilters(d, none)).toBe(true);
    expect(dealMatchesFilters(d, { ...none, source: 'social' })).toBe(true);
    expect(dealMatchesFilters(d, { ...none, source: 'referral' })).toBe(false);
    expect(dealMatchesFilters(d, { ...none, stage: 'negotiation' })).toBe(true);
    expect(dealMatchesFilters(d, { ...none, stage: 'won' })).toBe(false);
    expect(dealMatchesFilters({ ...d, stage: 'closed_won' }, { ...none, stage: 'won' })).toBe(true);
    expect(dealMatchesFilters(d, { ...none, segment: 'hot' })).toBe(true);
    expect(dealMatchesFilters({ ...d, probability: null }, { ...none, segment: 'cold' })).toBe(true);
  });
  it('narrows contacts by source, status stage and score segment', () => {
    const c = contact({ status: 'qualified', lead_source: 'email_campaign', tags: ['lead_score_91'] });
    expect(contactMatchesFilters(c, { segment: 'hot', source: 'email', stage: 'qualified' })).toBe(true);
    expect(contactMatchesFilters(c, { ...none, stage: 'new' })).toBe(false);
    expect(contactMatchesFilters(contact({}), { ...none, segment: 'warm' })).toBe(true);
    expect(contactMatchesFilters(contact({ company: null }), { ...none, segment: 'cold' })).toBe(true);
  });
  it('counts active filters', () => {
    expect(activeFilterCount(none)).toBe(0);
    expect(activeFilterCount({ segment: 'hot', source: null, stage: 'won' })).toBe(2);
  });
});
