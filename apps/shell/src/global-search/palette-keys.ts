/** ⌘K on a Mac, Ctrl+K elsewhere: both open the search palette wherever focus is. */
export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}

/** The option arrows move to: down past the last wraps to the first, up past the first to the last. */
export function movedOption(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return 0;
  return key === 'ArrowDown' ? (active + 1) % count : (active - 1 + count) % count;
}
