import type { DemoInstitutionSlug, DemoSeedContext, DemoSeeder } from '../database/seed/demo-seed-context';
import { seedActivities } from './activities/activities.seed';
import { seedAutomationRules } from './automation/automation.seed';
import { seedCampaigns } from './campaigns/campaigns.seed';
import { crmSeed } from './common/crm-seed-rows';
import { seedCompanies } from './companies/companies.seed';
import { seedContacts } from './contacts/contacts.seed';
import { seedDeals } from './deals/deals.seed';
import { seedLeads } from './leads/leads.seed';
import { seedScoringRules } from './scoring/scoring.seed';
import { seedSegments } from './segments/segments.seed';
import { seedWorkflows } from './workflows/workflows.seed';

/*
 * CRM demo data per demo institution: leads, contacts (some with custom fields), deals over all
 * six stages, activities, campaigns (one sent), automation rules, the built-in scoring rules,
 * workflows with execution logs and the three segments of docs/product/leads.md#segments. Each feature seeds its own
 * rows (`<feature>/<feature>.seed.ts`); the order below is part of the data, since every choice
 * comes from the one seeded random sequence.
 */
async function seedInstitution(context: DemoSeedContext, slug: DemoInstitutionSlug): Promise<void> {
  const owners = context.owners[slug];
  if (owners.length === 0) return;
  const seed = crmSeed(context, context.institutions[slug].id, owners);
  const { leads, leadIds } = await seedLeads(seed);
  const { contacts, contactIds } = await seedContacts(seed, leads);
  const companyIds = await seedCompanies(seed, contacts);
  const { deals, dealIds } = await seedDeals(seed, contacts, contactIds, companyIds);
  await seedActivities(seed, deals, dealIds, contactIds, contacts);
  await seedCampaigns(seed);
  await seedAutomationRules(seed);
  await seedScoringRules(seed);
  await seedWorkflows(seed, leadIds);
  await seedSegments(seed);
  // Scores come from the database function, so the demo shows exactly what Refresh Scores would.
  await seed.manager.query('SELECT recalculate_lead_scores($1, NULL)', [seed.org_id]);
}

export const seedDemoCrm: DemoSeeder = async (context) => {
  for (const slug of ['acme', 'northwind', 'globex'] as const) {
    await seedInstitution(context, slug);
  }
};
