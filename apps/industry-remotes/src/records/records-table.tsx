import {
  findField,
  type RecordItem,
  type RecordPage,
  type RecordSchema,
} from '@tessera/data-access/contracts';
import { Button, EmptyState, Table, TableScroll, TextLink, VisuallyHidden } from '@tessera/ui';
import styled from 'styled-components';
import { formatFieldValue } from './format-value';
import { type ListState, nextSort, pageCount, pageSummary } from './list-url-state';

const SortButton = styled.button`
  background: none;
  border: none;
  padding: 0;
  font: inherit;
  color: inherit;
  cursor: pointer;
  display: inline-flex;
  gap: 4px;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  padding-top: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.sm};
  div { display: flex; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
`;

const RowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  justify-content: flex-end;
`;

/**
 * The row actions stay in view at the table's right edge while the columns scroll beneath them, so
 * Edit and Delete are never cut off on a wide table.
 */
const ActionsCell = styled.td`
  position: sticky;
  right: 0;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: -1px 0 0 ${({ theme }) => theme.colors.border};
`;

const ActionsHead = styled.th`
  position: sticky;
  right: 0;
  background: ${({ theme }) => theme.colors.surface};
`;

/** Values that read badly when broken over lines (a phone number, a date, an amount). */
const NO_WRAP_TYPES = new Set(['phone', 'date', 'dateTime', 'money', 'number']);

export interface RecordsTableProps {
  schema: RecordSchema;
  page: RecordPage | undefined;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  canWrite: boolean;
  onEdit: (record: RecordItem) => void;
  onDelete: (record: RecordItem) => void;
  detailPath: (record: RecordItem) => string;
  busy: boolean;
  /** The columns shown (chosen in the URL or a saved view). */
  columnKeys: readonly string[];
  /** Ids of the rows ticked for a bulk action (with write access). */
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
  /** Filters or a date range narrow the list (the empty state says so). */
  filtered: boolean;
}

/** The list: sortable headers (aria-sort), the title linking to the detail, paging. */
export function RecordsTable({
  schema,
  page,
  state,
  onStateChange,
  canWrite,
  onEdit,
  onDelete,
  detailPath,
  busy,
  columnKeys,
  selected,
  onSelectedChange,
  filtered,
}: RecordsTableProps) {
  const columns = columnKeys
    .map((key) => findField(schema, key))
    .filter((field): field is NonNullable<typeof field> => field !== undefined);
  // The record's link sits in the title column, or the first column when the title is not listed.
  const linkColumn = columns.some((field) => field.key === schema.titleField)
    ? schema.titleField
    : columns[0]?.key;
  const rows = page?.rows ?? [];
  const total = page?.total ?? 0;
  const pages = pageCount(total);
  const allTicked = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const tick = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelectedChange(next);
  };

  if (page && total === 0) {
    return (
      <EmptyState
        title={
          state.search
            ? `No ${schema.entityNamePlural.toLowerCase()} match “${state.search}”`
            : filtered
              ? `No ${schema.entityNamePlural.toLowerCase()} match these filters`
              : `No ${schema.entityNamePlural.toLowerCase()} yet`
        }
        description={
          canWrite && !state.search && !filtered
            ? `Create the first ${schema.entityName.toLowerCase()} with New ${schema.entityName}.`
            : undefined
        }
      />
    );
  }

  return (
    <>
      <TableScroll>
        <Table aria-busy={busy || undefined}>
          <caption>
            <VisuallyHidden>
              {schema.entityNamePlural}
              {state.search ? ` matching “${state.search}”` : ''}, sorted by{' '}
              {findField(schema, state.sort)?.label ?? state.sort}{' '}
              {state.direction === 'asc' ? 'ascending' : 'descending'}
            </VisuallyHidden>
          </caption>
          <thead>
            <tr>
              {canWrite ? (
                <th scope="col" style={{ width: 32 }}>
                  <input
                    type="checkbox"
                    aria-label={`Select all ${schema.entityNamePlural.toLowerCase()} on this page`}
                    checked={allTicked}
                    onChange={(event) =>
                      tick(
                        rows.map((row) => row.id),
                        event.target.checked,
                      )
                    }
                  />
                </th>
              ) : null}
              {columns.map((field) => {
                const sortable = schema.sortableFields.includes(field.key);
                const active = state.sort === field.key;
                return (
                  <th
                    key={field.key}
                    scope="col"
                    aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable ? (
                      <SortButton
                        type="button"
                        onClick={() => onStateChange({ ...nextSort(state, field.key), page: 1 })}
                      >
                        {field.label}
                        <span aria-hidden="true">
                          {active ? (state.direction === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </SortButton>
                    ) : (
                      field.label
                    )}
                  </th>
                );
              })}
              {canWrite ? (
                <ActionsHead scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </ActionsHead>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((record) => (
              <tr key={record.id}>
                {canWrite ? (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${record.title}`}
                      checked={selected.has(record.id)}
                      onChange={(event) => tick([record.id], event.target.checked)}
                    />
                  </td>
                ) : null}
                {columns.map((field) => {
                  const text = formatFieldValue(field, record.data[field.key], page?.labels);
                  return (
                    <td
                      key={field.key}
                      style={NO_WRAP_TYPES.has(field.type) ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {field.key === linkColumn ? (
                        <TextLink
                          to={detailPath(record)}
                          aria-label={
                            field.key === schema.titleField ? undefined : `${text} — ${record.title}`
                          }
                        >
                          {text}
                        </TextLink>
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
                {canWrite ? (
                  <ActionsCell>
                    <RowActions>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Edit ${record.title}`}
                        onClick={() => onEdit(record)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete ${record.title}`}
                        onClick={() => onDelete(record)}
                      >
                        Delete
                      </Button>
                    </RowActions>
                  </ActionsCell>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <Pager aria-label={`${schema.entityNamePlural} pages`}>
        <span aria-live="polite">{pageSummary(state.page, total)}</span>
        <div>
          <Button
            size="sm"
            variant="secondary"
            disabled={state.page <= 1}
            onClick={() => onStateChange({ page: state.page - 1 })}
          >
            Previous page
          </Button>
          <span>
            Page {Math.min(state.page, pages)} of {pages}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={state.page >= pages}
            onClick={() => onStateChange({ page: state.page + 1 })}
          >
            Next page
          </Button>
        </div>
      </Pager>
    </>
  );
}
