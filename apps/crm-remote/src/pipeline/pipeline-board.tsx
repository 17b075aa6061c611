import {
  type CollisionDetection,
  DndContext,
  DragOverlay,
  pointerWithin,
  rectIntersection,
} from '@dnd-kit/core';
import {
  DEAL_STAGES,
  type Deal,
  type DealStage,
  PIPELINE_CARD_ORDER_MAX,
  type PipelineCardOrder,
} from '@tessera/data-access/contracts';
import { useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { BoardScroll } from '../shared/board-scroll';
import { DealCardOverlay } from './deal-card';
import { PipelineColumn } from './pipeline-column';
import { DRAG_CONSTANTS, groupDealsByStage, moveCard, orderColumn, placeCard } from './pipeline-logic';
import { type CardOrderChanges, useDealStageDrag } from './use-deal-stage-drag';

const Status = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

/**
 * Mouse pointer: what is under the pointer; keyboard (no pointer): what the card overlaps most. A card there wins
 * over its column, so a drop lands at that card's place.
 */
const collisionDetection: CollisionDetection = (args) => {
  const collisions = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);
  const card = collisions.find(
    (collision) => collision.data?.droppableContainer?.data.current?.type === 'deal',
  );
  return card ? [card] : collisions;
};

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move a deal, press Space or Enter on its move button. Use the Left and Right arrow keys to move it between stages, then press Space or Enter to drop it, or Escape to cancel.',
};

export interface PipelineBoardProps {
  /** Every deal in scope: a card dragged stays known while filters hide it. */
  allDeals: readonly Deal[];
  /** The deals the filters let through, shown in their stage's column. */
  shownDeals: readonly Deal[];
  hiddenStages: readonly DealStage[];
  /** The user's order of cards per stage (docs/product/pipeline.md#card-order). */
  cardOrder: PipelineCardOrder;
  /** Saves one stage's new order. */
  onCardOrderChange: (stage: DealStage, ids: string[]) => void;
  onSelectDeal: (dealId: string) => void;
}

/** The stage columns, with cards moved between them by drag and drop (docs/product/pipeline.md#drag-and-drop). */
export function PipelineBoard({
  allDeals,
  shownDeals,
  hiddenStages,
  cardOrder,
  onCardOrderChange,
  onSelectDeal,
}: PipelineBoardProps) {
  const boardRef = useRef<HTMLDivElement>(null);
  // The order is kept over every deal of a stage, so a filter hiding some cards does not lose their place.
  const fullColumns = useMemo(() => groupDealsByStage(allDeals), [allDeals]);
  const orderChanges = useMemo<CardOrderChanges>(() => {
    const idsOf = (stage: DealStage) =>
      orderColumn(fullColumns[stage], cardOrder[stage]).map((deal) => deal.id);
    const save = (stage: DealStage, ids: string[]) =>
      onCardOrderChange(stage, ids.slice(0, PIPELINE_CARD_ORDER_MAX));
    return {
      reorder: (stage, dealId, overDealId) => save(stage, moveCard(idsOf(stage), dealId, overDealId)),
      place: (stage, dealId, beforeDealId) => {
        // Dropped on the column's empty space: it simply follows the ordered cards.
        if (beforeDealId) save(stage, placeCard(idsOf(stage), dealId, beforeDealId));
      },
    };
  }, [fullColumns, cardOrder, onCardOrderChange]);
  const drag = useDealStageDrag(allDeals, boardRef, orderChanges);
  const columns = useMemo(() => {
    const grouped = groupDealsByStage(shownDeals);
    for (const stage of DEAL_STAGES) grouped[stage] = orderColumn(grouped[stage], cardOrder[stage]);
    return grouped;
  }, [shownDeals, cardOrder]);
  const shownStages = DEAL_STAGES.filter((stage) => !hiddenStages.includes(stage));
  // Badges count days from the day the board was opened.
  const [now] = useState(() => new Date());

  return (
    <>
      <Status aria-live="polite">
        {shownDeals.length} of {allDeals.length} deals
        {drag.saving ? ' · saving stage change…' : ''}
      </Status>
      <DndContext
        sensors={drag.sensors}
        collisionDetection={collisionDetection}
        autoScroll={false}
        onDragStart={drag.onDragStart}
        onDragEnd={drag.onDragEnd}
        onDragCancel={drag.onDragCancel}
        accessibility={{
          announcements: drag.announcements,
          screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
        }}
      >
        <BoardScroll ref={boardRef} aria-label="Deal stages">
          {shownStages.map((stage) => (
            <PipelineColumn
              key={stage}
              stage={stage}
              deals={columns[stage]}
              now={now}
              onSelectDeal={onSelectDeal}
            />
          ))}
        </BoardScroll>
        <DragOverlay zIndex={DRAG_CONSTANTS.dragZIndex} dropAnimation={drag.dropAnimation}>
          {drag.activeDeal ? <DealCardOverlay deal={drag.activeDeal} now={now} /> : null}
        </DragOverlay>
      </DndContext>
    </>
  );
}
