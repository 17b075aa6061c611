import { act, fireEvent, render, screen } from '@testing-library/react';
import { TYPEAHEAD_RESET_MS, typeaheadMatch, useMenuKeyboard } from './menu-keyboard';

function Menu({ onEscape }: { onEscape: () => void }) {
  const onKeyDown = useMenuKeyboard(onEscape);
  return (
    <div role="menu" aria-label="Actions" tabIndex={-1} onKeyDown={onKeyDown}>
      {['Profile', 'Preferences', 'Settings', 'Sign out'].map((label) => (
        <button key={label} type="button" role="menuitem">
          {label}
        </button>
      ))}
    </div>
  );
}

describe('menu keyboard (docs/product/shell.md#timings)', () => {
  afterEach(() => jest.useRealTimers());

  it('finds items by their first letters, cycling one repeated letter', () => {
    const labels = ['Profile', 'Preferences', 'Settings', 'Sign out'];
    expect(typeaheadMatch(labels, 's', 0)).toBe(2);
    expect(typeaheadMatch(labels, 'ss', 2)).toBe(3);
    expect(typeaheadMatch(labels, 'pre', 0)).toBe(1);
    expect(typeaheadMatch(labels, 'x', 0)).toBe(-1);
  });

  it('keeps typed letters together, and starts a new search 1000 ms after the last one', () => {
    jest.useFakeTimers();
    const onEscape = jest.fn();
    render(<Menu onEscape={onEscape} />);
    const menu = screen.getByRole('menu');
    screen.getByRole('menuitem', { name: 'Profile' }).focus();
    fireEvent.keyDown(menu, { key: 'p' });
    fireEvent.keyDown(menu, { key: 'r' });
    fireEvent.keyDown(menu, { key: 'e' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Preferences' }));
    // Just before the reset the letters still add up ("pres" matches nothing, focus stays) …
    act(() => jest.advanceTimersByTime(TYPEAHEAD_RESET_MS - 1));
    fireEvent.keyDown(menu, { key: 's' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Preferences' }));
    // … after it, "s" is a search of its own.
    act(() => jest.advanceTimersByTime(TYPEAHEAD_RESET_MS));
    fireEvent.keyDown(menu, { key: 's' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Settings' }));
  });

  it('moves with the arrows, Home and End, and closes on Escape', () => {
    const onEscape = jest.fn();
    render(<Menu onEscape={onEscape} />);
    const menu = screen.getByRole('menu');
    screen.getByRole('menuitem', { name: 'Profile' }).focus();
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Profile' }));
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Profile' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(1);
  });
});
