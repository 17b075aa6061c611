import {
  BUDGET_RANGES,
  captureScore,
  type CaptureFormInput,
  COMPANY_SIZES,
  FILTER_SOURCES,
  INDUSTRIES,
  LEAD_SOURCES,
  LEAD_STAGES,
  type LeadStage,
  TIMELINES,
} from '@tessera/data-access/contracts';
import { crmDemoLeadProgress } from '@tessera/data-access/demo-data';
import {
  atCompany,
  BUDGET_CEILING,
  COMPANIES,
  companyProfile,
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

const LEADS_PER_INSTITUTION = 160;
const PAIN_POINTS = [
  'Our sales team tracks deals in spreadsheets and we lose follow-ups every single week.',
  'Reporting takes days at month end because data lives in five different tools.',
  'Need better visibility',
  'Lead response times are too slow and prospects go cold before anyone calls them back.',
];

/**
 * Leads: every enumeration value appears; created over the last 90 days. Their scores are set once
 * the activities are drawn (crm.seed.ts), since e-mails sent to a lead count.
 */
export function buildLeads(seed: CrmDraw): Row[] {
  const { org_id, ownerAt, random, today } = seed;
  const leads: Row[] = [];
  for (let index = 0; index < LEADS_PER_INSTITUTION; index += 1) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const company = random.pick(COMPANIES);
    const complete = random.chance(0.6);
    const lead: Row = {
      org_id,
      owner_id: ownerAt(index),
      first_name: first,
      last_name: last,
      email: random.chance(0.92) ? `${first}.${last}.${index}@${domain(company)}`.toLowerCase() : null,
      phone: random.chance(0.7) ? `+1 555 ${String(random.int(1000, 9999))}` : null,
      company: random.chance(0.85) ? company : null,
      position: random.chance(0.75) ? random.pick(POSITIONS) : null,
      lead_source: random.chance(0.9) ? random.pick(LEAD_SOURCES) : null,
      source: random.pick(FILTER_SOURCES),
      website: complete ? `https://www.${domain(company)}` : null,
      industry: complete || random.chance(0.5) ? random.pick(INDUSTRIES) : null,
      company_size: complete || random.chance(0.4) ? random.pick(COMPANY_SIZES) : null,
      budget_range: complete || random.chance(0.3) ? random.pick(BUDGET_RANGES) : null,
      timeline: random.chance(0.7) ? random.pick(TIMELINES) : null,
      pain_points: random.chance(0.5) ? random.pick(PAIN_POINTS) : null,
      stage: random.pick(LEAD_STAGES),
      status: random.pick(['new', 'new', 'contacted', 'qualified', 'unqualified'] as const),
      created_at: daysAgo(today, random.int(0, 89), random),
    };
    // A lead knows its company's website, industry and size as they are, or not at all (the draws
    // above stay, so every later choice of the seed is where it was).
    const profile = companyProfile(lead.company as string | null);
    lead.email = atCompany(lead.email as string | null, lead.company as string | null);
    if (!profile) lead.website = null;
    lead.industry = lead.industry && profile ? profile.industry : null;
    lead.company_size = lead.company_size && profile ? profile.size : null;
    // Nobody at a five-person firm names a 50k+ budget.
    const budget = BUDGET_RANGES.indexOf(lead.budget_range as (typeof BUDGET_RANGES)[number]);
    if (budget >= 0 && profile)
      lead.budget_range = BUDGET_RANGES[Math.min(budget, BUDGET_CEILING[profile.size])];
    // Only a lead the capture score qualifies gets past contacted; its status says where it is.
    Object.assign(
      lead,
      crmDemoLeadProgress(lead.stage as LeadStage, captureScore(lead as CaptureFormInput).status),
    );
    leads.push(lead);
  }
  return leads;
}

export function insertLeads(seed: CrmSeed, leads: Row[]): Promise<string[]> {
  return insertRows(seed.manager, 'crm_leads', leads);
}
