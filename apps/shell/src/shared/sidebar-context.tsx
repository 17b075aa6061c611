import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useViewport } from './use-viewport';
import { sidebarIsDrawer, type Viewport } from './viewport';

export interface SidebarContextValue {
  viewport: Viewport;
  /** True when the sidebar is an overlay drawer (under 1024 px). */
  isDrawer: boolean;
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const viewport = useViewport();
  const isDrawer = sidebarIsDrawer(viewport);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  // Navigating closes the drawer: the user chose where to go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!isDrawer) setDrawerOpen(false);
  }, [isDrawer]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  const value = useMemo(
    () => ({ viewport, isDrawer, drawerOpen: isDrawer && drawerOpen, openDrawer, closeDrawer }),
    [viewport, isDrawer, drawerOpen, openDrawer, closeDrawer],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used within a SidebarProvider');
  return value;
}
