/**
 * The sales forecast (docs/product/forecast.md): open deals by expected close month and owner,
 * weighted by their stage's probability, in the category their owner put them in. Months are
 * calendar months in UTC (`YYYY-MM`). Money is added up in cents, so totals are exact.
 */
import { DEAL_STAGE_PROBABILITY, type DealStage, type DealStatus } from './enums';

/** Pipeline, best case and commit an owner chooses; closed is what was won. */
export const FORECAST_CATEGORIES = ['pipeline', 'best_case', 'commit', 'closed'] as const;
export type ForecastCategory = (typeof FORECAST_CATEGORIES)[number];

/** What an owner may put an open deal in (closed follows from winning it, never from a choice). */
export const SETTABLE_FORECAST_CATEGORIES = ['pipeline', 'best_case', 'commit'] as const;
export type SettableForecastCategory = (typeof SETTABLE_FORECAST_CATEGORIES)[number];

export const FORECAST_CATEGORY_LABELS: Record<ForecastCategory, string> = {
  pipeline: 'Pipeline',
  best_case: 'Best case',
  commit: 'Commit',
  closed: 'Closed',
};

/** A deal that was never put in a category counts as pipeline. */
export const DEFAULT_FORECAST_CATEGORY: SettableForecastCategory = 'pipeline';

/** The widest range one forecast answers, so one request stays one screen. */
export const FORECAST_MAX_MONTHS = 24;

export const FORECAST_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isForecastMonth(value: string): boolean {
  return FORECAST_MONTH_PATTERN.test(value);
}

/** The month an instant or a `YYYY-MM-DD` date falls in (UTC). */
export function monthOf(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.slice(0, 7);
  return new Date(value).toISOString().slice(0, 7);
}

/** `YYYY-MM` plus `count` months. */
export function shiftMonth(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1 + count, 1)).toISOString().slice(0, 7);
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/** Field messages for a forecast range; empty when it is a good one. */
export function forecastRangeErrors(
  from: string | undefined,
  to: string | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!from || !isForecastMonth(from)) errors.from = ['from must be a month as YYYY-MM'];
  if (!to || !isForecastMonth(to)) errors.to = ['to must be a month as YYYY-MM'];
  if (from && to && !errors.from && !errors.to) {
    if (to < from) errors.to = ['to must not be before from'];
    else if (monthsBetween(from, to).length > FORECAST_MAX_MONTHS)
      errors.to = [`the range may span at most ${FORECAST_MAX_MONTHS} months`];
  }
  return errors;
}

/**
 * A deal's category: closed once won, none once lost (it no longer counts), else what its owner
 * chose (pipeline when nobody chose).
 */
export function forecastCategoryOf(deal: {
  status: DealStatus;
  forecast_category: SettableForecastCategory | null;
}): ForecastCategory | null {
  if (deal.status === 'won') return 'closed';
  if (deal.status === 'lost') return null;
  return deal.forecast_category ?? DEFAULT_FORECAST_CATEGORY;
}

/** Whole cents of an amount in currency units (`1234.5` → `123450`). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * The weighted value of a deal in cents: its amount × its stage's probability, rounded half up to
 * the cent, per deal (totals add rounded deals, so a column always adds up). Closed deals count
 * in full.
 */
export function weightedCents(amountCents: number, stage: DealStage): number {
  return Math.round((amountCents * DEAL_STAGE_PROBABILITY[stage]) / 100);
}

/** One cell of the forecast: how many deals, their amount and their weighted amount. */
export interface ForecastFigures {
  count: number;
  amount: number;
  weighted: number;
}

export type ForecastCategoryFigures = Record<ForecastCategory, ForecastFigures>;

/** A deal as the forecast reads it. */
export interface ForecastDealInput {
  id: string;
  name: string;
  owner_id: string;
  amount: number;
  stage: DealStage;
  status: DealStatus;
  forecast_category: SettableForecastCategory | null;
  expected_close_date: string | null;
  closed_at: string | null;
}

/** The month a deal counts in: a won deal in the month it closed, an open one in its expected close month. */
export function forecastMonthOf(
  deal: Pick<ForecastDealInput, 'status' | 'expected_close_date' | 'closed_at'>,
): string | null {
  if (deal.status === 'won') return deal.closed_at ? monthOf(deal.closed_at) : null;
  if (deal.status === 'open') return deal.expected_close_date ? monthOf(deal.expected_close_date) : null;
  return null;
}

export interface ForecastDeal {
  id: string;
  name: string;
  owner_id: string;
  month: string;
  stage: DealStage;
  category: ForecastCategory;
  amount: number;
  probability: number;
  weighted: number;
}

export interface ForecastMonthFigures {
  month: string;
  categories: ForecastCategoryFigures;
}

export interface ForecastOwnerRow {
  owner_id: string;
  owner_name: string;
  months: ForecastMonthFigures[];
  total: ForecastCategoryFigures;
}

/** What a month was forecast to bring at its start (the snapshot), and what it brought. */
export interface ForecastMonthOutcome {
  month: string;
  /** The snapshot taken as the month began; null when none was taken (before forecasting began). */
  forecast_at_start: (ForecastCategoryFigures & { taken_at: string }) | null;
  /** Deals won with a close date in the month. */
  closed_won: { count: number; amount: number };
}

/** A manager's roll-up: one line per team (the institution is the team; docs/product/forecast.md#teams). */
export interface ForecastTeamRow {
  team_id: string | null;
  team_name: string;
  owners: number;
  months: ForecastMonthFigures[];
  total: ForecastCategoryFigures;
}

/** GET /api/crm/forecast?from=YYYY-MM&to=YYYY-MM */
export interface SalesForecast {
  from: string;
  to: string;
  months: string[];
  /** The month of the answer (UTC): months before it are past. */
  current_month: string;
  owners: ForecastOwnerRow[];
  totals: { months: ForecastMonthFigures[]; total: ForecastCategoryFigures };
  /** Present for managers (CRM admins): the roll-up by team. */
  teams: ForecastTeamRow[] | null;
  /** The past months of the range: forecast at their start against what closed. */
  past: ForecastMonthOutcome[];
  deals: ForecastDeal[];
}

export interface SetForecastCategoryInput {
  forecast_category: SettableForecastCategory;
}

/** Cents kept while adding up, turned into amounts once. */
type CentsFigures = Record<ForecastCategory, { count: number; amount: number; weighted: number }>;

function emptyCents(): CentsFigures {
  return {
    pipeline: { count: 0, amount: 0, weighted: 0 },
    best_case: { count: 0, amount: 0, weighted: 0 },
    commit: { count: 0, amount: 0, weighted: 0 },
    closed: { count: 0, amount: 0, weighted: 0 },
  };
}

function toFigures(cents: CentsFigures): ForecastCategoryFigures {
  const out = {} as ForecastCategoryFigures;
  for (const category of FORECAST_CATEGORIES) {
    const cell = cents[category];
    out[category] = { count: cell.count, amount: fromCents(cell.amount), weighted: fromCents(cell.weighted) };
  }
  return out;
}

export function emptyCategoryFigures(): ForecastCategoryFigures {
  return toFigures(emptyCents());
}

/** Sums per month and in total, of the deals a row holds. */
class Accumulator {
  private readonly perMonth = new Map<string, CentsFigures>();
  private readonly total = emptyCents();
  constructor(private readonly months: readonly string[]) {
    for (const month of months) this.perMonth.set(month, emptyCents());
  }
  add(month: string, category: ForecastCategory, amountCents: number, weighted: number): void {
    for (const figures of [this.perMonth.get(month), this.total]) {
      if (!figures) continue;
      figures[category].count += 1;
      figures[category].amount += amountCents;
      figures[category].weighted += weighted;
    }
  }
  monthsOut(): ForecastMonthFigures[] {
    return this.months.map((month) => ({
      month,
      categories: toFigures(this.perMonth.get(month) ?? emptyCents()),
    }));
  }
  totalOut(): ForecastCategoryFigures {
    return toFigures(this.total);
  }
}

/**
 * The forecast grid: each deal of the range in its month and category, per owner (by name), in
 * total, and per team for managers. Deals outside the range, lost ones and open ones without an
 * expected close date are left out.
 */
export function buildSalesForecast(input: {
  from: string;
  to: string;
  currentMonth: string;
  deals: readonly ForecastDealInput[];
  ownerNames: Readonly<Record<string, string>>;
  /** The team of each owner, for the managers' roll-up; null for a non-manager. */
  teams: { id: string | null; name: string } | null;
  outcomes: ForecastMonthOutcome[];
}): SalesForecast {
  const months = monthsBetween(input.from, input.to);
  const owners = new Map<string, Accumulator>();
  const totals = new Accumulator(months);
  const deals: ForecastDeal[] = [];
  for (const deal of input.deals) {
    const category = forecastCategoryOf(deal);
    const month = forecastMonthOf(deal);
    if (!category || !month || month < input.from || month > input.to) continue;
    const amountCents = toCents(deal.amount);
    const weighted = category === 'closed' ? amountCents : weightedCents(amountCents, deal.stage);
    let row = owners.get(deal.owner_id);
    if (!row) {
      row = new Accumulator(months);
      owners.set(deal.owner_id, row);
    }
    row.add(month, category, amountCents, weighted);
    totals.add(month, category, amountCents, weighted);
    deals.push({
      id: deal.id,
      name: deal.name,
      owner_id: deal.owner_id,
      month,
      stage: deal.stage,
      category,
      amount: fromCents(amountCents),
      probability: category === 'closed' ? 100 : DEAL_STAGE_PROBABILITY[deal.stage],
      weighted: fromCents(weighted),
    });
  }
  const ownerRows = [...owners.entries()]
    .map(([owner_id, row]) => ({
      owner_id,
      owner_name: input.ownerNames[owner_id] ?? 'Unknown owner',
      months: row.monthsOut(),
      total: row.totalOut(),
    }))
    .sort((a, b) => a.owner_name.localeCompare(b.owner_name) || a.owner_id.localeCompare(b.owner_id));
  deals.sort(
    (a, b) => a.month.localeCompare(b.month) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  const totalMonths = totals.monthsOut();
  const total = totals.totalOut();
  return {
    from: input.from,
    to: input.to,
    months,
    current_month: input.currentMonth,
    owners: ownerRows,
    totals: { months: totalMonths, total },
    teams: input.teams
      ? [
          {
            team_id: input.teams.id,
            team_name: input.teams.name,
            owners: ownerRows.length,
            months: totalMonths,
            total,
          },
        ]
      : null,
    past: input.outcomes.filter((outcome) => outcome.month < input.currentMonth),
    deals,
  };
}

/** Figures of one snapshot row, added into a month's categories (amounts in currency units). */
export function addSnapshotFigures(
  into: ForecastCategoryFigures,
  category: ForecastCategory,
  figures: ForecastFigures,
): void {
  const cell = into[category];
  cell.count += figures.count;
  cell.amount = fromCents(toCents(cell.amount) + toCents(figures.amount));
  cell.weighted = fromCents(toCents(cell.weighted) + toCents(figures.weighted));
}

const CSV_HEADER = ['Owner', 'Month', 'Category', 'Deals', 'Amount', 'Weighted'];

/**
 * The forecast as CSV (the export): one line per owner, month and category with deals in it,
 * then the totals per month and category. Amounts as plain numbers with two decimals.
 */
export function salesForecastCsvRows(forecast: SalesForecast): string[][] {
  const rows: string[][] = [CSV_HEADER];
  const lines = (owner: string, months: ForecastMonthFigures[]) => {
    for (const { month, categories } of months) {
      for (const category of FORECAST_CATEGORIES) {
        const cell = categories[category];
        if (cell.count === 0) continue;
        rows.push([
          owner,
          month,
          FORECAST_CATEGORY_LABELS[category],
          String(cell.count),
          cell.amount.toFixed(2),
          cell.weighted.toFixed(2),
        ]);
      }
    }
  };
  for (const owner of forecast.owners) lines(owner.owner_name, owner.months);
  lines('All owners', forecast.totals.months);
  return rows;
}
