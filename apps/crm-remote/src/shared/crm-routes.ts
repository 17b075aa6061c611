/**
 * The CRM module's pages, relative to its base path: crm.tsx and leads/lead-routes.tsx route
 * exactly these, and the e2e reachability journey (tools/e2e/tests/navigation-reachability.spec.ts)
 * checks that a link leads to each.
 */
export const CRM_ROUTES = {
  contacts: 'contacts',
  companies: 'companies',
  company: 'companies/:companyId',
  deals: 'deals',
  deal: 'deals/:dealId',
  activities: 'activities',
  imports: 'imports',
  duplicates: 'duplicates',
  campaigns: 'campaigns',
  newCampaign: 'campaigns/new',
  campaign: 'campaigns/:campaignId',
  editCampaign: 'campaigns/:campaignId/edit',
  forms: 'forms',
  newForm: 'forms/new',
  form: 'forms/:formId',
  sequences: 'sequences',
  newSequence: 'sequences/new',
  sequence: 'sequences/:sequenceId',
  editSequence: 'sequences/:sequenceId/edit',
  leads: 'leads/*',
  analytics: 'analytics',
  products: 'products',
} as const;

/** The lead screens, relative to `<crm>/leads`. */
export const LEAD_ROUTES = {
  scores: 'scores',
  capture: 'capture',
  qualification: 'qualification',
  leadQualification: ':leadId/qualification',
  lead: ':leadId',
} as const;

/** Every CRM page as a path pattern under the base path ('' is the Enhanced CRM page). */
export function crmPagePatterns(): string[] {
  return [
    '',
    ...Object.values(CRM_ROUTES).map((path) => path.replace(/\/\*$/, '')),
    ...Object.values(LEAD_ROUTES).map((path) => `leads/${path}`),
  ];
}
