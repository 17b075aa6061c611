import { useSyncExternalStore } from 'react';
import { type Viewport, viewportFor } from './viewport';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useViewport(): Viewport {
  return useSyncExternalStore(
    subscribe,
    () => viewportFor(window.innerWidth),
    () => 'desktop' as const,
  );
}
