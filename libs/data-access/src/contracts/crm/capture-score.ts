import type { BudgetRange, CompanySize, Industry, LeadSource, Timeline } from './enums';

/**
 * The Smart Lead Capture form's live qualification score (docs/product/lead-scoring.md#capture-score), computed in the
 * browser while typing and re-checked by the API when the lead is stored.
 */
export interface CaptureFormInput {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  /** Job title. */
  position?: string | null;
  company?: string | null;
  website?: string | null;
  industry?: Industry | null;
  company_size?: CompanySize | null;
  budget_range?: BudgetRange | null;
  timeline?: Timeline | null;
  lead_source?: LeadSource | null;
  pain_points?: string | null;
  notes?: string | null;
}

/** Every field of the form: form completion is the share of these that are filled. */
export const CAPTURE_FORM_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'position',
  'company',
  'website',
  'industry',
  'company_size',
  'budget_range',
  'timeline',
  'lead_source',
  'pain_points',
  'notes',
] as const satisfies ReadonlyArray<keyof CaptureFormInput>;

export const DEMOGRAPHIC_POINTS = { name: 20, email: 30, phone: 20, jobTitle: 30 } as const;
export const COMPANY_PROFILE_POINTS = {
  company: 25,
  website: 15,
  industry: 20,
  size: 20,
  budget: 20,
} as const;
export const TIMELINE_INTENT_POINTS: Partial<Record<Timeline, number>> = {
  immediate: 40,
  '1-3_months': 30,
  '3-6_months': 20,
  '6-12_months': 10,
};
export const BUDGET_INTENT_POINTS: Partial<Record<BudgetRange, number>> = {
  '50k+': 30,
  '25k-50k': 25,
  '10k-25k': 20,
  '5k-10k': 15,
};
export const PAIN_POINTS_INTENT_POINTS = 30;
/** Pain points count as intent only when longer than this many characters. */
export const PAIN_POINTS_MIN_LENGTH = 50;

export type CaptureBadge = 'Hot Lead' | 'Warm Lead' | 'Qualified' | 'Cold Lead';
export type ScoreColour = 'green' | 'yellow' | 'orange' | 'red';
export type CaptureAutoAction = 'assign_top_rep' | 'add_to_nurture' | 'schedule_call';

export const CAPTURE_AUTO_ACTION_LABELS: Record<CaptureAutoAction, string> = {
  assign_top_rep: 'Assign to top sales rep',
  add_to_nurture: 'Add to nurture sequence',
  schedule_call: 'Schedule follow-up call',
};

export interface CaptureScore {
  demographic: number;
  formCompletion: number;
  companyProfile: number;
  intent: number;
  total: number;
  badge: CaptureBadge;
  colour: ScoreColour;
  autoActions: CaptureAutoAction[];
  status: 'qualified' | 'new';
}

const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' ? value.trim().length > 0 : value !== null && value !== undefined;

const capAt100 = (points: number): number => Math.min(100, points);

export function demographicScore(form: CaptureFormInput): number {
  let points = 0;
  // "name" is the person's name: both parts, as the form marks both required.
  if (filled(form.first_name) && filled(form.last_name)) points += DEMOGRAPHIC_POINTS.name;
  if (filled(form.email)) points += DEMOGRAPHIC_POINTS.email;
  if (filled(form.phone)) points += DEMOGRAPHIC_POINTS.phone;
  if (filled(form.position)) points += DEMOGRAPHIC_POINTS.jobTitle;
  return capAt100(points);
}

export function companyProfileScore(form: CaptureFormInput): number {
  let points = 0;
  if (filled(form.company)) points += COMPANY_PROFILE_POINTS.company;
  if (filled(form.website)) points += COMPANY_PROFILE_POINTS.website;
  if (filled(form.industry)) points += COMPANY_PROFILE_POINTS.industry;
  if (filled(form.company_size)) points += COMPANY_PROFILE_POINTS.size;
  if (filled(form.budget_range)) points += COMPANY_PROFILE_POINTS.budget;
  return capAt100(points);
}

export function intentScore(form: CaptureFormInput): number {
  let points = 0;
  if (form.timeline) points += TIMELINE_INTENT_POINTS[form.timeline] ?? 0;
  if (form.budget_range) points += BUDGET_INTENT_POINTS[form.budget_range] ?? 0;
  if ((form.pain_points?.trim().length ?? 0) > PAIN_POINTS_MIN_LENGTH) points += PAIN_POINTS_INTENT_POINTS;
  return capAt100(points);
}

/** Percentage (0–100, rounded) of CAPTURE_FORM_FIELDS that hold a value. */
export function formCompletionScore(form: CaptureFormInput): number {
  const done = CAPTURE_FORM_FIELDS.filter((field) => filled(form[field])).length;
  return Math.round((done / CAPTURE_FORM_FIELDS.length) * 100);
}

export function captureBadge(total: number): CaptureBadge {
  if (total >= 80) return 'Hot Lead';
  if (total >= 60) return 'Warm Lead';
  if (total >= 40) return 'Qualified';
  return 'Cold Lead';
}

/** Colour bands at 80, 60 and 40 (docs/product/lead-scoring.md#capture-score). */
export function scoreColour(score: number): ScoreColour {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  if (score >= 40) return 'orange';
  return 'red';
}

/** Thresholds are cumulative: a hot lead is also nurtured and called. */
export function captureAutoActions(total: number): CaptureAutoAction[] {
  const actions: CaptureAutoAction[] = [];
  if (total >= 80) actions.push('assign_top_rep');
  if (total >= 60) actions.push('add_to_nurture');
  if (total >= 40) actions.push('schedule_call');
  return actions;
}

/** docs/product/leads.md#smart-lead-capture: qualified at a total of 60 or more, otherwise new. */
export function captureStatus(total: number): 'qualified' | 'new' {
  return total >= 60 ? 'qualified' : 'new';
}

/** The toast after a successful capture (docs/product/leads.md#smart-lead-capture). */
export function captureMessage(total: number): string {
  if (total >= 80) return 'Hot lead captured! Auto-assigned to top sales rep.';
  if (total >= 60) return 'Qualified lead created! Added to nurture sequence.';
  return 'Lead captured! Will be reviewed by our team.';
}

/** The whole side panel in one call: sub-scores, the rounded average, badge, colour, actions. */
export function captureScore(form: CaptureFormInput): CaptureScore {
  const demographic = demographicScore(form);
  const formCompletion = formCompletionScore(form);
  const companyProfile = companyProfileScore(form);
  const intent = intentScore(form);
  const total = Math.round((demographic + formCompletion + companyProfile + intent) / 4);
  return {
    demographic,
    formCompletion,
    companyProfile,
    intent,
    total,
    badge: captureBadge(total),
    colour: scoreColour(total),
    autoActions: captureAutoActions(total),
    status: captureStatus(total),
  };
}
