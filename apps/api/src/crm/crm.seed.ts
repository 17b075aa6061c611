import { leadScoreFactors, weightedLeadScore } from '@tessera/data-access/contracts';
import type { DemoInstitutionSlug, DemoSeedContext, DemoSeeder } from '../database/seed/demo-seed-context';
import { buildActivities, insertActivities } from './activities/activities.seed';
import { seedAutomationRules } from './automation/automation.seed';
import { seedCampaigns } from './campaigns/campaigns.seed';
import { type CrmDraw, crmSeed, type Row } from './common/crm-seed-rows';
import { buildCompanies, insertCompanies } from './companies/companies.seed';
import { buildContacts, insertContacts } from './contacts/contacts.seed';
import { buildDeals, insertDeals } from './deals/deals.seed';
import { seedGoals } from './goals/goals.seed';
import { buildLeads, insertLeads } from './leads/leads.seed';
import { seedScoringRules } from './scoring/scoring.seed';
import { seedSegments } from './segments/segments.seed';
import { seedSequences } from './sequences/sequences.seed';
import { seedWorkflows } from './workflows/workflows.seed';

/*
 * CRM demo data per demo institution: leads, contacts (some with custom fields), deals over all
 * six stages, activities, campaigns (one sent), automation rules, the built-in scoring rules,
 * workflows with execution logs and the three segments of docs/product/leads.md#segments. Each feature seeds its own
 * rows (`<feature>/<feature>.seed.ts`); the order below is part of the data, since every choice
 * comes from the one seeded random sequence.
 */

/** The people, companies, deals and activities of one institution, rows referring to each other by index. */
export interface CrmDemoRows {
  leads: Row[];
  contacts: Row[];
  customFields: Row[];
  companies: Row[];
  deals: Row[];
  activities: Row[];
}

/** Completed e-mail activities per address (lower case), as the lead score counts them. */
export function completedEmailsByAddress(
  rows: Pick<CrmDemoRows, 'contacts' | 'activities'>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const activity of rows.activities) {
    if (activity.type !== 'email' || activity.status !== 'completed' || activity.contact_index == null)
      continue;
    const email = (rows.contacts[activity.contact_index as number]?.email as string | null) ?? null;
    if (email) counts.set(email.toLowerCase(), (counts.get(email.toLowerCase()) ?? 0) + 1);
  }
  return counts;
}

/**
 * Builds one institution's CRM demo rows without a database, drawing from the seeded random sequence
 * in the seed's order; each lead carries the score the rules give it from its fields and the e-mails
 * sent to it.
 */
export function buildCrmDemo(draw: CrmDraw): CrmDemoRows {
  const leads = buildLeads(draw);
  const { contacts, customFields } = buildContacts(draw, leads);
  const companies = buildCompanies(draw, contacts);
  const deals = buildDeals(draw, contacts);
  const activities = buildActivities(draw, deals, contacts);
  const emails = completedEmailsByAddress({ contacts, activities });
  for (const lead of leads) {
    const sent = emails.get(String(lead.email ?? '').toLowerCase()) ?? 0;
    lead.lead_score = weightedLeadScore(leadScoreFactors(lead, sent));
  }
  return { leads, contacts, customFields, companies, deals, activities };
}

async function seedInstitution(context: DemoSeedContext, slug: DemoInstitutionSlug): Promise<void> {
  const owners = context.owners[slug];
  if (owners.length === 0) return;
  const seed = crmSeed(context, context.institutions[slug].id, owners);
  const rows = buildCrmDemo(seed);
  const leadIds = await insertLeads(seed, rows.leads);
  const contactIds = await insertContacts(seed, rows);
  const companyIds = await insertCompanies(seed, rows.companies);
  const dealIds = await insertDeals(seed, rows.deals, contactIds, companyIds);
  await insertActivities(seed, rows.activities, dealIds, contactIds);
  await seedCampaigns(seed);
  await seedAutomationRules(seed);
  await seedScoringRules(seed);
  await seedWorkflows(seed, leadIds);
  await seedSegments(seed);
  await seedGoals(seed);
  await seedSequences(seed);
  // The database function gives the same scores (the API test checks) and tags the contacts with them.
  await seed.manager.query('SELECT recalculate_lead_scores($1, NULL)', [seed.org_id]);
}

export const seedDemoCrm: DemoSeeder = async (context) => {
  for (const slug of ['acme', 'northwind', 'globex'] as const) {
    await seedInstitution(context, slug);
  }
};
