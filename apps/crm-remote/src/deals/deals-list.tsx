import { useVirtualizer } from '@tanstack/react-virtual';
import { compactUsd, DEAL_STAGE_LABELS, probabilityColour } from '@tessera/data-access/contracts';
import { useOwnerName } from '../shared/use-owner-name';
import { useDeals } from '@tessera/data-access/hooks';
import { Button, EmptyState, focusRing, Spinner, Table, TableScroll, toast } from '@tessera/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type { CrmFilters } from '../shared/crm-tab-props';
import { dealMatchesFilters } from '../shared/crm-filter-match';
import { DealFormDialog } from './deal-form-dialog';
import { useCrmCanWrite } from '../shared/use-crm-can-write';

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

/** The list scrolls inside its own box so only the visible rows are rendered. */
const Scroller = styled(TableScroll)`
  max-height: 70vh;
  overflow-y: auto;
  thead th { position: sticky; top: 0; z-index: 1; }
`;

const Spacer = styled.td`
  padding: 0 !important;
  border: 0 !important;
`;

const ROW_HEIGHT = 41;

const BAND_TEXT = { green: '#166534', yellow: '#854d0e', orange: '#9a3412', red: '#991b1b', grey: '#374151' };

export interface DealsListProps {
  filters: CrmFilters;
  onSelectDeal: (dealId: string) => void;
}

/** The Deals tab without a selection: every deal in scope, narrowed by the filter panel. */
export function DealsList({ filters, onSelectDeal }: DealsListProps) {
  const ownerName = useOwnerName();
  const canWrite = useCrmCanWrite();
  const deals = useDeals();
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    if (deals.isError) toast({ title: 'Failed to load deals pipeline', variant: 'destructive' });
  }, [deals.isError]);
  const rows = useMemo(
    () => (deals.data ?? []).filter((deal) => dealMatchesFilters(deal, filters)),
    [deals.data, filters],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <section aria-labelledby="deals-list-heading">
      <Head>
        <h2 id="deals-list-heading">{deals.isPending ? 'Deals' : `Deals (${rows.length})`}</h2>
        {canWrite ? <Button onClick={() => setCreating(true)}>New Deal</Button> : null}
      </Head>
      {deals.isPending ? (
        <Spinner label="Loading deals" block />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No deals found"
          description="No deal matches the filters. Clear them or create a deal."
        />
      ) : (
        <Scroller ref={scroller}>
          <Table aria-rowcount={rows.length + 1}>
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
              {padTop > 0 ? (
                <tr>
                  <Spacer colSpan={6} style={{ height: padTop }} />
                </tr>
              ) : null}
              {items.map((item) => {
                const deal = rows[item.index];
                return (
                  <tr
                    key={deal.id}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    aria-rowindex={item.index + 2}
                  >
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
                    <td>{ownerName(deal.owner_id)}</td>
                    <td>{deal.expected_close_date?.slice(0, 10) ?? 'Not set'}</td>
                  </tr>
                );
              })}
              {padBottom > 0 ? (
                <tr>
                  <Spacer colSpan={6} style={{ height: padBottom }} />
                </tr>
              ) : null}
            </tbody>
          </Table>
        </Scroller>
      )}
      <DealFormDialog open={creating} onOpenChange={setCreating} onSaved={(deal) => onSelectDeal(deal.id)} />
    </section>
  );
}
