import { act, fireEvent, render, screen } from '@testing-library/react';
import { SCROLL_HIDE_DELAY_MS, useScrollHide } from './scroll-area';

function Area() {
  const ref = useScrollHide<HTMLDivElement>();
  return (
    <div ref={ref} data-testid="area">
      content
    </div>
  );
}

describe('scroll area (docs/product/shell.md#timings)', () => {
  afterEach(() => jest.useRealTimers());

  it('shows its scrollbar while scrolling and hides it 600 ms after the last scroll', () => {
    jest.useFakeTimers();
    render(<Area />);
    const area = screen.getByTestId('area');
    expect(area.hasAttribute('data-scrolling')).toBe(false);
    fireEvent.scroll(area);
    expect(area.hasAttribute('data-scrolling')).toBe(true);
    act(() => jest.advanceTimersByTime(SCROLL_HIDE_DELAY_MS - 100));
    // Scrolling again keeps it shown for another full delay.
    fireEvent.scroll(area);
    act(() => jest.advanceTimersByTime(SCROLL_HIDE_DELAY_MS - 1));
    expect(area.hasAttribute('data-scrolling')).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(area.hasAttribute('data-scrolling')).toBe(false);
    expect(SCROLL_HIDE_DELAY_MS).toBe(600);
  });
});
