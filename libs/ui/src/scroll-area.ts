import { type RefCallback, useCallback, useEffect, useRef } from 'react';
import { css } from 'styled-components';

/** docs/product/shell.md#timings: a scroll area's scrollbar hides 600 ms after scrolling stops. */
export const SCROLL_HIDE_DELAY_MS = 600;

/**
 * A scroll area's look: a thin scrollbar shown while the area scrolls or is hovered, hidden otherwise. The area stays
 * a native scroller, so the keyboard, screen readers and touch scroll it as usual.
 */
export const scrollAreaStyles = css`
  overflow-y: auto;
  scrollbar-width: thin;
  scrollbar-color: transparent transparent;
  transition: scrollbar-color 120ms ease;
  &[data-scrolling],
  &:hover,
  &:focus-visible {
    scrollbar-color: ${({ theme }) => theme.colors.border} transparent;
  }
`;

/**
 * Marks the element `data-scrolling` while it scrolls and until `delay` ms after the last scroll, so its scrollbar
 * (scrollAreaStyles) shows then and hides after. Returns a ref callback; `forward` receives the node too.
 */
export function useScrollHide<T extends HTMLElement>(
  forward?: (node: T | null) => void,
  delay: number = SCROLL_HIDE_DELAY_MS,
): RefCallback<T> {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      cleanup.current?.();
    },
    [],
  );
  return useCallback(
    (node: T | null) => {
      cleanup.current?.();
      cleanup.current = null;
      forward?.(node);
      if (!node) return;
      const onScroll = () => {
        node.setAttribute('data-scrolling', '');
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => node.removeAttribute('data-scrolling'), delay);
      };
      node.addEventListener('scroll', onScroll, { passive: true });
      cleanup.current = () => {
        node.removeEventListener('scroll', onScroll);
        if (timer.current) clearTimeout(timer.current);
      };
    },
    [forward, delay],
  );
}
