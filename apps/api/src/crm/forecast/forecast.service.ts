import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  addSnapshotFigures,
  buildSalesForecast,
  emptyCategoryFigures,
  type ForecastCategory,
  type ForecastDealInput,
  type ForecastMonthOutcome,
  forecastRangeErrors,
  monthOf,
  monthsBetween,
  type SalesForecast,
  salesForecastCsvRows,
  type SettableForecastCategory,
  shiftMonth,
  toCsv,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { DEAL_COLUMNS } from '../deals/deals.service';
import type { DealEntity } from '../deals/deal.entity';

/** A deal row as the forecast reads it (amounts as float8, close dates as text). */
export const FORECAST_DEAL_COLUMNS = `d.id, d.name, d.org_id, d.owner_id, d.amount::float8 AS amount, d.stage, d.status,
  d.forecast_category, to_char(d.expected_close_date, 'YYYY-MM-DD') AS expected_close_date,
  to_char(d.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at`;

/**
 * Deals that count in months `[from, to]` (UTC): open ones by expected close date, won ones by the
 * date they closed. `$1`, `$2` are the first day of `from` and of the month after `to`.
 */
export const FORECAST_DEALS_IN_RANGE = `((d.status = 'open' AND d.expected_close_date >= $1::date AND d.expected_close_date < $2::date)
  OR (d.status = 'won' AND d.closed_at >= ($1::date AT TIME ZONE 'UTC') AND d.closed_at < ($2::date AT TIME ZONE 'UTC')))`;

export const monthStart = (month: string): string => `${month}-01`;

/** The sales forecast (docs/product/forecast.md): the grid, its CSV, and the owner's category per deal. */
@Injectable()
export class ForecastService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async forecast(scope: TenantScope, from: string, to: string, now = new Date()): Promise<SalesForecast> {
    const errors = forecastRangeErrors(from, to);
    if (Object.keys(errors).length > 0)
      throw new InvalidInputError('The forecast range is not valid', errors);
    const where = scopeSql(scope, 'd', 3);
    const deals: Array<ForecastDealInput & { org_id: string | null }> = await this.dataSource.query(
      `SELECT ${FORECAST_DEAL_COLUMNS} FROM crm_deals d WHERE ${where.sql} AND ${FORECAST_DEALS_IN_RANGE}`,
      [monthStart(from), monthStart(shiftMonth(to, 1)), ...where.params],
    );
    const ownerIds = [...new Set(deals.map((deal) => deal.owner_id))];
    const names: Array<{ id: string; name: string }> = ownerIds.length
      ? await this.dataSource.query(
          `SELECT u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) AS name
             FROM users u WHERE u.id = ANY($1::uuid[])`,
          [ownerIds],
        )
      : [];
    const currentMonth = monthOf(now);
    return buildSalesForecast({
      from,
      to,
      currentMonth,
      deals,
      ownerNames: Object.fromEntries(names.map((row) => [row.id, row.name])),
      teams: await this.team(scope),
      outcomes: await this.outcomes(scope, from, to, currentMonth, deals),
    });
  }

  async csv(scope: TenantScope, from: string, to: string): Promise<string> {
    return toCsv(salesForecastCsvRows(await this.forecast(scope, from, to)));
  }

  /**
   * Managers (CRM admins) see the roll-up by team. Tessera has no teams below the institution, so
   * the institution is the one team (docs/product/forecast.md#teams); personal scope is a team of one.
   */
  private async team(scope: TenantScope): Promise<{ id: string | null; name: string } | null> {
    if (scope.level !== 'admin') return null;
    if (!scope.institutionId) return { id: null, name: 'My deals' };
    const [row]: Array<{ name: string }> = await this.dataSource.query(
      'SELECT name FROM institutions WHERE id = $1',
      [scope.institutionId],
    );
    return { id: scope.institutionId, name: row?.name ?? 'Institution' };
  }

  /** For each past month of the range: its snapshot (forecast at its start) and what was won in it. */
  private async outcomes(
    scope: TenantScope,
    from: string,
    to: string,
    currentMonth: string,
    deals: readonly ForecastDealInput[],
  ): Promise<ForecastMonthOutcome[]> {
    const past = monthsBetween(from, to).filter((month) => month < currentMonth);
    if (past.length === 0) return [];
    const where = scopeSql(scope, 's', 3);
    const rows: Array<{
      month: string;
      category: ForecastCategory;
      count: number;
      amount: number;
      weighted: number;
      taken_at: string;
    }> = await this.dataSource.query(
      `SELECT to_char(s.month, 'YYYY-MM') AS month, s.category, sum(s.deal_count)::int AS count,
              sum(s.amount)::float8 AS amount, sum(s.weighted)::float8 AS weighted, min(r.taken_at) AS taken_at
         FROM crm_forecast_snapshots s JOIN crm_forecast_snapshot_runs r ON r.month = s.month
        WHERE s.month >= $1::date AND s.month <= $2::date AND ${where.sql}
        GROUP BY s.month, s.category`,
      [monthStart(past[0] as string), monthStart(past.at(-1) as string), ...where.params],
    );
    const taken: Array<{ month: string; taken_at: Date }> = await this.dataSource.query(
      `SELECT to_char(month, 'YYYY-MM') AS month, taken_at FROM crm_forecast_snapshot_runs
        WHERE month >= $1::date AND month <= $2::date`,
      [monthStart(past[0] as string), monthStart(past.at(-1) as string)],
    );
    return past.map((month) => {
      const run = taken.find((row) => row.month === month);
      let forecastAtStart: ForecastMonthOutcome['forecast_at_start'] = null;
      if (run) {
        const figures = emptyCategoryFigures();
        for (const row of rows.filter((item) => item.month === month))
          addSnapshotFigures(figures, row.category, row);
        forecastAtStart = { ...figures, taken_at: new Date(run.taken_at).toISOString() };
      }
      const won = deals.filter(
        (deal) => deal.status === 'won' && deal.closed_at && monthOf(deal.closed_at) === month,
      );
      const amountCents = won.reduce((sum, deal) => sum + Math.round(deal.amount * 100), 0);
      return {
        month,
        forecast_at_start: forecastAtStart,
        closed_won: { count: won.length, amount: amountCents / 100 },
      };
    });
  }

  /**
   * The owner's category for an open deal: only the deal's owner or a CRM admin sets it; a won or
   * lost deal's category follows from its outcome and is not set.
   */
  async setCategory(
    scope: TenantScope,
    dealId: string,
    category: SettableForecastCategory,
  ): Promise<DealEntity> {
    return this.dataSource.transaction(async (manager) => {
      const where = scopeSql(scope, 'd', 2);
      const [deal]: DealEntity[] = await manager.query(
        `SELECT ${DEAL_COLUMNS} FROM crm_deals d WHERE d.id = $1 AND ${where.sql} FOR UPDATE`,
        [dealId, ...where.params],
      );
      if (!deal) throw new NotFoundError('Deal');
      if (deal.owner_id !== scope.userId && scope.level !== 'admin')
        throw new ForbiddenError('Only the deal’s owner or a CRM admin sets its forecast category');
      if (deal.status !== 'open')
        throw new InvalidInputError('A closed deal’s forecast category follows from its outcome', {
          forecast_category: ['forecast_category can be set on open deals only'],
        });
      if (deal.forecast_category === category) return deal;
      // The deal trigger bumps its version: an open deal view holding the old one reloads before saving.
      const [rows] = (await manager.query(
        `UPDATE crm_deals d SET forecast_category = $1, updated_at = CURRENT_TIMESTAMP WHERE d.id = $2
          RETURNING ${DEAL_COLUMNS}`,
        [category, deal.id],
      )) as [DealEntity[], number];
      return rows[0] as DealEntity;
    });
  }
}
