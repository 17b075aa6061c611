import { useInstitution } from '@tessera/auth';
import { compactUsd, DEAL_STAGE_LABELS, probabilityColour, shortId } from '@tessera/data-access/contracts';
import { useDeals } from '@tessera/data-access/hooks';
import { Button, EmptyState, focusRing, Spinner, Table, TableScroll, toast } from '@tessera/ui';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { type CrmFilterValues, dealMatchesFilters } from '../filters/crm-filter-match';
import { DealFormDialog } from './deal-form-dialog';

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(3)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
`;

const RowButton = styled.button`
  background: none;
  border: none;
  padding: 0;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  text-align: left;
  ${focusRing}
`;

const BAND_TEXT = { green: '#166534', yellow: '#854d0e', orange: '#9a3412', red: '#991b1b', grey: '#374151' };

export interface DealsListProps {
  filters: CrmFilterValues;
  onSelectDeal: (dealId: string) => void;
}

/** The Deals tab without a selection: every deal in scope, narrowed by the filter panel. */
export function DealsList({ filters, onSelectDeal }: DealsListProps) {
  const { currentInstitution } = useInstitution();
  const deals = useDeals(currentInstitution?.id ?? null);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    if (deals.isError) toast({ title: 'Failed to load deals pipeline', variant: 'destructive' });
  }, [deals.isError]);
  const rows = useMemo(
    () => (deals.data ?? []).filter((deal) => dealMatchesFilters(deal, filters)),
    [deals.data, filters],
  );
  return (
    <section aria-labelledby="deals-list-heading">
      <Head>
        <h2 id="deals-list-heading">Deals ({rows.length})</h2>
        <Button onClick={() => setCreating(true)}>New Deal</Button>
      </Head>
      {deals.isPending ? (
        <Spinner label="Loading deals" block />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No deals found"
          description="No deal matches the filters. Clear them or create a deal."
        />
      ) : (
        <TableScroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">Deal</th>
                <th scope="col">Stage</th>
                <th scope="col">Amount</th>
                <th scope="col">Probability</th>
                <th scope="col">Owner</th>
                <th scope="col">Expected close</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, 500).map((deal) => (
                <tr key={deal.id}>
                  <td>
                    <RowButton type="button" onClick={() => onSelectDeal(deal.id)}>
                      {deal.name?.trim() || 'Untitled Deal'}
                    </RowButton>
                  </td>
                  <td>{DEAL_STAGE_LABELS[deal.stage ?? 'prospecting']}</td>
                  <td>{compactUsd(deal.amount)}</td>
                  <td style={{ color: BAND_TEXT[probabilityColour(deal.probability)] }}>
                    {deal.probability === null ? '—' : `${deal.probability}%`}
                  </td>
                  <td>{deal.owner_id ? shortId(deal.owner_id) : 'Unassigned'}</td>
                  <td>{deal.expected_close_date?.slice(0, 10) ?? 'Not set'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      {rows.length > 500 ? (
        <p>Showing the first 500 of {rows.length} deals; narrow them with the filters.</p>
      ) : null}
      <DealFormDialog open={creating} onOpenChange={setCreating} onSaved={(deal) => onSelectDeal(deal.id)} />
    </section>
  );
}
