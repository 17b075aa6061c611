import type { ReactNode } from 'react';
import { Button } from './button';
import { TitledCard } from './card';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

/** What QueryView reads of a query result (TanStack Query's result fits). */
export interface QueryViewSource<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  refetch?: () => unknown;
}

export interface QueryViewProps<T> {
  query: QueryViewSource<T>;
  /** The spinner's accessible name, `Loading contacts`. */
  loadingLabel: string;
  /** `Failed to load contacts`. */
  errorTitle: string;
  /** What went wrong; a function receives the query's error. */
  errorDescription?: ReactNode | ((error: unknown) => ReactNode);
  /** The retry button's text; null for no button. */
  retryLabel?: string | null;
  /** Shown instead of the content when `isEmpty(data)` (by default: an empty list). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The states every data card goes through, in order: loading (a spinner), error (what failed and a
 * retry), empty (what to do next), then the content.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  errorTitle,
  errorDescription,
  retryLabel = 'Retry',
  empty,
  isEmpty = isEmptyList,
  children,
}: QueryViewProps<T>) {
  if (query.isPending && !query.isError) return <Spinner block label={loadingLabel} />;
  if (query.isError) {
    const { refetch } = query;
    return (
      <EmptyState
        title={errorTitle}
        description={
          typeof errorDescription === 'function' ? errorDescription(query.error) : errorDescription
        }
        action={
          refetch && retryLabel ? <Button onClick={() => void refetch()}>{retryLabel}</Button> : undefined
        }
      />
    );
  }
  if (query.data === undefined) return null;
  if (empty && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

export interface QueryCardProps<T> extends QueryViewProps<T> {
  /** The card's heading, which also names it for screen readers. */
  title: string;
  description?: ReactNode;
  /** Rendered after the content whatever the query's state (the card's dialogs). */
  footer?: ReactNode;
}

/** A titled card whose body goes loading → error → empty → content, like QueryView. */
export function QueryCard<T>({ title, description, footer, ...view }: QueryCardProps<T>) {
  return (
    <TitledCard title={title} aria-label={title} description={description}>
      <QueryView {...view} />
      {footer}
    </TitledCard>
  );
}
