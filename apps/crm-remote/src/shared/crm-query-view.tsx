import { QueryView, type QueryViewProps } from '@tessera/ui';

export interface CrmQueryViewProps<T>
  extends Omit<QueryViewProps<T>, 'loadingLabel' | 'errorTitle' | 'retryLabel' | 'isEmpty'> {
  /** What the view loads, as its states name it: `companies` → `Loading companies`. */
  loading: string;
  /** The rows on screen once filtered; `empty` stands in for them when there are none. */
  shown?: readonly unknown[];
}

/**
 * A CRM list's loading, error and empty states, worded alike on every screen: `Loading companies`,
 * `Failed to load companies` with Try again, then the empty state when nothing is shown.
 */
export function CrmQueryView<T>({ loading, shown, ...view }: CrmQueryViewProps<T>) {
  return (
    <QueryView
      {...view}
      loadingLabel={`Loading ${loading}`}
      errorTitle={`Failed to load ${loading}`}
      retryLabel="Try again"
      isEmpty={shown ? () => shown.length === 0 : undefined}
    />
  );
}
