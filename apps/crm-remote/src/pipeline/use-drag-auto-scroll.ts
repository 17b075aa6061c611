import { type RefObject, useEffect, useRef } from 'react';
import { autoScrollStep } from './auto-scroll';

/**
 * Runs the auto-scroller of docs/product/pipeline.md#drag-and-drop while a drag is active: the board scrolls sideways and the
 * column body under the pointer scrolls up or down, one step per animation frame.
 */
export function useDragAutoScroll(boardRef: RefObject<HTMLElement | null>, dragging: boolean): void {
  const pointer = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    if (!dragging) return;
    const startedAt = performance.now();
    const onPointerMove = (event: PointerEvent | MouseEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
    };
    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) pointer.current = { x: touch.clientX, y: touch.clientY };
    };
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('mousemove', onPointerMove);
    window.addEventListener('touchmove', onTouchMove, { passive: true });
    let frame = 0;
    const tick = () => {
      const at = pointer.current;
      const board = boardRef.current;
      if (at && board) {
        const elapsed = performance.now() - startedAt;
        const rect = board.getBoundingClientRect();
        const dx = autoScrollStep(at.x, rect.left, rect.width, elapsed);
        if (dx && at.y >= rect.top && at.y <= rect.bottom) board.scrollLeft += dx;
        const body = document
          .elementsFromPoint(at.x, at.y)
          .find(
            (element): element is HTMLElement =>
              element instanceof HTMLElement && element.dataset.columnBody === 'true',
          );
        if (body) {
          const bodyRect = body.getBoundingClientRect();
          const dy = autoScrollStep(at.y, bodyRect.top, bodyRect.height, elapsed);
          if (dy) body.scrollTop += dy;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('mousemove', onPointerMove);
      window.removeEventListener('touchmove', onTouchMove);
      pointer.current = null;
    };
  }, [boardRef, dragging]);
}
