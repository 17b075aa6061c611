import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Deal } from '@tessera/data-access/contracts';
import { lightTheme } from '@tessera/ui';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { DealCardBody } from './deal-card';

const base: Deal = {
  id: 'd0000000-0000-4000-8000-000000000001',
  org_id: null,
  owner_id: 'a1b2c3d4-e5f6-4000-8000-000000000009',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  name: 'Globex renewal',
  title: null,
  description: 'Three-year renewal with the support upgrade',
  amount: 48_000,
  currency: 'USD',
  probability: 85,
  stage: 'negotiation',
  status: 'open',
  company_id: 'ffeeddcc-0000-4000-8000-000000000000',
  account_id: 'ffeeddcc-0000-4000-8000-000000000000',
  contact_id: null,
  expected_close_date: '2026-11-23',
  lead_source: 'email_campaign',
  closed_at: null,
  forecast_category: null,
  version: 1,
};

function renderCard(deal: Deal) {
  // No institution selected: the company and member lists stay unloaded, so the card shows its fallbacks.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ThemeProvider theme={lightTheme}>
          <DealCardBody deal={deal} now={new Date(2026, 10, 22, 9)} />
        </ThemeProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('deal card (docs/product/pipeline.md#deal-card)', () => {
  it('shows every field of a deal', () => {
    renderCard(base);
    expect(screen.getByRole('link', { name: 'Open deal Globex renewal' })).toBeTruthy();
    expect(screen.getByText('Three-year renewal with the support upgrade')).toBeTruthy();
    expect(screen.getByText('$48K')).toBeTruthy();
    expect(screen.getByText('85%')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Company' }).getAttribute('href')).toBe(
      '/modules/crm/companies/ffeeddcc-0000-4000-8000-000000000000',
    );
    // Never an id: the member's name, or "Another member" until the members are known.
    expect(screen.getByText('Owner: Another member')).toBeTruthy();
    expect(screen.getByText('Close Nov 23')).toBeTruthy();
    expect(screen.getByText('Tomorrow')).toBeTruthy();
    expect(screen.getByText('email campaign')).toBeTruthy();
    expect(screen.getByText(/^Updated Nov 20$/)).toBeTruthy();
  });

  it('falls back to Untitled Deal and Unassigned, and leaves out what is missing', () => {
    renderCard({
      ...base,
      name: '  ',
      owner_id: '',
      company_id: null,
      account_id: null,
      description: null,
      probability: null,
      expected_close_date: null,
      lead_source: null,
    });
    expect(screen.getByRole('link', { name: 'Open deal Untitled Deal' })).toBeTruthy();
    expect(screen.getByText('Owner: Unassigned')).toBeTruthy();
    expect(screen.getByText('No probability')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Company' })).toBeNull();
    expect(screen.queryByText(/^Close /)).toBeNull();
  });

  it('marks an overdue close date', () => {
    renderCard({ ...base, expected_close_date: '2026-11-01' });
    expect(screen.getByText('Overdue')).toBeTruthy();
  });
});
