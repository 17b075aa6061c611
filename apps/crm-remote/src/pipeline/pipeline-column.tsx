import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useVirtualizer } from '@tanstack/react-virtual';
import { compactUsd, DEAL_STAGE_LABELS, type Deal, type DealStage } from '@tessera/data-access/contracts';
import { useCallback, useMemo, useRef } from 'react';
import { scrollAreaStyles, useScrollHide, VisuallyHidden } from '@tessera/ui';
import styled from 'styled-components';
import { DealCard } from './deal-card';
import { columnTotal, STAGE_COLOURS } from './pipeline-logic';

const Column = styled.section`
  position: relative;
  flex: 0 0 280px;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  min-width: 0;
`;

const Header = styled.header`
  padding: ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.md};
    display: flex;
    align-items: center;
    gap: 8px;
  }
`;

const Figures = styled.p`
  margin: 4px 0 0;
  display: flex;
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Count = styled.span`
  border-radius: 999px;
  padding: 0 8px;
  font-size: ${({ theme }) => theme.font.size.xs};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  position: relative;
`;

const Dot = styled.span<{ $colour: string }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ $colour }) => $colour};
`;

/** docs/product/pipeline.md#deals-pipeline: a minimum height, and a highlight while a card is over it. */
const Body = styled.div<{ $over: boolean }>`
  min-height: 420px;
  max-height: calc(100vh - 300px);
  ${scrollAreaStyles}
  padding: ${({ theme }) => theme.space(2)};
  border-radius: 0 0 ${({ theme }) => theme.radii.lg} ${({ theme }) => theme.radii.lg};
  background: ${({ $over, theme }) => ($over ? theme.colors.primaryMuted : 'transparent')};
  outline: ${({ $over, theme }) => ($over ? `2px dashed ${theme.colors.primary}` : 'none')};
  outline-offset: -4px;
  transition: background 120ms ease;
`;

const Empty = styled.p`
  margin: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** Cards are measured once rendered; this is only the first guess. */
const ESTIMATED_CARD_HEIGHT = 190;
const CARD_GAP = 8;

export interface PipelineColumnProps {
  stage: DealStage;
  deals: readonly Deal[];
  now: Date;
  onSelectDeal: (dealId: string) => void;
}

/**
 * One stage: its label, deal count and compact USD sum, and a droppable body whose cards are
 * virtualized (only the visible ones are mounted), so a column of a thousand deals stays light. The cards are a
 * sortable list: they make room for a dragged card (docs/product/pipeline.md#card-order).
 */
export function PipelineColumn({ stage, deals, now, onSelectDeal }: PipelineColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: stage, data: { type: 'column', stage } });
  const ids = useMemo(() => deals.map((deal) => deal.id), [deals]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const setBodyRef = useScrollHide<HTMLDivElement>(
    useCallback(
      (node: HTMLDivElement | null) => {
        scrollRef.current = node;
        setNodeRef(node);
      },
      [setNodeRef],
    ),
  );
  const virtualizer = useVirtualizer({
    count: deals.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT + CARD_GAP,
    overscan: 4,
    getItemKey: (index) => deals[index].id,
  });
  const label = DEAL_STAGE_LABELS[stage];
  const headingId = `pipeline-column-${stage}`;
  return (
    <Column aria-labelledby={headingId} data-stage={stage}>
      <Header>
        <h3 id={headingId}>
          <Dot $colour={STAGE_COLOURS[stage]} aria-hidden="true" />
          {label}
          <Count>
            {deals.length}
            <VisuallyHidden> deals</VisuallyHidden>
          </Count>
        </h3>
        <Figures>
          <span>Total</span>
          <strong data-testid={`${stage}-total`}>{compactUsd(columnTotal(deals))}</strong>
        </Figures>
      </Header>
      <Body ref={setBodyRef} data-column-body="true" $over={isOver} data-over={isOver || undefined}>
        {deals.length === 0 ? (
          <Empty>No deals</Empty>
        ) : (
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <Cards aria-label={`${label} deals`} style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    paddingBottom: CARD_GAP,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  <DealCard deal={deals[item.index]} now={now} onSelect={onSelectDeal} />
                </li>
              ))}
            </Cards>
          </SortableContext>
        )}
      </Body>
    </Column>
  );
}
