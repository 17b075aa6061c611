/**
 * Sales goals (docs/product/goals.md): a target for a person or a team over a month, a quarter or
 * a year, its progress from the CRM's own rows, and its pace. Periods are calendar periods in UTC.
 */
import { formatUsd } from '../money';
import { isForecastMonth, shiftMonth } from './sales-forecast';

export const GOAL_METRICS = ['won_value', 'deals_won', 'activities_completed', 'new_leads'] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

export const GOAL_METRIC_LABELS: Record<GoalMetric, string> = {
  won_value: 'Won value',
  deals_won: 'Deals won',
  activities_completed: 'Activities completed',
  new_leads: 'New leads',
};

export const GOAL_PERIODS = ['month', 'quarter', 'year'] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];

export const GOAL_PERIOD_LABELS: Record<GoalPeriod, string> = {
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/** A person's goal, or the team's (the institution: every owner's rows count). */
export const GOAL_ASSIGNEES = ['person', 'team'] as const;
export type GoalAssignee = (typeof GOAL_ASSIGNEES)[number];

export const GOAL_PACES = ['on_track', 'behind'] as const;
export type GoalPace = (typeof GOAL_PACES)[number];

export const GOAL_PACE_LABELS: Record<GoalPace, string> = { on_track: 'On track', behind: 'Behind' };

/** Won value is money (two decimals); the others count. */
export const GOAL_TARGET_MAX = 1_000_000_000_000;

export function goalIsMoney(metric: GoalMetric): boolean {
  return metric === 'won_value';
}

/** The first month of the period a `YYYY-MM` falls in. */
export function goalPeriodStartMonth(period: GoalPeriod, month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  if (period === 'year') return `${year}-01`;
  if (period === 'quarter') return `${year}-${String(Math.floor((index - 1) / 3) * 3 + 1).padStart(2, '0')}`;
  return month;
}

/** `[start, end)` of a period as UTC instants (ISO), from its first month. */
export function goalPeriodRange(period: GoalPeriod, startMonth: string): { start: string; end: string } {
  const months = period === 'year' ? 12 : period === 'quarter' ? 3 : 1;
  return {
    start: `${startMonth}-01T00:00:00.000Z`,
    end: `${shiftMonth(startMonth, months)}-01T00:00:00.000Z`,
  };
}

/** `November 2026`, `Q4 2026`, `2026`. */
export function goalPeriodLabel(period: GoalPeriod, startMonth: string): string {
  const [year, index] = startMonth.split('-').map(Number) as [number, number];
  if (period === 'year') return String(year);
  if (period === 'quarter') return `Q${Math.floor((index - 1) / 3) + 1} ${year}`;
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Field messages for a goal's period start: a month, and the first of its period. */
export function goalStartErrors(period: GoalPeriod, startMonth: string): string[] {
  if (!isForecastMonth(startMonth)) return ['period_start must be a month as YYYY-MM'];
  if (goalPeriodStartMonth(period, startMonth) !== startMonth)
    return [`period_start must be the first month of a ${period}`];
  return [];
}

/** How much of a period has gone by at `now`, from 0 (not begun) to 1 (over). */
export function elapsedFraction(range: { start: string; end: string }, now: Date): number {
  const start = Date.parse(range.start);
  const end = Date.parse(range.end);
  const fraction = (now.getTime() - start) / (end - start);
  return Math.min(1, Math.max(0, fraction));
}

export interface GoalProgressFigures {
  /** Achieved so far, in the metric's unit. */
  actual: number;
  /** actual ÷ target × 100, one decimal (may pass 100). */
  percent: number;
  /** Where the goal should be by now: target × elapsed fraction of the period. */
  expected: number;
  pace: GoalPace;
  achieved: boolean;
}

/**
 * The pace rule: a goal is on track when what it achieved is at least the target times the
 * fraction of its period gone by (a straight line from nothing at the start to the target at the
 * end); behind otherwise. A goal met is on track whatever the date.
 */
export function goalProgress(target: number, actual: number, elapsed: number): GoalProgressFigures {
  const expected = Math.round(target * elapsed * 100) / 100;
  const achieved = actual >= target;
  return {
    actual,
    percent: target > 0 ? Math.round((actual / target) * 1000) / 10 : 100,
    expected,
    pace: achieved || actual >= expected ? 'on_track' : 'behind',
    achieved,
  };
}

export interface SalesGoal {
  id: string;
  org_id: string | null;
  owner_id: string;
  assignee: GoalAssignee;
  /** The person, for a person's goal; null for the team's. */
  user_id: string | null;
  /** The person's name, or the team's (the institution's). */
  assignee_name: string;
  metric: GoalMetric;
  period: GoalPeriod;
  /** `YYYY-MM`: the first month of the period. */
  period_start: string;
  period_label: string;
  target: number;
  progress: GoalProgressFigures;
  created_at: string;
  updated_at: string;
}

export interface CreateGoalInput {
  assignee: GoalAssignee;
  /** A person's goal: whose (a member of the institution; default the caller). */
  user_id?: string;
  metric: GoalMetric;
  period: GoalPeriod;
  period_start: string;
  target: number;
}

export type UpdateGoalInput = Partial<Pick<CreateGoalInput, 'target' | 'period' | 'period_start' | 'metric'>>;

const goalCount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A figure of a goal in its unit: `$3,500.50` for won value, `12` for counts. */
export function goalFigureText(metric: GoalMetric, value: number): string {
  return goalIsMoney(metric) ? formatUsd(value) : goalCount.format(value);
}

/** `Won value · Ann Archer · Q4 2026`: what a goal is, whose, and when. */
export function goalTitle(goal: Pick<SalesGoal, 'metric' | 'assignee_name' | 'period_label'>): string {
  return `${GOAL_METRIC_LABELS[goal.metric]} · ${goal.assignee_name} · ${goal.period_label}`;
}

/** `$3,500.50 of $10,000.00 (35%)`. */
export function goalProgressText(goal: Pick<SalesGoal, 'metric' | 'target' | 'progress'>): string {
  return `${goalFigureText(goal.metric, goal.progress.actual)} of ${goalFigureText(goal.metric, goal.target)} (${goal.progress.percent}%)`;
}
