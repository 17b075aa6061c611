import type { BantCriterion, BudgetRange, CompanySize, Industry } from './enums';

/**
 * The weighted lead score (docs/product/lead-scoring.md#weighted-lead-score) that calculate_lead_score_enhanced(lead_id) computes in
 * PostgreSQL. This is the same formula in TypeScript, for the screens and for tests that check
 * the database function against hand-computed cases. Each factor is 0–100.
 */
export const LEAD_SCORE_WEIGHTS = {
  emailEngagement: 0.25,
  websiteActivity: 0.2,
  companySize: 0.2,
  industryMatch: 0.15,
  budgetRange: 0.2,
} as const;

export type LeadScoreFactor = keyof typeof LEAD_SCORE_WEIGHTS;
export type LeadScoreFactors = Record<LeadScoreFactor, number>;

/** Having an email is worth 40; each completed email activity with the lead's contact adds 20. */
export const EMAIL_ENGAGEMENT_BASE = 40;
export const EMAIL_ENGAGEMENT_PER_EMAIL = 20;
/** Website activity: a website on file (50) and arriving through the web (50). */
export const WEBSITE_ON_FILE_POINTS = 50;
export const WEB_SOURCE_POINTS = 50;
export const WEB_LEAD_SOURCES: readonly string[] = ['website', 'google_search'];

export const COMPANY_SIZE_FACTOR: Record<CompanySize, number> = {
  '1-10': 20,
  '11-50': 40,
  '51-200': 60,
  '201-1000': 80,
  '1000+': 100,
};

/** The target markets score 100; other named industries 60; "other" 30; unknown 0. */
export const INDUSTRY_MATCH_FACTOR: Record<Industry, number> = {
  technology: 100,
  finance: 100,
  healthcare: 100,
  education: 60,
  retail: 60,
  manufacturing: 60,
  other: 30,
};

export const BUDGET_RANGE_FACTOR: Record<BudgetRange, number> = {
  under_5k: 20,
  '5k-10k': 40,
  '10k-25k': 60,
  '25k-50k': 80,
  '50k+': 100,
};

export interface LeadScoreSubject {
  email?: string | null;
  website?: string | null;
  lead_source?: string | null;
  source?: string | null;
  company_size?: CompanySize | null;
  industry?: Industry | null;
  budget_range?: BudgetRange | null;
}

const present = (value: string | null | undefined): boolean => !!value && value.trim().length > 0;

/** `completedEmails`: completed email activities on the contact that shares the lead's e-mail. */
export function leadScoreFactors(lead: LeadScoreSubject, completedEmails = 0): LeadScoreFactors {
  const emailEngagement = present(lead.email)
    ? Math.min(100, EMAIL_ENGAGEMENT_BASE + EMAIL_ENGAGEMENT_PER_EMAIL * Math.max(0, completedEmails))
    : 0;
  const fromWeb = WEB_LEAD_SOURCES.includes(lead.lead_source ?? '') || lead.source === 'website';
  const websiteActivity =
    (present(lead.website) ? WEBSITE_ON_FILE_POINTS : 0) + (fromWeb ? WEB_SOURCE_POINTS : 0);
  return {
    emailEngagement,
    websiteActivity,
    companySize: lead.company_size ? COMPANY_SIZE_FACTOR[lead.company_size] : 0,
    industryMatch: lead.industry ? INDUSTRY_MATCH_FACTOR[lead.industry] : 0,
    budgetRange: lead.budget_range ? BUDGET_RANGE_FACTOR[lead.budget_range] : 0,
  };
}

/** Rounded weighted sum; computed in hundredths so it is exact (no 0.1 + 0.2 drift). */
export function weightedLeadScore(factors: LeadScoreFactors): number {
  const hundredths =
    25 * factors.emailEngagement +
    20 * factors.websiteActivity +
    20 * factors.companySize +
    15 * factors.industryMatch +
    20 * factors.budgetRange;
  return Math.round(hundredths / 100);
}

export const LEAD_SCORE_TAG_PREFIX = 'lead_score_';

export function leadScoreTag(score: number): string {
  return `${LEAD_SCORE_TAG_PREFIX}${Math.round(score)}`;
}

/** The N of a lead_score_N tag, or null. */
export function scoreFromTags(tags: readonly string[] | null | undefined): number | null {
  for (const tag of tags ?? []) {
    const match = /^lead_score_(\d{1,3})$/.exec(tag);
    if (match) return Number(match[1]);
  }
  return null;
}

/** Replaces any lead_score_N tag with the new one, keeping the other tags in order. */
export function withLeadScoreTag(tags: readonly string[] | null | undefined, score: number): string[] {
  return [...(tags ?? []).filter((tag) => !tag.startsWith(LEAD_SCORE_TAG_PREFIX)), leadScoreTag(score)];
}

/** High-score threshold for lead lists (docs/product/lead-scoring.md#rating-labels). */
export const HIGH_SCORE_THRESHOLD = 70;
/** Smart Leads' "High Score Leads" tile counts 80 or more (docs/product/leads.md#smart-leads). */
export const SMART_LEADS_HIGH_SCORE = 80;

export type LeadRating = 'Hot' | 'Warm' | 'Cool' | 'Cold';

export function leadRating(score: number): LeadRating {
  if (score >= 80) return 'Hot';
  if (score >= 60) return 'Warm';
  if (score >= 40) return 'Cool';
  return 'Cold';
}

export const CONTACT_SCORE_POINTS = { email: 20, phone: 15, company: 25 } as const;

/**
 * Contact score (docs/product/lead-scoring.md#contact-score): email 20, phone 15, company 25. Those alone top out at 60, so a
 * contact reaches "high" (70+) only through its stored lead score: the lead_score_N tag wins
 * when it is higher.
 */
export function contactScore(contact: {
  email?: string | null;
  phone?: string | null;
  company?: string | null;
  tags?: readonly string[] | null;
}): number {
  const fields =
    (present(contact.email) ? CONTACT_SCORE_POINTS.email : 0) +
    (present(contact.phone) ? CONTACT_SCORE_POINTS.phone : 0) +
    (present(contact.company) ? CONTACT_SCORE_POINTS.company : 0);
  return Math.min(100, Math.max(fields, scoreFromTags(contact.tags) ?? 0));
}

export const isHighScore = (score: number): boolean => score >= HIGH_SCORE_THRESHOLD;

/** What a Smart Leads scoring rule looks at in a lead (built-ins: email, company, lead source). */
export const SCORING_RULE_CRITERIA = [
  'has_email',
  'has_company',
  'has_lead_source',
  'has_phone',
  'has_website',
] as const;
export type ScoringRuleCriterion = (typeof SCORING_RULE_CRITERIA)[number];

export interface SmartScoringRule {
  points: number;
  active: boolean;
  /** null: a descriptive rule the local score cannot evaluate; it adds nothing. */
  criterion: ScoringRuleCriterion | null;
}

export const BUILT_IN_SCORING_RULES = [
  { name: 'Email Engagement', points: 25, criterion: 'has_email', condition: 'Lead has an email address' },
  { name: 'Company Size', points: 20, criterion: 'has_company', condition: 'Lead has a company' },
  { name: 'Industry Match', points: 15, criterion: 'has_lead_source', condition: 'Lead has a lead source' },
] as const satisfies ReadonlyArray<{
  name: string;
  points: number;
  criterion: ScoringRuleCriterion;
  condition: string;
}>;

/** The lead fields the Smart Leads rules look at. */
export type ScoredLeadFields = {
  email?: string | null;
  company?: string | null;
  lead_source?: string | null;
  phone?: string | null;
  website?: string | null;
};

function ruleMatches(criterion: ScoringRuleCriterion, lead: ScoredLeadFields): boolean {
  switch (criterion) {
    case 'has_email':
      return present(lead.email);
    case 'has_company':
      return present(lead.company);
    case 'has_lead_source':
      return present(lead.lead_source);
    case 'has_phone':
      return present(lead.phone);
    case 'has_website':
      return present(lead.website);
  }
}

/** Local Smart Leads score: points of the active rules the lead meets, capped at 100. */
export function smartLeadScore(lead: ScoredLeadFields, rules: readonly SmartScoringRule[]): number {
  const points = rules
    .filter((rule) => rule.active && rule.criterion && ruleMatches(rule.criterion, lead))
    .reduce((sum, rule) => sum + rule.points, 0);
  return Math.min(100, points);
}

export type ScoreBand = 'high' | 'medium' | 'low';

export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'high';
  if (score >= 50) return 'medium';
  return 'low';
}

/** Segments 1, 2, 3 are the high, medium and low bands. */
export const SEGMENT_BANDS: Record<1 | 2 | 3, ScoreBand> = { 1: 'high', 2: 'medium', 3: 'low' };

export function segmentForScore(score: number): 1 | 2 | 3 {
  const band = scoreBand(score);
  return band === 'high' ? 1 : band === 'medium' ? 2 : 3;
}

/** The score range of a band, inclusive, for queries. */
export const SCORE_BAND_RANGES: Record<ScoreBand, { min: number; max: number }> = {
  high: { min: 80, max: 100 },
  medium: { min: 50, max: 79 },
  low: { min: 0, max: 49 },
};

export type BantAnswers = Record<BantCriterion, boolean>;

/** Confirmed criteria out of four, as a whole percentage. */
export function bantScore(answers: Partial<BantAnswers>): number {
  const confirmed = (['budget', 'authority', 'need', 'timing'] as const).filter((key) => answers[key]).length;
  return (confirmed / 4) * 100;
}

export const HIGHLY_QUALIFIED_BANT = 75;

export const isHighlyQualified = (score: number): boolean => score >= HIGHLY_QUALIFIED_BANT;

/** BANT colours (docs/product/lead-qualification.md#bant): 75+ green, 50+ yellow, else red. */
export function bantColour(score: number): 'green' | 'yellow' | 'red' {
  if (score >= 75) return 'green';
  if (score >= 50) return 'yellow';
  return 'red';
}
