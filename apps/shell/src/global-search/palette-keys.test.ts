import { isSearchShortcut, movedOption } from './palette-keys';

const key = (init: Partial<KeyboardEvent>) => ({
  key: '',
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...init,
});

describe('isSearchShortcut', () => {
  it('takes ⌘K and Ctrl+K, either case', () => {
    expect(isSearchShortcut(key({ key: 'k', metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', ctrlKey: true }))).toBe(true);
  });

  it('leaves K alone, and other chords to the browser', () => {
    expect(isSearchShortcut(key({ key: 'k' }))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ key: 'j', ctrlKey: true }))).toBe(false);
  });
});

describe('movedOption', () => {
  it('moves and wraps both ways', () => {
    expect(movedOption(0, 3, 'ArrowDown')).toBe(1);
    expect(movedOption(2, 3, 'ArrowDown')).toBe(0);
    expect(movedOption(0, 3, 'ArrowUp')).toBe(2);
  });

  it('stays on the first when there is nothing to move to', () => {
    expect(movedOption(0, 0, 'ArrowDown')).toBe(0);
  });
});
