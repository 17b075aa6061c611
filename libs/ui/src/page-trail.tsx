import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import type { Crumb } from './breadcrumbs';
import { type Place, placeOf } from './place';

interface Published {
  crumbs: readonly Crumb[];
  order: number;
}

interface PageTrailContextValue {
  publish: (id: string, crumbs: readonly Crumb[] | null) => void;
  current: readonly Crumb[] | null;
}

const PageTrailContext = createContext<PageTrailContextValue | null>(null);

let publications = 0;

/**
 * Holds the trail of the page on screen (the shell provides it; its remotes publish into the same
 * one, since libs/ui is a federation singleton) and keeps `document.title` in step with it.
 */
export function PageTrailProvider({ children }: { children: ReactNode }) {
  const [published, setPublished] = useState<ReadonlyMap<string, Published>>(new Map());
  const publish = useCallback((id: string, crumbs: readonly Crumb[] | null) => {
    setPublished((before) => {
      const next = new Map(before);
      if (crumbs) {
        publications += 1;
        next.set(id, { crumbs, order: publications });
      } else next.delete(id);
      return next;
    });
  }, []);
  // A frame and the page inside it may both show a trail: the deeper one names the page.
  const current = useMemo(() => {
    let best: Published | null = null;
    for (const entry of published.values()) {
      if (
        !best ||
        entry.crumbs.length > best.crumbs.length ||
        (entry.crumbs.length === best.crumbs.length && entry.order > best.order)
      ) {
        best = entry;
      }
    }
    return best?.crumbs ?? null;
  }, [published]);
  useEffect(() => {
    document.title = placeOf(current).documentTitle;
  }, [current]);
  const value = useMemo(() => ({ publish, current }), [publish, current]);
  return <PageTrailContext.Provider value={value}>{children}</PageTrailContext.Provider>;
}

/** Announces the page's trail while the calling component is on screen (outside a provider: nothing). */
export function usePageTrail(crumbs: readonly Crumb[] | null): void {
  const context = useContext(PageTrailContext);
  const id = useId();
  const publish = context?.publish;
  const key = crumbs ? JSON.stringify(crumbs.map((crumb) => crumb.label)) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels (key) are what the header shows
  useEffect(() => {
    if (!publish) return;
    publish(id, crumbs);
    return () => publish(id, null);
  }, [publish, id, key]);
}

/** Where the person is now: the place of the deepest trail on screen. */
export function useCurrentPlace(): Place {
  const context = useContext(PageTrailContext);
  return placeOf(context?.current ?? null);
}

/** A trail with no visible breadcrumb: a page that is loading or has none of its own. */
export function PageTrail({ crumbs }: { crumbs: readonly Crumb[] }) {
  usePageTrail(crumbs);
  return null;
}
