import {
  choiceFilterFields,
  choosableColumns,
  dateFilterFields,
  type FieldDefinition,
  isReferenceField,
  type RecordSchema,
  type ReferenceFieldDefinition,
  shownColumns,
} from '@tessera/data-access/contracts';
import { Button, focusRing, Input } from '@tessera/ui';
import { type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';
import { activeFilterCount, type ListState } from './list-url-state';
import { Muted, NativeSelect } from './records-styles';
import { useReferenceOptions } from './use-reference-options';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  label { font-size: ${({ theme }) => theme.font.size.sm}; display: grid; gap: 2px; }
`;

const Drop = styled.details`
  position: relative;
  > summary {
    list-style: none;
    cursor: pointer;
    padding: 6px 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    font-size: ${({ theme }) => theme.font.size.sm};
    white-space: nowrap;
    ${focusRing}
  }
  > summary::-webkit-details-marker { display: none; }
  &[data-active='true'] > summary {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
  > fieldset {
    position: absolute;
    z-index: 20;
    top: calc(100% + 4px);
    left: 0;
    min-width: 220px;
    max-height: 320px;
    overflow: auto;
    margin: 0;
    padding: ${({ theme }) => theme.space(3)};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    box-shadow: ${({ theme }) => theme.shadow.popover};
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  legend { font-weight: 600; padding: 0; margin-bottom: ${({ theme }) => theme.space(1)}; float: left; }
  fieldset label { display: flex; gap: 6px; align-items: center; font-size: ${({ theme }) => theme.font.size.sm}; }
  input[type='checkbox'] { ${focusRing} }
`;

interface Choice {
  value: string;
  label: string;
}

function CheckList({
  legend,
  choices,
  chosen,
  onChange,
  empty,
}: {
  legend: string;
  choices: Choice[];
  chosen: readonly string[];
  onChange: (values: string[]) => void;
  empty?: ReactNode;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.length === 0 ? <Muted>{empty ?? 'Nothing to choose'}</Muted> : null}
      {choices.map((choice) => (
        <label key={choice.value}>
          <input
            type="checkbox"
            checked={chosen.includes(choice.value)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, choice.value]
                  : chosen.filter((value) => value !== choice.value),
              )
            }
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The records a reference filter can pick from: asked for only once its list is opened. */
function ReferenceChoices({
  field,
  chosen,
  onChange,
}: {
  field: ReferenceFieldDefinition;
  chosen: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const { options, isLoading, isError } = useReferenceOptions(field);
  return (
    <CheckList
      legend={field.label}
      choices={options}
      chosen={chosen}
      onChange={onChange}
      empty={isLoading ? 'Loading…' : isError ? 'Could not load the choices' : undefined}
    />
  );
}

function choicesOf(field: FieldDefinition): Choice[] {
  if (field.type === 'enum')
    return field.options.map((option) => ({ value: option.value, label: option.label }));
  if (field.type === 'boolean')
    return [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ];
  return [];
}

function ChoiceFilter({
  field,
  chosen,
  onChange,
}: {
  field: FieldDefinition;
  chosen: readonly string[];
  onChange: (values: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    // The choices mount only when open (a reference asks for its records then).
    <Drop data-active={chosen.length > 0} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {field.label}
        {chosen.length ? ` (${chosen.length})` : ''} ▾
      </summary>
      {open && isReferenceField(field) ? (
        <ReferenceChoices field={field} chosen={chosen} onChange={onChange} />
      ) : open ? (
        <CheckList legend={field.label} choices={choicesOf(field)} chosen={chosen} onChange={onChange} />
      ) : null}
    </Drop>
  );
}

export interface RecordsFilterBarProps {
  schema: RecordSchema;
  state: ListState;
  onStateChange: (patch: Partial<ListState>) => void;
  /** Column choice applies to the table only. */
  showColumns: boolean;
  /** The calendar picks its own dates (its month): no date range there. */
  showDates: boolean;
}

/**
 * Filters by enum, yes/no and reference fields (any of the ticked values), a date range over one
 * date field, and the table's columns — all kept in the URL (docs/product/lists.md).
 */
export function RecordsFilterBar({
  schema,
  state,
  onStateChange,
  showColumns,
  showDates,
}: RecordsFilterBarProps) {
  const dateFieldId = useId();
  const fromId = useId();
  const toId = useId();
  const choiceFields = choiceFilterFields(schema);
  const dateFields = showDates ? dateFilterFields(schema) : [];
  const columns = shownColumns(schema, state.columns);
  const active = activeFilterCount(state);
  const dateField = state.dateField || dateFields[0]?.key || '';
  const setDates = (patch: Partial<Pick<ListState, 'dateField' | 'from' | 'to'>>) =>
    onStateChange({ dateField, ...patch, page: 1 });

  return (
    <Bar role="group" aria-label={`Filter ${schema.entityNamePlural.toLowerCase()}`}>
      {choiceFields.map((field) => (
        <ChoiceFilter
          key={field.key}
          field={field}
          chosen={state.filters[field.key] ?? []}
          onChange={(values) =>
            onStateChange({ filters: { ...state.filters, [field.key]: values }, page: 1 })
          }
        />
      ))}
      {dateFields.length > 0 ? (
        <>
          {dateFields.length > 1 ? (
            <label htmlFor={dateFieldId}>
              Date field
              <NativeSelect
                id={dateFieldId}
                value={dateField}
                onChange={(event) => setDates({ dateField: event.target.value })}
              >
                {dateFields.map((field) => (
                  <option key={field.key} value={field.key}>
                    {field.label}
                  </option>
                ))}
              </NativeSelect>
            </label>
          ) : null}
          <label htmlFor={fromId}>
            {dateFields.length > 1 ? 'From' : `${dateFields[0]?.label} from`}
            <Input
              id={fromId}
              type="date"
              value={state.from}
              onChange={(event) => setDates({ from: event.target.value })}
            />
          </label>
          <label htmlFor={toId}>
            {dateFields.length > 1 ? 'To' : `${dateFields[0]?.label} to`}
            <Input
              id={toId}
              type="date"
              value={state.to}
              onChange={(event) => setDates({ to: event.target.value })}
            />
          </label>
        </>
      ) : null}
      {active > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onStateChange({ filters: {}, dateField: '', from: '', to: '', page: 1 })}
        >
          Clear filters ({active})
        </Button>
      ) : null}
      {showColumns ? (
        <ColumnChooser
          schema={schema}
          columns={columns}
          onChange={(next) => onStateChange({ columns: next })}
        />
      ) : null}
    </Bar>
  );
}

function ColumnChooser({
  schema,
  columns,
  onChange,
}: {
  schema: RecordSchema;
  columns: string[];
  onChange: (columns: string[] | null) => void;
}) {
  const fields = choosableColumns(schema);
  return (
    <Drop>
      <summary>Columns ▾</summary>
      <fieldset>
        <legend>Columns</legend>
        {fields.map((field) => (
          <label key={field.key}>
            <input
              type="checkbox"
              checked={columns.includes(field.key)}
              // The last column stays: a table needs one.
              disabled={columns.length === 1 && columns.includes(field.key)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? fields
                        .map((candidate) => candidate.key)
                        .filter((key) => key === field.key || columns.includes(key))
                    : columns.filter((key) => key !== field.key),
                )
              }
            />
            {field.label}
          </label>
        ))}
        <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
          Default columns
        </Button>
      </fieldset>
    </Drop>
  );
}
