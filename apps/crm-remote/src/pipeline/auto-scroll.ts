import { DRAG_CONSTANTS } from './pipeline-logic';

/**
 * Edge auto-scrolling while a card is dragged (docs/product/pipeline.md#drag-and-drop): it starts when the pointer is within 25%
 * of a container's size from an edge, reaches its top speed of 28 px per step at 5%, and is
 * dampened over the first moments of a drag (1 px per step before 360 ms, full speed from
 * 1200 ms) so that picking a card up near an edge does not throw the board sideways.
 */

const ease = (percentage: number): number => percentage ** 2;

function percentageBetween(start: number, end: number, current: number): number {
  if (start === end) return 0;
  return Math.min(1, Math.max(0, (current - start) / (end - start)));
}

/** Speed (px per step) for a pointer `distanceToEdge` px from an edge of a container `size` px long. */
export function speedFromEdge(distanceToEdge: number, size: number): number {
  const startFrom = size * DRAG_CONSTANTS.autoScrollStartRatio;
  const maxAt = size * DRAG_CONSTANTS.autoScrollFullSpeedRatio;
  if (distanceToEdge > startFrom || distanceToEdge < 0) return 0;
  if (distanceToEdge <= maxAt) return DRAG_CONSTANTS.autoScrollMaxPxPerStep;
  const towardsMax = 1 - percentageBetween(startFrom, maxAt, distanceToEdge);
  return Math.ceil(DRAG_CONSTANTS.autoScrollMaxPxPerStep * ease(1 - towardsMax));
}

/** Time dampening from the start of the drag (docs/product/pipeline.md#drag-and-drop). */
export function dampenByTime(speed: number, msSinceDragStart: number): number {
  if (speed === 0) return 0;
  const { autoScrollDampeningMinMs: accelerateAt, autoScrollDampeningMaxMs: stopAt } = DRAG_CONSTANTS;
  if (msSinceDragStart >= stopAt) return speed;
  if (msSinceDragStart < accelerateAt) return 1;
  return Math.ceil(speed * ease(percentageBetween(accelerateAt, stopAt, msSinceDragStart)));
}

/**
 * Signed scroll step along one axis: negative towards the start edge, positive towards the end,
 * 0 when the pointer is in the middle band or outside the container.
 */
export function autoScrollStep(
  pointer: number,
  start: number,
  size: number,
  msSinceDragStart: number,
): number {
  if (size <= 0 || pointer < start || pointer > start + size) return 0;
  const toStart = pointer - start;
  const toEnd = start + size - pointer;
  if (toStart <= toEnd) return 0 - dampenByTime(speedFromEdge(toStart, size), msSinceDragStart) || 0;
  return dampenByTime(speedFromEdge(toEnd, size), msSinceDragStart);
}
