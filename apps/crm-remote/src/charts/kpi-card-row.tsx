import type { Contact, Deal } from '@tessera/data-access/contracts';
import { useCrmFigures } from '@tessera/data-access/hooks';
import { Spinner } from '@tessera/ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { isOpenDeal, kpiCards, monthRanges } from './crm-figures';

const Row = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  > div {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    padding: ${({ theme }) => theme.space(4)};
  }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  dd { margin: 4px 0 0; }
`;

const Value = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: 700;
`;

const Trend = styled.span<{ $up: boolean; $flat: boolean }>`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme, $up, $flat }) => ($flat ? theme.colors.textMuted : $up ? theme.colors.success : theme.colors.destructive)};
`;

/** KPI cards (docs/product/analytics.md#kpi-cards) with real figures and the trend against last month. */
export function KpiCardRow({ deals, contacts }: { deals: readonly Deal[]; contacts: readonly Contact[] }) {
  const [ranges] = useState(() => monthRanges(new Date()));
  const current = useCrmFigures(ranges.current);
  const previous = useCrmFigures(ranges.previous);
  const cards = useMemo(
    () =>
      current.data && previous.data
        ? kpiCards({
            totalContacts: contacts.length,
            activeDeals: deals.filter(isOpenDeal).length,
            current: current.data,
            previous: previous.data,
          })
        : null,
    [current.data, previous.data, contacts.length, deals],
  );
  if (current.isError || previous.isError) return null;
  if (!cards) return <Spinner label="Loading figures" block />;
  return (
    <Row aria-label="Key figures">
      {cards.map((card) => (
        <div key={card.id}>
          <dt>{card.title}</dt>
          <dd>
            <Value>{card.value}</Value>
            <Trend $up={card.change > 0} $flat={Math.abs(card.change) < 0.05}>
              <span aria-hidden="true">{card.change > 0 ? '▲ ' : card.change < 0 ? '▼ ' : ''}</span>
              {card.trend}
            </Trend>
          </dd>
        </div>
      ))}
    </Row>
  );
}
