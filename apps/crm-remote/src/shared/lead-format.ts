import type {
  BudgetRange,
  CompanySize,
  Industry,
  LeadSource,
  Timeline,
} from '@tessera/data-access/contracts';

/**
 * Display rules the lead screens share (Smart Leads, scoring panel, capture, qualification,
 * lead detail): names, initials and the labels of the enumerations in docs/product/leads.md#the-lead-record.
 */

export const CRM_BASE_PATH = '/modules/crm';
export const leadPath = (id: string): string => `${CRM_BASE_PATH}/leads/${encodeURIComponent(id)}`;
export const leadQualificationPath = (id?: string): string =>
  id
    ? `${CRM_BASE_PATH}/leads/${encodeURIComponent(id)}/qualification`
    : `${CRM_BASE_PATH}/leads/qualification`;
export const captureLeadPath = `${CRM_BASE_PATH}/leads/capture`;
export const scoringRulesPath = `${CRM_BASE_PATH}/leads?tab=scoring`;
export const dealPath = (id: string): string => `${CRM_BASE_PATH}/deals/${encodeURIComponent(id)}`;

export function leadName(lead: { first_name?: string | null; last_name?: string | null }): string {
  return [lead.first_name, lead.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** Up to two letters: first and last name's initials. */
export function leadInitials(lead: { first_name?: string | null; last_name?: string | null }): string {
  const letters = [lead.first_name, lead.last_name].map((part) => part?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

/** `social_media` → `Social Media`. */
export function titleCase(value: string | null | undefined): string {
  return (value ?? '')
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export const INDUSTRY_LABELS: Record<Industry, string> = {
  technology: 'Technology',
  healthcare: 'Healthcare',
  finance: 'Finance',
  education: 'Education',
  retail: 'Retail',
  manufacturing: 'Manufacturing',
  other: 'Other',
};

export const COMPANY_SIZE_LABELS: Record<CompanySize, string> = {
  '1-10': '1-10 employees',
  '11-50': '11-50 employees',
  '51-200': '51-200 employees',
  '201-1000': '201-1000 employees',
  '1000+': '1000+ employees',
};

export const BUDGET_RANGE_LABELS: Record<BudgetRange, string> = {
  under_5k: 'Under $5K',
  '5k-10k': '$5K - $10K',
  '10k-25k': '$10K - $25K',
  '25k-50k': '$25K - $50K',
  '50k+': '$50K+',
};

export const TIMELINE_LABELS: Record<Timeline, string> = {
  immediate: 'Immediate',
  '1-3_months': '1-3 months',
  '3-6_months': '3-6 months',
  '6-12_months': '6-12 months',
  not_sure: 'Not sure',
};

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  website: 'Website',
  referral: 'Referral',
  social_media: 'Social Media',
  email_campaign: 'Email Campaign',
  trade_show: 'Trade Show',
  google_search: 'Google Search',
  other: 'Other',
  web_form: 'Web form',
};

/** A lead's source for display: the capture form's label, the filter word, else Unknown Source. */
export function leadSourceLabel(lead: { lead_source?: string | null; source?: string | null }): string {
  const source = lead.lead_source ?? lead.source;
  if (!source) return 'Unknown Source';
  return LEAD_SOURCE_LABELS[source as LeadSource] ?? titleCase(source);
}

export const percent1 = (value: number): string => `${value.toFixed(1)}%`;
