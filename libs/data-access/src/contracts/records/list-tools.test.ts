import { findField, findRecordSchema } from '..';
import { HOME_TILES, homeTileLink } from '../home';
import { choiceFilterFields, dueSourceOf, groupFilters, shownColumns } from './list-tools';

const tasks = findRecordSchema('project', 'tasks');
if (!tasks) throw new Error('project/tasks schema missing');

describe('list tools', () => {
  it('groups filters per field, values of one field being alternatives', () => {
    expect([...groupFilters(['status:a', 'priority:high', 'status:b', 'broken', 'note:x:y'])]).toEqual([
      ['status', ['a', 'b']],
      ['priority', ['high']],
      ['note', ['x:y']],
    ]);
  });

  it('keeps chosen columns the schema can show, in their order, else the list columns', () => {
    expect(shownColumns(tasks, ['due_date', 'nope', 'title', 'title'])).toEqual(['due_date', 'title']);
    expect(shownColumns(tasks, ['description'])).toEqual([...tasks.listColumns]);
    expect(shownColumns(tasks, null)).toEqual([...tasks.listColumns]);
  });

  it('filters by enum fields of the schema', () => {
    expect(choiceFilterFields(tasks).map((field) => field.key)).toEqual(['status', 'priority']);
  });

  it('reads from the schema how its records fall due and which statuses settle them', () => {
    expect(dueSourceOf(tasks)).toEqual({
      moduleId: 'project',
      submoduleId: 'tasks',
      dueField: 'due_date',
      statusField: 'status',
      settledValues: ['done'],
    });
    const patients = findRecordSchema('healthcare', 'patients');
    expect(patients && dueSourceOf(patients)).toBeNull();
  });
});

describe('home tiles', () => {
  it('name fields their submodule has, with values their enums allow', () => {
    for (const tile of HOME_TILES) {
      const schema = findRecordSchema(tile.moduleId, tile.submoduleId);
      expect(schema).toBeDefined();
      if (!schema) continue;
      const { measure } = tile;
      const fields = [
        measure.field,
        ...(measure.kind === 'countToday' ? [measure.endField, measure.excluding?.field] : []),
        ...(measure.kind === 'sum' ? [measure.where?.field] : []),
      ].filter((key): key is string => Boolean(key));
      for (const key of fields) expect(findField(schema, key)).toBeDefined();
      const where =
        measure.kind === 'countWhere' ? measure : measure.kind === 'sum' ? measure.where : measure.excluding;
      const enumField = where ? findField(schema, where.field) : undefined;
      if (where && enumField?.type === 'enum') {
        const allowed = enumField.options.map((option) => option.value);
        for (const value of where.values) expect(allowed).toContain(value);
      }
    }
    expect(new Set(HOME_TILES.map((tile) => tile.id)).size).toBe(HOME_TILES.length);
  });

  it('link to their list filtered as they count', () => {
    const open = HOME_TILES.find((tile) => tile.id === 'finance.open-invoices');
    expect(open && homeTileLink(open)).toBe(
      '/modules/finance/invoicing?view=table&f=status%3Asent&f=status%3Aoverdue',
    );
    const tonight = HOME_TILES.find((tile) => tile.id === 'hotel.occupancy-tonight');
    expect(tonight && homeTileLink(tonight)).toBe('/modules/hotel/reservations');
  });
});
