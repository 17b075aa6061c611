import type { SensorContext } from '@dnd-kit/core';
import { columnKeyboardCoordinates } from './column-keyboard-coordinates';

const rect = (left: number, top = 100, width = 280, height = 500) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

function context(overId: string | null): SensorContext {
  const columns = { prospecting: rect(0), qualification: rect(292), proposal: rect(584) };
  return {
    collisionRect: rect(10, 120, 260, 180),
    // A card is droppable too (sortable): it is no step Left or Right.
    droppableRects: new Map([...Object.entries(columns), ['deal-2', rect(150, 120, 260, 180)]]),
    droppableContainers: {
      getEnabled: () => [
        ...Object.keys(columns).map((id) => ({ id, data: { current: { type: 'column' } } })),
        { id: 'deal-2', data: { current: { type: 'deal', stage: 'prospecting' } } },
      ],
    },
    over: overId ? { id: overId } : null,
  } as unknown as SensorContext;
}

function press(code: string, overId: string | null, at = { x: 50, y: 200 }) {
  const event = { code, preventDefault: jest.fn() } as unknown as KeyboardEvent;
  return columnKeyboardCoordinates(event, {
    active: 'deal',
    currentCoordinates: at,
    context: context(overId),
  });
}

describe('keyboard moves between columns', () => {
  it('Right and Left jump by one column', () => {
    expect(press('ArrowRight', 'prospecting')).toEqual({ x: 342, y: 200 });
    expect(press('ArrowLeft', 'qualification', { x: 342, y: 200 })).toEqual({ x: 50, y: 200 });
  });
  it('stays put at either end of the board', () => {
    expect(press('ArrowLeft', 'prospecting')).toEqual({ x: 50, y: 200 });
    expect(press('ArrowRight', 'proposal', { x: 634, y: 200 })).toEqual({ x: 634, y: 200 });
  });
  it('finds the column under the card when nothing is over yet', () => {
    expect(press('ArrowRight', null)).toEqual({ x: 342, y: 200 });
  });
  it('moves up and down by one card (its height and the gap), and leaves other keys to the sensor', () => {
    expect(press('ArrowDown', 'prospecting')).toEqual({ x: 50, y: 388 });
    expect(press('ArrowUp', 'prospecting')).toEqual({ x: 50, y: 12 });
    expect(press('Space', 'prospecting')).toBeUndefined();
  });
});
