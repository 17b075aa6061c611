import type { CompanySize, Industry, LeadStage, LeadStatus } from '../contracts/crm/enums';

/**
 * The people and companies of CRM demo data: the demo seed's leads, contacts and deals and the
 * bulk data tool (tools/generate-crm-data.mjs) draw from these lists.
 */

export const CRM_DEMO_FIRST_NAMES = [
  'Avery',
  'Blake',
  'Casey',
  'Devon',
  'Emery',
  'Finley',
  'Harper',
  'Jamie',
  'Kai',
  'Logan',
  'Morgan',
  'Noel',
  'Parker',
  'Quinn',
  'Reese',
  'Rowan',
  'Sage',
  'Skyler',
  'Tatum',
  'Wren',
] as const;
export const CRM_DEMO_LAST_NAMES = [
  'Adams',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ibrahim',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Patel',
  'Rossi',
  'Silva',
  'Thompson',
  'Nguyen',
] as const;
export const CRM_DEMO_COMPANIES = [
  'Blue Harbor Logistics',
  'Cedar Health',
  'Copperline Finance',
  'Driftwood Retail',
  'Evergreen Schools',
  'Forge Manufacturing',
  'Granite Analytics',
  'Helix Biotech',
  'Ironbridge Capital',
  'Juniper Software',
  'Keystone Realty',
  'Lumen Energy',
  'Maple Foods',
  'Northstar Media',
  'Orchid Travel',
  'Pinnacle Legal',
] as const;

/**
 * What each demo company is: its industry and size fit its name, so a salesperson believes the
 * demo (a logistics firm is not in education). Leads and contacts of a company carry its industry,
 * size and e-mail domain; its deals' amounts fit its size.
 */
export const CRM_DEMO_COMPANY_PROFILES: Record<
  (typeof CRM_DEMO_COMPANIES)[number],
  { industry: Industry; size: CompanySize }
> = {
  'Blue Harbor Logistics': { industry: 'other', size: '201-1000' },
  'Cedar Health': { industry: 'healthcare', size: '201-1000' },
  'Copperline Finance': { industry: 'finance', size: '51-200' },
  'Driftwood Retail': { industry: 'retail', size: '1000+' },
  'Evergreen Schools': { industry: 'education', size: '201-1000' },
  'Forge Manufacturing': { industry: 'manufacturing', size: '1000+' },
  'Granite Analytics': { industry: 'technology', size: '51-200' },
  'Helix Biotech': { industry: 'healthcare', size: '51-200' },
  'Ironbridge Capital': { industry: 'finance', size: '201-1000' },
  'Juniper Software': { industry: 'technology', size: '11-50' },
  'Keystone Realty': { industry: 'other', size: '11-50' },
  'Lumen Energy': { industry: 'other', size: '1000+' },
  'Maple Foods': { industry: 'manufacturing', size: '201-1000' },
  'Northstar Media': { industry: 'other', size: '51-200' },
  'Orchid Travel': { industry: 'other', size: '11-50' },
  'Pinnacle Legal': { industry: 'other', size: '11-50' },
};

/** The range of a deal's amount, in hundreds of dollars, by the size of the company that buys. */
export const CRM_DEMO_DEAL_HUNDREDS: Record<CompanySize, readonly [number, number]> = {
  '1-10': [20, 80],
  '11-50': [40, 250],
  '51-200': [100, 600],
  '201-1000': [300, 1200],
  '1000+': [600, 1500],
};

/** The profile of a demo company by name (null for a name that is not one of them). */
export function crmDemoCompanyProfile(
  name: string | null | undefined,
): { industry: Industry; size: CompanySize } | null {
  return (
    (CRM_DEMO_COMPANY_PROFILES as Record<string, { industry: Industry; size: CompanySize }>)[name ?? ''] ??
    null
  );
}

/** Where a person without a company has their mailbox (never at a company they do not work for). */
export const CRM_DEMO_PERSONAL_MAIL_DOMAIN = 'mail.example';

/** The largest budget a company of a size plausibly names (an index into BUDGET_RANGES). */
export const CRM_DEMO_BUDGET_CEILING: Record<CompanySize, number> = {
  '1-10': 1,
  '11-50': 2,
  '51-200': 3,
  '201-1000': 4,
  '1000+': 4,
};

/**
 * A demo lead's status as its stage says, where a lead the capture score does not qualify
 * (captureStatus: under 60) is never further than contacted, and a lead still at `new` has the
 * status the capture gave it.
 */
export function crmDemoLeadProgress(
  drawnStage: LeadStage,
  captured: 'qualified' | 'new',
): { stage: LeadStage; status: LeadStatus } {
  const stage =
    captured === 'new' && !['new', 'contacted', 'lost'].includes(drawnStage) ? 'contacted' : drawnStage;
  const status: LeadStatus =
    stage === 'new'
      ? captured
      : stage === 'won'
        ? 'converted'
        : stage === 'lost'
          ? 'unqualified'
          : stage === 'contacted'
            ? 'contacted'
            : 'qualified';
  return { stage, status };
}
