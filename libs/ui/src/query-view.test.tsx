import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { EmptyState } from './empty-state';
import { QueryCard, QueryView, type QueryViewSource } from './query-view';
import { lightTheme } from './theme';

function view(query: QueryViewSource<string[]>) {
  return render(
    <ThemeProvider theme={lightTheme}>
      <QueryView
        query={query}
        loadingLabel="Loading rules"
        errorTitle="Failed to load rules"
        empty={<EmptyState title="No rules yet" />}
      >
        {(rules) => (
          <ul aria-label="Rules">
            {rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        )}
      </QueryView>
    </ThemeProvider>,
  );
}

describe('QueryView', () => {
  it('shows a named spinner while loading', () => {
    view({ data: undefined, isPending: true, isError: false });
    expect(screen.getByRole('status', { name: 'Loading rules' })).toBeTruthy();
  });

  it('says what failed and retries on request', () => {
    const refetch = jest.fn();
    view({ data: undefined, isPending: false, isError: true, refetch });
    expect(screen.getByRole('heading', { name: 'Failed to load rules' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for an empty list, else the content', () => {
    const { rerender } = view({ data: [], isPending: false, isError: false });
    expect(screen.getByRole('heading', { name: 'No rules yet' })).toBeTruthy();
    rerender(
      <ThemeProvider theme={lightTheme}>
        <QueryView
          query={{ data: ['Has e-mail'], isPending: false, isError: false }}
          loadingLabel="Loading rules"
          errorTitle="Failed to load rules"
        >
          {(rules) => <p>{rules.join(', ')}</p>}
        </QueryView>
      </ThemeProvider>,
    );
    expect(screen.getByText('Has e-mail')).toBeTruthy();
  });

  it('QueryCard names its card by the title and keeps its footer in every state', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <QueryCard
          title="Members"
          query={{ data: undefined, isPending: false, isError: true, error: new Error('boom') }}
          loadingLabel="Loading members"
          errorTitle="Members could not be loaded"
          errorDescription={(error) => (error as Error).message}
          retryLabel={null}
          footer={<p>footer</p>}
        >
          {() => null}
        </QueryCard>
      </ThemeProvider>,
    );
    expect(screen.getByRole('region', { name: 'Members' })).toBeTruthy();
    expect(screen.getByText('boom')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('footer')).toBeTruthy();
  });
});
