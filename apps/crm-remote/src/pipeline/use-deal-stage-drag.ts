import {
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type DropAnimation,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Deal, DealStage } from '@tessera/data-access/contracts';
import { useUpdateDeal } from '@tessera/data-access/hooks';
import { toast } from '@tessera/ui';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { columnKeyboardCoordinates } from '../shared/column-keyboard-coordinates';
import { dealName, pipelineAnnouncements } from './pipeline-announcements';
import { DRAG_CONSTANTS, decideDrop, dropAnimationMs, dropTargetOf } from './pipeline-logic';
import { useDragAutoScroll } from './use-drag-auto-scroll';

/** Where the user's card order changes (docs/product/pipeline.md#card-order): saved per user by the board. */
export interface CardOrderChanges {
  /** A card dropped on another card's place in its own stage. */
  reorder: (stage: DealStage, dealId: string, overDealId: string) => void;
  /** A card that moved to `stage`, to sit before the card it was dropped on (or last). */
  place: (stage: DealStage, dealId: string, beforeDealId: string | null) => void;
}

/**
 * Moving deals between stages by drag and drop (docs/product/pipeline.md#drag-and-drop): mouse, touch and keyboard sensors,
 * the board's auto-scroll, the announcements, the server-first save of the new stage, and the order within a stage.
 */
export function useDealStageDrag(
  deals: readonly Deal[],
  boardRef: RefObject<HTMLDivElement | null>,
  order: CardOrderChanges,
) {
  const updateDeal = useUpdateDeal();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [dropMs, setDropMs] = useState<number>(DRAG_CONSTANTS.dropAnimationMinMs);
  const [savingIds, setSavingIds] = useState<ReadonlySet<string>>(new Set());
  const byId = useMemo(() => new Map(deals.map((deal) => [deal.id, deal])), [deals]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_CONSTANTS.mouseActivationDistancePx } }),
    useSensor(TouchSensor, {
      activationConstraint: {
        delay: DRAG_CONSTANTS.touchLongPressMs,
        tolerance: DRAG_CONSTANTS.touchTolerancePx,
      },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  useDragAutoScroll(boardRef, activeId !== null);

  const announced = useRef<string | null>(null);
  const announcements: Announcements = useMemo(
    () => pipelineAnnouncements((id) => dealName(byId.get(id)), announced),
    [byId],
  );

  const onDragStart = useCallback((event: DragStartEvent) => setActiveId(String(event.active.id)), []);

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setDropMs(dropAnimationMs(event.delta));
      setActiveId(null);
      const deal = byId.get(String(event.active.id));
      const decision = decideDrop(deal, dropTargetOf(event.over));
      if (decision.kind === 'none' || !deal) return;
      if (decision.kind === 'reorder') {
        order.reorder(decision.stage, decision.dealId, decision.overDealId);
        return;
      }
      // docs/product/pipeline.md#moving-a-deal: the server first; the card moves only with the row the server answered.
      setSavingIds((ids) => new Set(ids).add(deal.id));
      updateDeal
        .mutateAsync({ id: deal.id, changes: { stage: decision.to, version: deal.version } })
        .then(() => {
          toast({ title: 'Deal stage updated successfully' });
          order.place(decision.to, deal.id, decision.beforeDealId);
        })
        // On a 409 the hook reloads the deals, so a retry uses fresh data.
        .catch(() => toast({ title: 'Failed to update deal stage', variant: 'destructive' }))
        .finally(() =>
          setSavingIds((ids) => {
            const next = new Set(ids);
            next.delete(deal.id);
            return next;
          }),
        );
    },
    [byId, updateDeal, order],
  );

  const onDragCancel = useCallback(() => setActiveId(null), []);

  const dropAnimation: DropAnimation = useMemo(
    () => ({
      duration: dropMs,
      easing: DRAG_CONSTANTS.dropAnimationEasing,
      sideEffects: ({ active, dragOverlay }) => {
        dragOverlay.node.style.zIndex = String(DRAG_CONSTANTS.dropAnimationZIndex);
        active.node.style.opacity = '0.4';
        return () => {
          active.node.style.opacity = '';
        };
      },
    }),
    [dropMs],
  );

  return {
    sensors,
    announcements,
    onDragStart,
    onDragEnd,
    onDragCancel,
    dropAnimation,
    activeDeal: activeId ? byId.get(activeId) : undefined,
    saving: savingIds.size > 0,
  };
}
