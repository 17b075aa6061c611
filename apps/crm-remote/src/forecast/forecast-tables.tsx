import {
  DEAL_STAGE_LABELS,
  FORECAST_CATEGORY_LABELS,
  type ForecastCategoryFigures,
  type ForecastMonthFigures,
  formatUsd,
  type SalesForecast,
  SETTABLE_FORECAST_CATEGORIES,
  type SettableForecastCategory,
} from '@tessera/data-access/contracts';
import { DataTable, Select, TextLink } from '@tessera/ui';
import { CRM_BASE_PATH } from '../shared/lead-format';
import { cellAmount, type ForecastFigure, monthLabel } from './forecast-figures';

interface GridRow {
  key: string;
  name: string;
  months: ForecastMonthFigures[];
  total: ForecastCategoryFigures;
}

/** Month columns × rows (owners, or teams), the chosen figure in each cell, and a total column. */
function FigureTable({
  caption,
  rowHeading,
  months,
  rows,
  footer,
  figure,
}: {
  caption: string;
  /** What the rows are: Owner, Team. */
  rowHeading: string;
  months: readonly string[];
  rows: GridRow[];
  footer?: GridRow;
  figure: ForecastFigure;
}) {
  const line = (row: GridRow, strong = false) => (
    <tr key={row.key}>
      <th scope="row">{strong ? <strong>{row.name}</strong> : row.name}</th>
      {row.months.map((cell) => (
        <td key={cell.month}>{formatUsd(cellAmount(cell.categories, figure))}</td>
      ))}
      <td>
        <strong>{formatUsd(cellAmount(row.total, figure))}</strong>
      </td>
    </tr>
  );
  return (
    <DataTable caption={caption} columns={[rowHeading, ...months.map(monthLabel), 'Total']}>
      {rows.map((row) => line(row))}
      {footer ? line(footer, true) : null}
    </DataTable>
  );
}

/** The forecast by owner (and, for managers, by team), in the chosen figure. */
export function ForecastGrid({ forecast, figure }: { forecast: SalesForecast; figure: ForecastFigure }) {
  const owners: GridRow[] = forecast.owners.map((owner) => ({
    key: owner.owner_id,
    name: owner.owner_name,
    months: owner.months,
    total: owner.total,
  }));
  return (
    <>
      <FigureTable
        caption="Forecast by owner"
        rowHeading="Owner"
        months={forecast.months}
        rows={owners}
        footer={{ key: 'all', name: 'All owners', ...forecast.totals }}
        figure={figure}
      />
      {forecast.teams ? (
        <FigureTable
          caption="Team roll-up"
          rowHeading="Team"
          months={forecast.months}
          rows={forecast.teams.map((team) => ({
            key: team.team_id ?? 'personal',
            name: `${team.team_name} (${team.owners} ${team.owners === 1 ? 'owner' : 'owners'})`,
            months: team.months,
            total: team.total,
          }))}
          figure={figure}
        />
      ) : null}
    </>
  );
}

/** Past months: what was forecast as each began (its snapshot) against what was won in it. */
export function ForecastOutcomes({ forecast }: { forecast: SalesForecast }) {
  if (forecast.past.length === 0) return null;
  return (
    <DataTable
      caption="Forecast at the start of the month against what closed"
      columns={['Month', 'Commit', 'Best case', 'Weighted (open deals)', 'Closed won']}
    >
      {forecast.past.map((outcome) => {
        const start = outcome.forecast_at_start;
        return (
          <tr key={outcome.month}>
            <th scope="row">{monthLabel(outcome.month)}</th>
            {start ? (
              <>
                <td>{formatUsd(start.commit.amount)}</td>
                <td>{formatUsd(start.best_case.amount)}</td>
                <td>{formatUsd(cellAmount(start, 'weighted'))}</td>
              </>
            ) : (
              <td colSpan={3}>No snapshot was taken at the start of this month</td>
            )}
            <td>
              {formatUsd(outcome.closed_won.amount)} ({outcome.closed_won.count}{' '}
              {outcome.closed_won.count === 1 ? 'deal' : 'deals'})
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

const CATEGORY_OPTIONS = SETTABLE_FORECAST_CATEGORIES.map((value) => ({
  value,
  label: FORECAST_CATEGORY_LABELS[value],
}));

/** The deals behind the figures, each with its category: a select where the reader may set it. */
export function ForecastDeals({
  forecast,
  canSet,
  onSetCategory,
  pendingDealId,
}: {
  forecast: SalesForecast;
  canSet: (deal: SalesForecast['deals'][number]) => boolean;
  onSetCategory: (dealId: string, category: SettableForecastCategory) => void;
  pendingDealId: string | null;
}) {
  const ownerName = new Map(forecast.owners.map((owner) => [owner.owner_id, owner.owner_name]));
  return (
    <DataTable
      caption="Deals in the forecast"
      columns={['Deal', 'Owner', 'Month', 'Stage', 'Amount', 'Weighted', 'Forecast category']}
      maxHeight={480}
    >
      {forecast.deals.map((deal) => (
        <tr key={deal.id}>
          <th scope="row">
            <TextLink to={`${CRM_BASE_PATH}/deals/${encodeURIComponent(deal.id)}`}>{deal.name}</TextLink>
          </th>
          <td>{ownerName.get(deal.owner_id) ?? 'Unknown owner'}</td>
          <td>{monthLabel(deal.month)}</td>
          <td>
            {DEAL_STAGE_LABELS[deal.stage]} ({deal.probability}%)
          </td>
          <td>{formatUsd(deal.amount)}</td>
          <td>{formatUsd(deal.weighted)}</td>
          <td>
            {deal.category !== 'closed' && canSet(deal) ? (
              <Select
                label={`Forecast category of ${deal.name}`}
                hideLabel
                value={deal.category}
                options={CATEGORY_OPTIONS}
                disabled={pendingDealId === deal.id}
                onValueChange={(value) => onSetCategory(deal.id, value as SettableForecastCategory)}
              />
            ) : (
              FORECAST_CATEGORY_LABELS[deal.category]
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
