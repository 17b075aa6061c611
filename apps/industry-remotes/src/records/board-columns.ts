import type { EnumFieldDefinition, RecordItem } from '@tessera/data-access/contracts';

/** The column of records whose board field is empty or no longer an option of the schema. */
export const NO_VALUE_COLUMN = '__none__';

export interface BoardColumn {
  /** The enum value, or NO_VALUE_COLUMN. */
  id: string;
  label: string;
  records: RecordItem[];
}

/**
 * One column per option of the board's enum field, in the schema's order (the workflow's order),
 * each keeping the rows' order. Records with no or an unknown value get a trailing "No …" column,
 * shown only when it holds something, so nothing is hidden from the board.
 */
export function boardColumns(field: EnumFieldDefinition, rows: readonly RecordItem[]): BoardColumn[] {
  const columns: BoardColumn[] = field.options.map((option) => ({
    id: option.value,
    label: option.label,
    records: [],
  }));
  const byId = new Map(columns.map((column) => [column.id, column]));
  const orphans: RecordItem[] = [];
  for (const row of rows) {
    const value = row.data[field.key];
    const column = typeof value === 'string' ? byId.get(value) : undefined;
    if (column) column.records.push(row);
    else orphans.push(row);
  }
  if (orphans.length > 0) {
    columns.push({ id: NO_VALUE_COLUMN, label: `No ${field.label.toLowerCase()}`, records: orphans });
  }
  return columns;
}

/** Whether dropping a record on a column changes anything (the no-value column is not a target). */
export function isMove(record: RecordItem, fieldKey: string, targetColumn: string): boolean {
  return targetColumn !== NO_VALUE_COLUMN && record.data[fieldKey] !== targetColumn;
}

/**
 * The column a keyboard arrow leads to from the current one (Left/Right), clamped at the ends;
 * the no-value column is skipped because nothing can be moved into it.
 */
export function neighbourColumn(columnIds: readonly string[], current: string, step: -1 | 1): string {
  const targets = columnIds.filter((id) => id !== NO_VALUE_COLUMN);
  const index = targets.indexOf(current);
  if (index === -1) return step === 1 ? targets[0] : targets[targets.length - 1];
  return targets[Math.min(Math.max(index + step, 0), targets.length - 1)];
}
