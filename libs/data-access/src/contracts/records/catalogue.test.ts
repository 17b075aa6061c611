import { MODULE_CATALOGUE, type ModuleCatalogueEntry } from '../modules';
import {
  findModuleInsights,
  findRecordSchema,
  MODULE_INSIGHTS,
  MODULES_OUTSIDE_RECORDS_ENGINE,
  moduleInsightsProblems,
  RECORD_SCHEMAS,
  recordSchemaProblems,
  recordSchemasInSeedOrder,
  recordSchemasOfModule,
  recordsCatalogueProblems,
  submoduleScreen,
} from './catalogue';
import { recordField as f } from './field-builders';
import type { FieldType } from './field-types';
import { formula } from './formulas';
import type { ModuleInsightsDefinition } from './insights';
import {
  availableViews,
  dateRangesOf,
  defineRecordSchema,
  findField,
  type RecordSchema,
} from './record-schema';

const engineModules = MODULE_CATALOGUE.filter(
  (module) => !MODULES_OUTSIDE_RECORDS_ENGINE.includes(module.id),
);

function typeOf(schema: RecordSchema, key: string | undefined): FieldType | undefined {
  return key === undefined ? undefined : findField(schema, key)?.type;
}

describe('catalogue coverage', () => {
  it('serves the 16 modules besides crm and sales', () => {
    expect(engineModules.map((module) => module.id).sort()).toEqual(
      [
        'project',
        'finance',
        'marketing',
        'trainerpro',
        'healthcare',
        'education',
        'retail',
        'real-estate',
        'financial-services',
        'logistics',
        'manufacturing',
        'government',
        'legal',
        'professional-services',
        'ecommerce',
        'hotel',
      ].sort(),
    );
  });

  it('reports no problems at all', () => {
    expect(recordsCatalogueProblems()).toEqual([]);
  });

  it.each(
    engineModules.flatMap((module) =>
      module.submodules.map((submodule) => [module.id, submodule.id] as const),
    ),
  )('%s/%s is covered by exactly one schema or insights definition', (moduleId, submoduleId) => {
    const schemas = RECORD_SCHEMAS.filter((s) => s.moduleId === moduleId && s.submoduleId === submoduleId);
    const insights = MODULE_INSIGHTS.filter((i) => i.moduleId === moduleId && i.submoduleId === submoduleId);
    expect(schemas.length + insights.length).toBe(1);
  });

  it('gives overview, dashboard, analytics, reports and profitability screens insights, not records', () => {
    for (const module of engineModules) {
      for (const submodule of module.submodules) {
        const summarises = /^(overview|dashboard|analytics|reports|reporting|profitability)$/.test(
          submodule.id,
        );
        expect([module.id, submodule.id, submoduleScreen(module.id, submodule.id)?.kind]).toEqual([
          module.id,
          submodule.id,
          summarises ? 'insights' : 'records',
        ]);
      }
    }
  });

  it('keeps crm and sales out of the records engine', () => {
    expect(RECORD_SCHEMAS.some((schema) => MODULES_OUTSIDE_RECORDS_ENGINE.includes(schema.moduleId))).toBe(
      false,
    );
    expect(
      MODULE_INSIGHTS.some((insights) => MODULES_OUTSIDE_RECORDS_ENGINE.includes(insights.moduleId)),
    ).toBe(false);
  });

  it('gives real-estate a properties collection embedded by its overview', () => {
    const properties = findRecordSchema('real-estate', 'properties');
    expect(properties?.entityName).toBe('Property');
    expect(properties?.entityNamePlural).toBe('Properties');
    expect(findModuleInsights('real-estate', 'overview')?.embeddedCollections).toEqual(['properties']);
    expect(recordSchemasOfModule('real-estate')).toHaveLength(1);
  });

  it('has 78 record schemas and 14 insights definitions', () => {
    expect(RECORD_SCHEMAS).toHaveLength(78);
    expect(MODULE_INSIGHTS).toHaveLength(14);
  });
});

describe.each(RECORD_SCHEMAS.map((schema) => [`${schema.moduleId}/${schema.submoduleId}`, schema] as const))(
  'schema %s',
  (_name, schema) => {
    it('is sound', () => {
      expect(recordSchemaProblems(schema)).toEqual([]);
    });

    it('has 4 to 9 snake_case fields to fill, a text title and an enum status or stage where it tracks progress', () => {
      const typed = schema.fields.filter((field) => !field.derived);
      expect(typed.length).toBeGreaterThanOrEqual(4);
      expect(typed.length).toBeLessThanOrEqual(9);
      for (const field of schema.fields) expect(field.key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(typeOf(schema, schema.titleField)).toBe('text');
      expect(schema.fields.some((field) => field.type === 'enum')).toBe(true);
    });

    it('names only real fields in its list, sort and views, with the right types', () => {
      for (const key of schema.listColumns) expect(findField(schema, key)).toBeDefined();
      for (const key of schema.sortableFields) {
        expect(['longText', 'boolean', 'reference']).not.toContain(typeOf(schema, key));
      }
      expect(schema.sortableFields).toContain(schema.defaultSort.field);
      if (schema.boardField) expect(typeOf(schema, schema.boardField)).toBe('enum');
      for (const key of [
        schema.calendarField,
        schema.calendarEndField,
        schema.timelineStartField,
        schema.timelineEndField,
      ]) {
        if (key) expect(['date', 'dateTime']).toContain(typeOf(schema, key));
      }
      expect(availableViews(schema)).toContain(schema.defaultView);
    });

    it('refers only to existing schemas and their fields', () => {
      for (const field of schema.fields) {
        if (field.type !== 'reference') continue;
        const target = findRecordSchema(field.reference.moduleId, field.reference.submoduleId);
        expect(target).toBeDefined();
        if (target) expect(findField(target, field.reference.labelField)).toBeDefined();
      }
    });
  },
);

describe('view hints true to the domain', () => {
  it.each([
    ['healthcare', 'appointments'],
    ['hotel', 'reservations'],
    ['education', 'scheduling'],
    ['education', 'calendar'],
    ['legal', 'calendar-scheduling'],
    ['hotel', 'event-management'],
    ['education', 'virtual-sessions'],
    ['healthcare', 'telemedicine'],
  ])('%s/%s opens on a calendar', (moduleId, submoduleId) => {
    const schema = findRecordSchema(moduleId, submoduleId);
    expect(schema?.defaultView).toBe('calendar');
    expect(schema?.calendarField).toBeDefined();
  });

  it.each([
    ['project', 'gantt'],
    ['manufacturing', 'production-planning'],
  ])('%s/%s opens on a timeline', (moduleId, submoduleId) => {
    const schema = findRecordSchema(moduleId, submoduleId);
    expect(schema?.defaultView).toBe('timeline');
  });

  it('boards project tasks by status', () => {
    const tasks = findRecordSchema('project', 'tasks');
    expect(tasks?.defaultView).toBe('board');
    expect(tasks?.boardField).toBe('status');
    const status = tasks && findField(tasks, 'status');
    expect(status?.type === 'enum' && status.options.map((option) => option.value)).toEqual([
      'todo',
      'in_progress',
      'review',
      'done',
    ]);
  });

  it('gives hotel reservations the status set and a money nightly rate', () => {
    const reservations = findRecordSchema('hotel', 'reservations');
    if (!reservations) throw new Error('missing');
    const status = findField(reservations, 'status');
    expect(status?.type === 'enum' && status.options.map((option) => option.value)).toEqual([
      'booked',
      'checked_in',
      'checked_out',
      'cancelled',
    ]);
    expect(typeOf(reservations, 'nightly_rate')).toBe('money');
    expect(dateRangesOf(reservations)).toEqual([{ startField: 'check_in', endField: 'check_out' }]);
  });

  it('gives finance invoices draft, sent, paid and overdue', () => {
    const invoices = findRecordSchema('finance', 'invoicing');
    const status = invoices && findField(invoices, 'status');
    expect(status?.type === 'enum' && status.options.map((option) => option.value)).toEqual([
      'draft',
      'sent',
      'paid',
      'overdue',
    ]);
  });
});

describe.each(
  MODULE_INSIGHTS.map((insights) => [`${insights.moduleId}/${insights.submoduleId}`, insights] as const),
)('insights %s', (_name, insights) => {
  it('is sound: sources, KPI and chart fields exist with the right types', () => {
    expect(moduleInsightsProblems(insights)).toEqual([]);
    expect(insights.sources.length).toBeGreaterThan(0);
  });
});

describe('recordsCatalogueProblems catches mistakes', () => {
  const patients = findRecordSchema('healthcare', 'patients') as RecordSchema;
  const healthcare = MODULE_CATALOGUE.find((module) => module.id === 'healthcare') as ModuleCatalogueEntry;

  it('reports a submodule nobody covers and one covered twice', () => {
    const withoutPatients = RECORD_SCHEMAS.filter((schema) => schema !== patients);
    expect(recordsCatalogueProblems([healthcare], withoutPatients, MODULE_INSIGHTS)).toContain(
      'healthcare/patients: covered 0 times, expected exactly once',
    );
    expect(recordsCatalogueProblems([healthcare], [...RECORD_SCHEMAS, patients], MODULE_INSIGHTS)).toContain(
      'healthcare/patients: covered 2 times, expected exactly once',
    );
  });

  it('reports a schema for a submodule that does not exist and is not embedded', () => {
    const stray = { ...patients, submoduleId: 'wards' };
    expect(recordsCatalogueProblems(MODULE_CATALOGUE, [...RECORD_SCHEMAS, stray], MODULE_INSIGHTS)).toContain(
      'healthcare/wards: not a submodule and not embedded by an overview',
    );
  });

  it('reports bad field references in a schema', () => {
    const broken = defineRecordSchema({
      moduleId: 'test',
      submoduleId: 'broken',
      entityName: 'Broken',
      fields: [
        f.text('Title', 'Title'),
        f.text('name', 'Name'),
        f.date('day', 'Day'),
        f.enum('status', 'Status', []),
        f.reference('owner', 'Owner', 'nowhere/none', 'name'),
      ],
      titleField: 'day',
      listColumns: ['name', 'ghost'],
      boardField: 'name',
      calendarField: 'status',
      timelineStartField: 'day',
      defaultView: 'board',
    });
    const problems = recordSchemaProblems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        'test/broken: field key "Title" is not snake_case',
        'test/broken: enum status has no options',
        'test/broken: owner refers to missing schema nowhere/none',
        'test/broken: titleField "day" is date, expected text or email or phone',
        'test/broken: list column "ghost" is not a field',
        'test/broken: boardField "name" is text, expected enum',
        'test/broken: calendarField "status" is enum, expected date or dateTime',
        'test/broken: a timeline needs both a start and an end field',
      ]),
    );
  });

  it('reports formulas reading through a field that is no reference, or a field the target lacks', () => {
    const reads = defineRecordSchema({
      moduleId: 'hotel',
      submoduleId: 'broken',
      entityName: 'Broken',
      fields: [
        f.text('guest', 'Guest'),
        f.reference('room', 'Room', 'hotel/rooms', 'room_number'),
        f.date('day', 'Day'),
        f.number('nights', 'Nights'),
        f.money('rate', 'Rate', { derived: formula.fromReference('room', 'price') }),
        f.money('other', 'Other', { derived: formula.fromReference('guest', 'nightly_rate') }),
        f.money('fine', 'Fine', { derived: formula.fromReference('room', 'nightly_rate') }),
      ],
      titleField: 'guest',
    });
    expect(recordSchemaProblems(reads)).toEqual([
      'hotel/broken: derived rate reads "price", not a field of hotel/rooms',
      'hotel/broken: derived other reads through "guest", not a reference field',
    ]);
  });

  it('reports insights reading fields of the wrong type or missing options', () => {
    const wrong: ModuleInsightsDefinition = {
      moduleId: 'healthcare',
      submoduleId: 'overview',
      title: 'Wrong',
      sources: ['patients'],
      kpis: [
        { kind: 'sum', label: 'Names', source: 'patients', field: 'full_name' },
        { kind: 'countWhere', label: 'Ghosts', source: 'patients', field: 'status', values: ['ghost'] },
        { kind: 'count', label: 'Rooms', source: 'rooms' },
      ],
      charts: [{ kind: 'countByMonth', title: 'By status', source: 'patients', field: 'status' }],
    };
    expect(moduleInsightsProblems(wrong)).toEqual([
      'healthcare/overview "Names": field "full_name" is text, expected money or number',
      'healthcare/overview "Ghosts": "ghost" is not an option of status',
      'healthcare/overview "Rooms": source rooms is not among the sources',
      'healthcare/overview "Rooms": no schema healthcare/rooms',
      'healthcare/overview "By status": field "status" is enum, expected date or dateTime',
    ]);
  });
});

describe('recordSchemasInSeedOrder', () => {
  it('puts every referenced schema before the schemas referring to it', () => {
    const ordered = recordSchemasInSeedOrder();
    expect(ordered).toHaveLength(RECORD_SCHEMAS.length);
    const position = new Map(
      ordered.map((schema, index) => [`${schema.moduleId}/${schema.submoduleId}`, index]),
    );
    ordered.forEach((schema, index) => {
      for (const field of schema.fields) {
        if (field.type !== 'reference') continue;
        const target = position.get(`${field.reference.moduleId}/${field.reference.submoduleId}`);
        expect(target).toBeDefined();
        expect(target as number).toBeLessThanOrEqual(index);
      }
    });
  });
});

describe('defineRecordSchema defaults', () => {
  const minimal = defineRecordSchema({
    moduleId: 'test',
    submoduleId: 'minimal',
    entityName: 'Widget',
    fields: [
      f.text('name', 'Name'),
      f.longText('notes', 'Notes'),
      f.reference('other', 'Other', 'test/minimal', 'name'),
      f.date('made_on', 'Made on'),
    ],
    titleField: 'name',
  });

  it('fills plural, list columns, sort, sortable fields and view', () => {
    expect(minimal.entityNamePlural).toBe('Widgets');
    expect(minimal.listColumns).toEqual(['name', 'other', 'made_on']);
    expect(minimal.defaultSort).toEqual({ field: 'name', direction: 'asc' });
    expect(minimal.sortableFields).toEqual(['name', 'made_on']);
    expect(minimal.defaultView).toBe('table');
    expect(availableViews(minimal)).toEqual(['table']);
  });

  it('prefers timeline, then calendar, then board for the default view', () => {
    const base = {
      ...minimal,
      fields: [...minimal.fields, f.date('end_on', 'End on'), f.enum('stage', 'Stage', ['a'])],
    };
    const { defaultView: _ignored, ...draft } = base;
    expect(defineRecordSchema({ ...draft, boardField: 'stage' }).defaultView).toBe('board');
    expect(defineRecordSchema({ ...draft, boardField: 'stage', calendarField: 'made_on' }).defaultView).toBe(
      'calendar',
    );
    expect(
      defineRecordSchema({
        ...draft,
        calendarField: 'made_on',
        timelineStartField: 'made_on',
        timelineEndField: 'end_on',
      }).defaultView,
    ).toBe('timeline');
  });
});
