/** docs/product/shell.md#layout-and-breakpoints: mobile under 768 px, tablet 768–1023, desktop 1024 and up. */
export const TABLET_MIN_WIDTH = 768;
export const DESKTOP_MIN_WIDTH = 1024;

export type Viewport = 'mobile' | 'tablet' | 'desktop';

export function viewportFor(width: number): Viewport {
  if (width >= DESKTOP_MIN_WIDTH) return 'desktop';
  if (width >= TABLET_MIN_WIDTH) return 'tablet';
  return 'mobile';
}

/** Below desktop the sidebar is an overlay drawer (see apps/shell/README.md for tablet). */
export function sidebarIsDrawer(viewport: Viewport): boolean {
  return viewport !== 'desktop';
}
