import type { Announcements } from '@dnd-kit/core';
import { DEAL_STAGE_LABELS, type Deal, type DealStage } from '@tessera/data-access/contracts';
import { dropTargetOf } from './pipeline-logic';

export function dealName(deal: Pick<Deal, 'name'> | undefined): string {
  return deal?.name?.trim() || 'Untitled Deal';
}

export function stageLabel(id: string | number | undefined | null): string {
  return id && id in DEAL_STAGE_LABELS ? DEAL_STAGE_LABELS[id as DealStage] : String(id ?? '');
}

/** The column the last announcement named: only a change of column is announced again. */
export interface AnnouncedColumn {
  current: string | null;
}

/**
 * What a screen reader hears while a deal is dragged (docs/product/pipeline.md#drag-and-drop): picked up, over which stage (only
 * when the stage changes), dropped or cancelled. `nameOf` names the deal of a draggable id.
 */
export function pipelineAnnouncements(
  nameOf: (dealId: string) => string,
  announced: AnnouncedColumn = { current: null },
): Announcements {
  return {
    onDragStart: ({ active }) => {
      announced.current = String(active.data.current?.stage ?? '');
      return `Picked up deal ${nameOf(String(active.id))} in ${stageLabel(active.data.current?.stage)}. Use the Left and Right arrow keys to move it to another stage.`;
    },
    onDragOver: ({ active, over }) => {
      // Over a card or its column: the stage is what is announced, once per change.
      const overId = dropTargetOf(over)?.stage ?? null;
      if (overId === announced.current) return undefined;
      announced.current = overId;
      const name = nameOf(String(active.id));
      return overId ? `Deal ${name} is over ${stageLabel(overId)}.` : `Deal ${name} is not over a stage.`;
    },
    onDragEnd: ({ active, over }) => {
      const name = nameOf(String(active.id));
      const target = dropTargetOf(over);
      if (!target) return `Deal ${name} was dropped outside the stages. Nothing changed.`;
      if (target.stage === active.data.current?.stage) {
        return target.dealId && target.dealId !== String(active.id)
          ? `Deal ${name} was moved to the place of deal ${nameOf(target.dealId)} in ${stageLabel(target.stage)}.`
          : `Deal ${name} was dropped back in ${stageLabel(target.stage)}.`;
      }
      return `Deal ${name} was dropped on ${stageLabel(target.stage)}. Saving the new stage.`;
    },
    onDragCancel: ({ active }) =>
      `Moving was cancelled. Deal ${nameOf(String(active.id))} stays in ${stageLabel(active.data.current?.stage)}.`,
  };
}
