import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react';

/** docs/product/shell.md#timings: the letters typed to find an item are forgotten 1000 ms after the last one. */
export const TYPEAHEAD_RESET_MS = 1000;

/**
 * The item a type-ahead buffer finds: the first, from the focused one on, whose text starts with the buffer; a
 * buffer of one letter repeated cycles through the items starting with it (as native selects do).
 */
export function typeaheadMatch(labels: readonly string[], buffer: string, currentIndex: number): number {
  const wanted = buffer.toLowerCase();
  if (!wanted) return -1;
  const sameLetter = wanted.split('').every((letter) => letter === wanted[0]);
  const needle = sameLetter ? wanted[0] : wanted;
  // A new search starts after the focused item only when cycling one letter.
  const start = sameLetter ? currentIndex + 1 : Math.max(currentIndex, 0);
  for (let step = 0; step < labels.length; step += 1) {
    const index = (start + step) % labels.length;
    if (labels[index]?.trim().toLowerCase().startsWith(needle)) return index;
  }
  return -1;
}

/**
 * Keyboard use of a `role="menu"` list: Up and Down (wrapping), Home and End, Escape to close, and type-ahead.
 * Put the returned handler on the menu element; its items are its `[role="menuitem"]` descendants.
 */
export function useMenuKeyboard(onEscape: () => void): (event: KeyboardEvent<HTMLElement>) => void {
  const buffer = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
      if (items.length === 0) return;
      const index = items.indexOf(document.activeElement as HTMLElement);
      const focus = (next: number) => items[(next + items.length) % items.length]?.focus();
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          focus(index + 1);
          return;
        case 'ArrowUp':
          event.preventDefault();
          focus(index - 1);
          return;
        case 'Home':
          event.preventDefault();
          focus(0);
          return;
        case 'End':
          event.preventDefault();
          focus(items.length - 1);
          return;
        case 'Escape':
          event.stopPropagation();
          onEscape();
          return;
      }
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.key === ' ')
        return;
      buffer.current += event.key;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        buffer.current = '';
      }, TYPEAHEAD_RESET_MS);
      const found = typeaheadMatch(
        items.map((item) => item.textContent ?? ''),
        buffer.current,
        index,
      );
      if (found !== -1) focus(found);
    },
    [onEscape],
  );
}
