import { fireEvent, render, screen, within } from '@testing-library/react';
import { goalProgress, type SalesGoal } from '@tessera/data-access/contracts';
import { lightTheme } from '@tessera/ui';
import { ThemeProvider } from 'styled-components';
import { GoalProgressList } from './goal-progress-list';

const goal = (overrides: Partial<SalesGoal>): SalesGoal => ({
  id: 'g1',
  org_id: 'org',
  owner_id: 'ann',
  assignee: 'person',
  user_id: 'ann',
  assignee_name: 'Ann Archer',
  metric: 'won_value',
  period: 'quarter',
  period_start: '2026-10',
  period_label: 'Q4 2026',
  target: 10_000,
  progress: goalProgress(10_000, 3_500.5, 0.5),
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-10-01T00:00:00.000Z',
  ...overrides,
});

describe('goal progress list', () => {
  it('shows each goal’s progress, figures and pace, and deletes by a named button', () => {
    const deleted: string[] = [];
    render(
      <ThemeProvider theme={lightTheme}>
        <GoalProgressList
          goals={[
            goal({}),
            goal({
              id: 'g2',
              assignee: 'team',
              user_id: null,
              assignee_name: 'Acme',
              metric: 'deals_won',
              target: 4,
              progress: goalProgress(4, 3, 0.5),
            }),
          ]}
          onDelete={(row) => deleted.push(row.id)}
        />
      </ThemeProvider>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(first?.textContent).toContain('Won value · Ann Archer · Q4 2026');
    expect(first?.textContent).toContain('$3,500.50 of $10,000.00 (35%)');
    expect(within(first as HTMLElement).getByText('Behind')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Won value · Ann Archer · Q4 2026' })).toBeTruthy();
    expect(within(second as HTMLElement).getByText('On track')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete goal Deals won · Acme · Q4 2026' }));
    expect(deleted).toEqual(['g2']);
  });
});
