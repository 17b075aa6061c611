import { autoScrollStep, dampenByTime, speedFromEdge } from './auto-scroll';

describe('auto-scroll (docs/product/pipeline.md#drag-and-drop)', () => {
  it('starts at 25% of the container and peaks at 28 px from 5%', () => {
    expect([251, 250, 50, 0].map((distance) => speedFromEdge(distance, 1000))).toEqual([0, 0, 28, 28]);
    expect(speedFromEdge(150, 1000)).toBeGreaterThan(0);
    expect(speedFromEdge(150, 1000)).toBeLessThan(28);
    expect(speedFromEdge(100, 1000)).toBeGreaterThan(speedFromEdge(200, 1000));
  });
  it('dampens by time: 1 px before 360 ms, full speed from 1200 ms', () => {
    expect(dampenByTime(28, 0)).toBe(1);
    expect(dampenByTime(28, 359)).toBe(1);
    expect(dampenByTime(28, 780)).toBeGreaterThan(1);
    expect(dampenByTime(28, 780)).toBeLessThan(28);
    expect(dampenByTime(28, 1200)).toBe(28);
    expect(dampenByTime(0, 5000)).toBe(0);
  });
  it('scrolls towards the nearer edge only', () => {
    expect([20, 990, 500, 1500].map((pointer) => autoScrollStep(pointer, 0, 1000, 2000))).toEqual([
      -28, 28, 0, 0,
    ]);
  });
});
