import { fireEvent, render, screen, within } from '@testing-library/react';
import { buildSalesForecast, type SalesForecast } from '@tessera/data-access/contracts';
import { lightTheme } from '@tessera/ui';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { ForecastDeals, ForecastGrid, ForecastOutcomes } from './forecast-tables';

const forecast: SalesForecast = buildSalesForecast({
  from: '2026-10',
  to: '2026-11',
  currentMonth: '2026-11',
  ownerNames: { ann: 'Ann Archer', bob: 'Bob Baker' },
  teams: { id: 'org', name: 'Acme' },
  deals: [
    {
      id: 'd1',
      name: 'Globex renewal',
      owner_id: 'ann',
      amount: 1000,
      stage: 'proposal',
      status: 'open',
      forecast_category: 'commit',
      expected_close_date: '2026-11-10',
      closed_at: null,
    },
    {
      id: 'd2',
      name: 'Initech pilot',
      owner_id: 'bob',
      amount: 400,
      stage: 'closed_won',
      status: 'won',
      forecast_category: null,
      expected_close_date: null,
      closed_at: '2026-10-03T10:00:00Z',
    },
  ],
  outcomes: [{ month: '2026-10', forecast_at_start: null, closed_won: { count: 1, amount: 400 } }],
});

const wrap = (node: React.ReactNode) =>
  render(
    <MemoryRouter>
      <ThemeProvider theme={lightTheme}>{node}</ThemeProvider>
    </MemoryRouter>,
  );

describe('forecast tables', () => {
  it('shows owners by month in the chosen figure, with the total and the team roll-up', () => {
    wrap(<ForecastGrid forecast={forecast} figure="weighted" />);
    const byOwner = screen.getByRole('table', { name: 'Forecast by owner' });
    const ann = within(byOwner).getByRole('row', { name: /Ann Archer/ });
    // 1,000 at 50%: $500.00 in November, nothing in October.
    expect(
      within(ann)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$0.00', '$500.00', '$500.00']);
    expect(within(byOwner).getByRole('row', { name: /All owners/ })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Team roll-up' }).textContent).toContain('Acme (2 owners)');
  });

  it('compares past months with their snapshot and says when none was taken', () => {
    wrap(<ForecastOutcomes forecast={forecast} />);
    const row = screen.getByRole('row', { name: /Oct 2026/ });
    expect(row.textContent).toContain('No snapshot was taken at the start of this month');
    expect(row.textContent).toContain('$400.00 (1 deal)');
  });

  it('lets the reader set a category where allowed, by keyboard-reachable select', () => {
    const changes: string[] = [];
    wrap(
      <ForecastDeals
        forecast={forecast}
        canSet={(deal) => deal.owner_id === 'ann'}
        pendingDealId={null}
        onSetCategory={(dealId, category) => changes.push(`${dealId}:${category}`)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Forecast category of Globex renewal' });
    fireEvent.change(select, { target: { value: 'best_case' } });
    expect(changes).toEqual(['d1:best_case']);
    // A won deal's category is Closed, and not a choice.
    const won = screen.getByRole('row', { name: /Initech pilot/ });
    expect(within(won).queryByRole('combobox')).toBeNull();
    expect(won.textContent).toContain('Closed');
  });
});
