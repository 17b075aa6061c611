import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { DataTable } from './table';
import { lightTheme } from './theme';

describe('DataTable', () => {
  it('heads its columns and holds the rows it is given', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <DataTable columns={['When', 'Status']}>
          <tr>
            <td>today</td>
            <td>sent</td>
          </tr>
        </DataTable>
      </ThemeProvider>,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Status']);
    expect(within(table).getByRole('cell', { name: 'sent' })).toBeTruthy();
  });

  it('scrolls inside maxHeight when given one, and grows with its rows otherwise', () => {
    const { rerender } = render(
      <ThemeProvider theme={lightTheme}>
        <DataTable caption="Rows refused" columns={['Row']} maxHeight={240}>
          <tr>
            <td>2</td>
          </tr>
        </DataTable>
      </ThemeProvider>,
    );
    const scroller = () => screen.getByRole('table').parentElement as HTMLElement;
    expect(scroller().style.maxHeight).toBe('240px');
    expect(scroller().style.overflowY).toBe('auto');
    rerender(
      <ThemeProvider theme={lightTheme}>
        <DataTable caption="Rows refused" columns={['Row']}>
          <tr>
            <td>2</td>
          </tr>
        </DataTable>
      </ThemeProvider>,
    );
    expect(scroller().style.maxHeight).toBe('');
  });
});
