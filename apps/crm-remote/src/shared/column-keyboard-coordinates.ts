import { type KeyboardCoordinateGetter, KeyboardCode } from '@dnd-kit/core';

const STEP_PX = 40;
/** The gap between cards (pipeline-column.tsx): one step Up or Down lands on the neighbouring card's place. */
const CARD_GAP_PX = 8;

/**
 * Keyboard dragging between columns (keyboard support: the pipeline, docs/product/pipeline.md#moving-a-deal, and the
 * contacts board): Left and Right jump the card to the previous or next column (the next droppable rect), Up and Down
 * move it one card within one.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates, context },
) => {
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  switch (event.code) {
    case KeyboardCode.Up:
    case KeyboardCode.Down: {
      // One card's height per press: Space then drops it at that card's place (docs/product/pipeline.md#card-order).
      event.preventDefault();
      const step = collisionRect ? collisionRect.height + CARD_GAP_PX : STEP_PX;
      return {
        ...currentCoordinates,
        y: currentCoordinates.y + (event.code === KeyboardCode.Up ? -step : step),
      };
    }
    case KeyboardCode.Left:
    case KeyboardCode.Right: {
      event.preventDefault();
      if (!collisionRect) return undefined;
      const columns = droppableContainers
        .getEnabled()
        // Cards are droppable too (the sortable list); only columns are steps Left and Right.
        .filter((container) => container.data?.current?.type !== 'deal')
        .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
        .filter((column): column is { id: typeof column.id; rect: NonNullable<typeof column.rect> } =>
          Boolean(column.rect),
        )
        .sort((a, b) => a.rect.left - b.rect.left);
      if (columns.length === 0) return undefined;
      const centre = collisionRect.left + collisionRect.width / 2;
      let index = over ? columns.findIndex((column) => column.id === over.id) : -1;
      if (index === -1) {
        index = columns.findIndex(
          (column) => centre >= column.rect.left && centre <= column.rect.left + column.rect.width,
        );
      }
      const next = index + (event.code === KeyboardCode.Right ? 1 : -1);
      if (index === -1 || next < 0 || next >= columns.length) return currentCoordinates;
      const target = columns[next].rect;
      // Move by the distance between column left edges, keeping the card's offset inside its column.
      const current = columns[index].rect;
      return {
        x: currentCoordinates.x + (target.left - current.left),
        y: currentCoordinates.y + (target.top - current.top),
      };
    }
    default:
      return undefined;
  }
};
