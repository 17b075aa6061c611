import { RECORDS_MAX_LIMIT, type RecordListParams } from '@tessera/data-access/client';
import {
  availableViews,
  shownColumns,
  type RecordItem,
  type RecordSchema,
  type RecordView,
} from '@tessera/data-access/contracts';
import { useRecordPage } from '@tessera/data-access/hooks';
import { Button, SearchInput, Spinner, VisuallyHidden } from '@tessera/ui';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { DeleteRecordDialog } from './delete-record-dialog';
import { calendarFetchRange, shownMonth } from './calendar-month';
import {
  activeFilterCount,
  filterParams,
  type ListState,
  PAGE_SIZE,
  pageCount,
  pageSummary,
  readListState,
  writeListState,
} from './list-url-state';
import { RecordFormDialog } from './record-form-dialog';
import { RecordImportStatusPanel } from './record-import-status';
import { RecordsBoard } from './records-board';
import { RecordsBulkActions } from './records-bulk-actions';
import { RecordsCalendar } from './records-calendar';
import { RecordsCsvToolbar } from './records-csv-toolbar';
import { RecordsFilterBar } from './records-list-tools';
import { RecordsSavedViews } from './records-saved-views';
import { Toolbar } from './records-styles';
import { RecordsTable } from './records-table';
import { RecordsTimeline } from './records-timeline';
import { useFollowedImport } from './use-followed-import';
import { useRecordsAccess } from './use-records-access';

const SEARCH_DEBOUNCE_MS = 300;

const VIEW_LABELS: Record<RecordView, string> = {
  table: 'Table',
  board: 'Board',
  calendar: 'Calendar',
  timeline: 'Timeline',
};

const Segmented = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
  button { border-radius: 0; }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.primaryMuted}; color: ${({ theme }) => theme.colors.primary}; }
`;

const ErrorBox = styled.p`
  color: ${({ theme }) => theme.colors.destructive};
`;

/** What a saved view keeps: the list's parameters but the page it was on. */
function savedQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('page');
  return kept.toString();
}

/** Board and timeline show 500 records at a time; past that, they page. */
function LargePager({
  total,
  page,
  onPage,
  plural,
}: {
  total: number;
  page: number;
  onPage: (page: number) => void;
  plural: string;
}) {
  const pages = pageCount(total, RECORDS_MAX_LIMIT);
  if (pages <= 1) return null;
  return (
    <Toolbar as="nav" aria-label={`${plural} pages`} style={{ marginTop: 12 }}>
      <span aria-live="polite">{pageSummary(page, total, RECORDS_MAX_LIMIT)}</span>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous {RECORDS_MAX_LIMIT}
      </Button>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next {RECORDS_MAX_LIMIT}
      </Button>
    </Toolbar>
  );
}

export interface RecordsScreenProps {
  schema: RecordSchema;
  /** Path of this submodule's list (`/modules/healthcare/patients`); details live beneath it. */
  listPath: string;
  /** Embedded in another screen (real-estate overview): table only, no view switcher. */
  embedded?: boolean;
}

/**
 * A submodule's records: the toolbar (search, view switcher, New, CSV export and import) and the
 * chosen view. View, search, sort, page and calendar month live in the URL.
 */
export function RecordsScreen({ schema, listPath, embedded = false }: RecordsScreenProps) {
  const { canWrite } = useRecordsAccess(schema.moduleId);
  const [params, setParams] = useSearchParams();
  const urlState = readListState(params, schema);
  const state: ListState = embedded ? { ...urlState, view: 'table' } : urlState;
  const [searchText, setSearchText] = useState(state.search);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<RecordItem | undefined>(undefined);
  const [deleting, setDeleting] = useState<RecordItem | null>(null);
  const searchId = useId();
  const views = embedded ? (['table'] as RecordView[]) : availableViews(schema);
  const ref = { moduleId: schema.moduleId, submoduleId: schema.submoduleId };

  const update = (patch: Partial<ListState>) => {
    setParams((current) => writeListState(current, { ...readListState(current, schema), ...patch }, schema), {
      replace: true,
    });
  };

  // The URL follows the search box after a short pause (and goes back to page 1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only typing restarts the pause
  useEffect(() => {
    if (searchText === state.search) return;
    // A record opened during the pause has already changed the address; the list, still mounted until the record's
    // page is ready, must not navigate back to itself.
    const typedOn = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname === typedOn) update({ search: searchText, page: 1 });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  // …and the box follows the URL (back button, a shared link).
  useEffect(() => setSearchText(state.search), [state.search]);

  const filters = filterParams(state);
  const filterKey = filters.join('|');
  const ranged = Boolean(state.dateField && (state.from || state.to));
  const listParams = useMemo<RecordListParams>(() => {
    const base: RecordListParams = {
      search: state.search || undefined,
      sort: state.sort,
      direction: state.direction,
      ...(filterKey ? { filter: filterKey.split('|') } : {}),
      ...(ranged
        ? { dateField: state.dateField, from: state.from || undefined, to: state.to || undefined }
        : {}),
    };
    if (state.view === 'table') return { ...base, limit: PAGE_SIZE, offset: (state.page - 1) * PAGE_SIZE };
    // The calendar asks only for its month, so a submodule of any size fits under the page limit.
    if (state.view === 'calendar' && schema.calendarField) {
      return {
        ...base,
        limit: RECORDS_MAX_LIMIT,
        dateField: schema.calendarField,
        dateEndField: schema.calendarEndField,
        ...calendarFetchRange(shownMonth(state.month)),
      };
    }
    // Board and timeline read 500 at a time and page beyond that.
    return { ...base, limit: RECORDS_MAX_LIMIT, offset: (state.page - 1) * RECORDS_MAX_LIMIT };
  }, [
    state.search,
    state.sort,
    state.direction,
    state.view,
    state.page,
    state.month,
    state.dateField,
    state.from,
    state.to,
    filterKey,
    ranged,
    schema,
  ]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // A selection belongs to the rows it was made on: another page or filter starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's parameters are the trigger
  useEffect(() => setSelected(new Set()), [listParams]);
  const query = useRecordPage(ref, listParams);
  const [importOpen, setImportOpen] = useState(false);
  const followed = useFollowedImport(ref, canWrite);
  const closeDelete = useCallback((open: boolean) => {
    if (!open) setDeleting(null);
  }, []);
  const detailPath = (record: RecordItem) => `${listPath}/${record.id}`;
  const plural = schema.entityNamePlural.toLowerCase();

  // Board and timeline show one page at a time under a pager; the table and calendar page themselves.
  const pager = (total: number) => (
    <LargePager total={total} page={state.page} onPage={(page) => update({ page })} plural={plural} />
  );
  let body: React.ReactNode;
  if (query.isPending) body = <Spinner label={`Loading ${plural}`} block />;
  else if (query.isError)
    body = (
      <ErrorBox role="alert">
        Could not load {plural}: {query.error.message}
      </ErrorBox>
    );
  else if (state.view === 'board')
    body = (
      <>
        <RecordsBoard schema={schema} page={query.data} canWrite={canWrite} detailPath={detailPath} />
        {pager(query.data.total)}
      </>
    );
  else if (state.view === 'calendar')
    body = (
      <RecordsCalendar
        schema={schema}
        page={query.data}
        month={state.month}
        onMonthChange={(month) => update({ month })}
        detailPath={detailPath}
      />
    );
  else if (state.view === 'timeline')
    body = (
      <>
        <RecordsTimeline schema={schema} page={query.data} detailPath={detailPath} />
        {pager(query.data.total)}
      </>
    );
  else
    body = (
      <RecordsTable
        schema={schema}
        page={query.data}
        state={state}
        onStateChange={update}
        canWrite={canWrite}
        onEdit={(record) => {
          setEditing(record);
          setFormOpen(true);
        }}
        onDelete={setDeleting}
        detailPath={detailPath}
        busy={query.isFetching}
        columnKeys={shownColumns(schema, state.columns)}
        selected={selected}
        onSelectedChange={setSelected}
        filtered={activeFilterCount(state) > 0}
      />
    );

  return (
    <section aria-label={schema.entityNamePlural}>
      <Toolbar role="toolbar" aria-label={`${schema.entityNamePlural} actions`}>
        <div className="grow">
          <label htmlFor={searchId}>
            <VisuallyHidden>Search {plural}</VisuallyHidden>
          </label>
          <SearchInput
            id={searchId}
            placeholder={`Search ${plural}…`}
            value={searchText}
            onValueChange={setSearchText}
            style={{ width: '100%' }}
          />
        </div>
        {views.length > 1 ? (
          <Segmented role="group" aria-label="View">
            {views.map((view) => (
              <Button
                key={view}
                size="sm"
                variant="ghost"
                aria-pressed={state.view === view}
                onClick={() => update({ view, page: 1 })}
              >
                {VIEW_LABELS[view]}
              </Button>
            ))}
          </Segmented>
        ) : null}
        <RecordsCsvToolbar
          schema={schema}
          canWrite={canWrite}
          params={{
            search: state.search || undefined,
            sort: state.sort,
            direction: state.direction,
            filter: filters,
          }}
          followed={followed}
          importOpen={importOpen}
          onImportOpenChange={setImportOpen}
        />
        {canWrite ? (
          <Button
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
          >
            New {schema.entityName}
          </Button>
        ) : null}
      </Toolbar>
      <RecordsFilterBar
        schema={schema}
        state={state}
        onStateChange={update}
        showColumns={state.view === 'table'}
        showDates={state.view !== 'calendar'}
      />
      {embedded ? null : (
        <Toolbar role="group" aria-label={`Saved views of ${plural}`}>
          <RecordsSavedViews
            schema={schema}
            currentQuery={savedQuery(params)}
            onApply={(saved) => setParams(new URLSearchParams(saved), { replace: true })}
          />
        </Toolbar>
      )}
      {canWrite && state.view === 'table' ? (
        <RecordsBulkActions schema={schema} selected={[...selected]} onDone={() => setSelected(new Set())} />
      ) : null}
      {canWrite && followed.status && !importOpen ? (
        <RecordImportStatusPanel
          status={followed.status}
          settled={followed.settled}
          onShowDetails={() => setImportOpen(true)}
          onDismiss={followed.dismiss}
        />
      ) : null}
      {body}
      {canWrite ? (
        <>
          <RecordFormDialog schema={schema} open={formOpen} onOpenChange={setFormOpen} record={editing} />
          <DeleteRecordDialog schema={schema} record={deleting} onOpenChange={closeDelete} />
        </>
      ) : null}
    </section>
  );
}
