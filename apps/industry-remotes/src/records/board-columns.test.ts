import { enumOptions, type EnumFieldDefinition, type RecordItem } from '@tessera/data-access/contracts';
import { boardColumns, isMove, NO_VALUE_COLUMN, neighbourColumn } from './board-columns';
import { recordWith } from './test-records';

const status: EnumFieldDefinition = {
  key: 'status',
  label: 'Status',
  type: 'enum',
  options: enumOptions('todo', 'in_progress', 'done'),
};

function task(id: string, value: string | null): RecordItem {
  return recordWith(id, { status: value });
}

describe('board columns', () => {
  it('makes one column per option in schema order, keeping row order', () => {
    const columns = boardColumns(status, [task('a', 'done'), task('b', 'todo'), task('c', 'done')]);
    expect(columns.map((column) => [column.label, column.records.map((r) => r.id)])).toEqual([
      ['Todo', ['b']],
      ['In progress', []],
      ['Done', ['a', 'c']],
    ]);
  });

  it('keeps records with no or an unknown value in a trailing column', () => {
    const columns = boardColumns(status, [task('a', null), task('b', 'archived')]);
    expect(columns.at(-1)).toMatchObject({ id: NO_VALUE_COLUMN, label: 'No status' });
    expect(columns.at(-1)?.records.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('counts only real changes as moves', () => {
    expect(isMove(task('a', 'todo'), 'status', 'todo')).toBe(false);
    expect(isMove(task('a', 'todo'), 'status', 'done')).toBe(true);
    expect(isMove(task('a', null), 'status', NO_VALUE_COLUMN)).toBe(false);
  });

  it('steps to neighbouring columns, clamped, skipping the no-value column', () => {
    const ids = ['todo', 'in_progress', 'done', NO_VALUE_COLUMN];
    expect(neighbourColumn(ids, 'todo', 1)).toBe('in_progress');
    expect(neighbourColumn(ids, 'todo', -1)).toBe('todo');
    expect(neighbourColumn(ids, 'done', 1)).toBe('done');
    expect(neighbourColumn(ids, NO_VALUE_COLUMN, -1)).toBe('done');
  });
});
