import { RECORDS_MAX_LIMIT, type RecordListParams } from '@tessera/data-access/client';
import {
  availableViews,
  type RecordItem,
  type RecordSchema,
  type RecordView,
} from '@tessera/data-access/contracts';
import { useRecordPage } from '@tessera/data-access/hooks';
import { Button, Input, Spinner } from '@tessera/ui';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { DeleteRecordDialog } from './delete-record-dialog';
import { calendarFetchRange, shownMonth } from './calendar-month';
import { type ListState, PAGE_SIZE, readListState, writeListState } from './list-url-state';
import { RecordFormDialog } from './record-form-dialog';
import { RecordImportStatusPanel } from './record-import-status';
import { RecordsBoard } from './records-board';
import { RecordsCalendar } from './records-calendar';
import { RecordsCsvToolbar } from './records-csv-toolbar';
import { Toolbar, VisuallyHidden } from './records-styles';
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
    const timer = setTimeout(() => update({ search: searchText, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  // …and the box follows the URL (back button, a shared link).
  useEffect(() => setSearchText(state.search), [state.search]);

  const listParams = useMemo<RecordListParams>(() => {
    const base = { search: state.search || undefined, sort: state.sort, direction: state.direction };
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
    return { ...base, limit: RECORDS_MAX_LIMIT };
  }, [state.search, state.sort, state.direction, state.view, state.page, state.month, schema]);
  const query = useRecordPage(ref, listParams);
  const [importOpen, setImportOpen] = useState(false);
  const followed = useFollowedImport(ref, canWrite);
  const closeDelete = useCallback((open: boolean) => {
    if (!open) setDeleting(null);
  }, []);
  const detailPath = (record: RecordItem) => `${listPath}/${record.id}`;
  const plural = schema.entityNamePlural.toLowerCase();

  let body: React.ReactNode;
  if (query.isPending) body = <Spinner label={`Loading ${plural}`} block />;
  else if (query.isError)
    body = (
      <ErrorBox role="alert">
        Could not load {plural}: {query.error.message}
      </ErrorBox>
    );
  else if (state.view === 'board')
    body = <RecordsBoard schema={schema} page={query.data} canWrite={canWrite} detailPath={detailPath} />;
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
    body = <RecordsTimeline schema={schema} page={query.data} detailPath={detailPath} />;
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
      />
    );

  return (
    <section aria-label={schema.entityNamePlural}>
      <Toolbar role="toolbar" aria-label={`${schema.entityNamePlural} actions`}>
        <div className="grow">
          <label htmlFor={searchId}>
            <VisuallyHidden>Search {plural}</VisuallyHidden>
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder={`Search ${plural}…`}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
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
          params={{ search: state.search || undefined, sort: state.sort, direction: state.direction }}
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
