import type { RecordItem } from '@tessera/data-access/contracts';
import { monthTicks, timelineBar, timelineInstant, timelineRange, todayOffset } from './timeline-geometry';
import { recordWith } from './test-records';

function task(id: string, start: string | null, end: string | null): RecordItem {
  return recordWith(id, { start_date: start, due_date: end });
}

describe('timeline geometry', () => {
  it('treats a date end as inclusive', () => {
    expect(timelineInstant('2026-03-05', 'date', 'end')).toEqual(new Date(2026, 2, 6));
    expect(timelineInstant('2026-03-05', 'date', 'start')).toEqual(new Date(2026, 2, 5));
    expect(timelineInstant(null, 'date', 'start')).toBeNull();
  });

  it('spans whole months from the earliest start to the latest end', () => {
    const range = timelineRange(
      [task('a', '2026-03-10', '2026-03-20'), task('b', '2026-04-02', '2026-05-03'), task('c', null, null)],
      'start_date',
      'due_date',
      'date',
    );
    expect(range).toEqual({ start: new Date(2026, 2, 1), end: new Date(2026, 5, 1) });
    const empty = timelineRange([], 'start_date', 'due_date', 'date', new Date(2026, 6, 15));
    expect(empty).toEqual({ start: new Date(2026, 6, 1), end: new Date(2026, 7, 1) });
  });

  it('places a bar by its start and inclusive end', () => {
    // April 2026: 30 days.
    const range = { start: new Date(2026, 3, 1), end: new Date(2026, 4, 1) };
    const bar = timelineBar(task('a', '2026-04-01', '2026-04-15'), 'start_date', 'due_date', 'date', range);
    expect(bar?.left).toBeCloseTo(0);
    expect(bar?.width).toBeCloseTo(50);
    const late = timelineBar(task('b', '2026-04-16', '2026-04-30'), 'start_date', 'due_date', 'date', range);
    expect(late?.left).toBeCloseTo(50);
    expect((late?.left ?? 0) + (late?.width ?? 0)).toBeCloseTo(100);
  });

  it('gives undated ends a one-day bar, clips to the range and keeps a minimum width', () => {
    const range = { start: new Date(2026, 3, 1), end: new Date(2026, 4, 1) };
    // Each task's bar between its start and due dates in April, at least minWidth wide.
    const bar = (item: RecordItem, minWidth?: number) =>
      timelineBar(item, 'start_date', 'due_date', 'date', range, minWidth);
    const oneDay = bar(task('a', '2026-04-10', null));
    expect(oneDay?.width).toBeCloseTo(100 / 30);
    const clipped = bar(task('b', '2026-03-20', '2026-04-05'));
    expect(clipped?.left).toBe(0);
    expect(clipped?.width).toBeCloseTo((5 / 30) * 100);
    expect(bar(task('c', null, null))).toBeNull();
    expect(bar(task('d', '2026-06-01', '2026-06-02'))).toBeNull();
    const tiny = bar(task('e', '2026-04-10', '2026-04-10'), 5);
    expect(tiny?.width).toBe(5);
  });

  it('ticks each month and finds today', () => {
    const range = { start: new Date(2026, 2, 1), end: new Date(2026, 4, 1) };
    const ticks = monthTicks(range);
    expect(ticks.map((tick) => tick.date.getMonth())).toEqual([2, 3]);
    expect(ticks[0].left).toBe(0);
    expect(todayOffset(range, new Date(2026, 5, 1))).toBeNull();
    expect(todayOffset(range, new Date(2026, 2, 1))).toBe(0);
  });
});
