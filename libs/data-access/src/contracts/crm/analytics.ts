import { CLOSED_DEAL_STAGES, type DealStage } from './enums';

/** The analytics formulas (docs/product/analytics.md#formulas), shared by the API's SQL results and the screens. */

/** Won deals ÷ all deals × 100; 0 when there are none. */
export function conversionRate(won: number, total: number): number {
  return total > 0 ? (won / total) * 100 : 0;
}

/** Won ÷ (won + lost) × 100; 0 when nothing closed. */
export function winRate(won: number, lost: number): number {
  return won + lost > 0 ? (won / (won + lost)) * 100 : 0;
}

/** Sum of amounts of deals not closed (amounts may arrive as strings from numeric columns). */
export function pipelineValue(
  deals: ReadonlyArray<{ stage?: DealStage | null; amount?: number | string | null }>,
): number {
  return deals
    .filter((deal) => !CLOSED_DEAL_STAGES.includes(deal.stage ?? 'prospecting'))
    .reduce((sum, deal) => sum + (Number(deal.amount ?? 0) || 0), 0);
}

/** Change from the previous period in percent; from nothing to something counts as +100%. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return ((current - previous) / previous) * 100;
}

const DAY_MS = 86_400_000;

/** Average days from creation to close of won deals; 0 without any. */
export function pipelineVelocityDays(
  wonDeals: ReadonlyArray<{ created_at: string | Date; closed_at: string | Date }>,
): number {
  if (wonDeals.length === 0) return 0;
  const total = wonDeals.reduce(
    (sum, deal) => sum + (new Date(deal.closed_at).getTime() - new Date(deal.created_at).getTime()) / DAY_MS,
    0,
  );
  return total / wonDeals.length;
}

/** Start and end of an analytics period ending now (docs/product/analytics.md#crm-analytics). */
export function periodRange(
  period: 'last_7_days' | 'last_30_days' | 'last_90_days' | 'last_year',
  now: Date,
): { start: Date; end: Date } {
  const days = { last_7_days: 7, last_30_days: 30, last_90_days: 90, last_year: 365 }[period];
  return { start: new Date(now.getTime() - days * DAY_MS), end: now };
}
