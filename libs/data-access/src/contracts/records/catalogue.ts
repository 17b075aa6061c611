/**
 * The records catalogue: every record schema and insights definition of the modules the records
 * engine serves (all but crm and sales, which the CRM serves), with look-ups and the consistency
 * check that keeps them in step with MODULE_CATALOGUE.
 */

import { FIELD_TYPES, type FieldDefinition, type FieldType } from './field-types';
import type { InsightChart, InsightKpi, ModuleInsightsDefinition } from './insights';
import { availableViews, findField, type RecordSchema, SORTABLE_FIELD_TYPES } from './record-schema';
import { EDUCATION_INSIGHTS, EDUCATION_SCHEMAS } from './schemas/education';
import { ECOMMERCE_SCHEMAS } from './schemas/ecommerce';
import { FINANCE_INSIGHTS, FINANCE_SCHEMAS } from './schemas/finance';
import { FINANCIAL_SERVICES_INSIGHTS, FINANCIAL_SERVICES_SCHEMAS } from './schemas/financial-services';
import { GOVERNMENT_INSIGHTS, GOVERNMENT_SCHEMAS } from './schemas/government';
import { HEALTHCARE_INSIGHTS, HEALTHCARE_SCHEMAS } from './schemas/healthcare';
import { HOTEL_SCHEMAS } from './schemas/hotel';
import { LEGAL_SCHEMAS } from './schemas/legal';
import { LOGISTICS_INSIGHTS, LOGISTICS_SCHEMAS } from './schemas/logistics';
import { MANUFACTURING_INSIGHTS, MANUFACTURING_SCHEMAS } from './schemas/manufacturing';
import { MARKETING_INSIGHTS, MARKETING_SCHEMAS } from './schemas/marketing';
import {
  PROFESSIONAL_SERVICES_INSIGHTS,
  PROFESSIONAL_SERVICES_SCHEMAS,
} from './schemas/professional-services';
import { PROJECT_SCHEMAS } from './schemas/project';
import { REAL_ESTATE_INSIGHTS, REAL_ESTATE_SCHEMAS } from './schemas/real-estate';
import { RETAIL_INSIGHTS, RETAIL_SCHEMAS } from './schemas/retail';
import { TRAINERPRO_SCHEMAS } from './schemas/trainerpro';
import { MODULE_CATALOGUE, type ModuleCatalogueEntry } from '../modules';

/** Modules the CRM remote serves with its own screens, outside the records engine. */
export const MODULES_OUTSIDE_RECORDS_ENGINE: readonly string[] = ['crm', 'sales'];

export const RECORD_SCHEMAS: readonly RecordSchema[] = [
  ...PROJECT_SCHEMAS,
  ...FINANCE_SCHEMAS,
  ...MARKETING_SCHEMAS,
  ...TRAINERPRO_SCHEMAS,
  ...HEALTHCARE_SCHEMAS,
  ...EDUCATION_SCHEMAS,
  ...RETAIL_SCHEMAS,
  ...REAL_ESTATE_SCHEMAS,
  ...FINANCIAL_SERVICES_SCHEMAS,
  ...LOGISTICS_SCHEMAS,
  ...MANUFACTURING_SCHEMAS,
  ...GOVERNMENT_SCHEMAS,
  ...LEGAL_SCHEMAS,
  ...PROFESSIONAL_SERVICES_SCHEMAS,
  ...ECOMMERCE_SCHEMAS,
  ...HOTEL_SCHEMAS,
];

export const MODULE_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  ...FINANCE_INSIGHTS,
  ...MARKETING_INSIGHTS,
  ...HEALTHCARE_INSIGHTS,
  ...EDUCATION_INSIGHTS,
  ...RETAIL_INSIGHTS,
  ...REAL_ESTATE_INSIGHTS,
  ...FINANCIAL_SERVICES_INSIGHTS,
  ...LOGISTICS_INSIGHTS,
  ...MANUFACTURING_INSIGHTS,
  ...GOVERNMENT_INSIGHTS,
  ...PROFESSIONAL_SERVICES_INSIGHTS,
];

export function findRecordSchema(moduleId: string, submoduleId: string): RecordSchema | undefined {
  return RECORD_SCHEMAS.find((schema) => schema.moduleId === moduleId && schema.submoduleId === submoduleId);
}

export function findModuleInsights(
  moduleId: string,
  submoduleId: string,
): ModuleInsightsDefinition | undefined {
  return MODULE_INSIGHTS.find(
    (insights) => insights.moduleId === moduleId && insights.submoduleId === submoduleId,
  );
}

export function recordSchemasOfModule(moduleId: string): RecordSchema[] {
  return RECORD_SCHEMAS.filter((schema) => schema.moduleId === moduleId);
}

export function moduleInsightsOfModule(moduleId: string): ModuleInsightsDefinition[] {
  return MODULE_INSIGHTS.filter((insights) => insights.moduleId === moduleId);
}

/** What a submodule's screen shows: a records list, or a summary of other submodules' records. */
export type SubmoduleScreen =
  | { kind: 'records'; schema: RecordSchema }
  | { kind: 'insights'; insights: ModuleInsightsDefinition };

export function submoduleScreen(moduleId: string, submoduleId: string): SubmoduleScreen | undefined {
  const schema = findRecordSchema(moduleId, submoduleId);
  if (schema) return { kind: 'records', schema };
  const insights = findModuleInsights(moduleId, submoduleId);
  return insights ? { kind: 'insights', insights } : undefined;
}

/**
 * The schemas ordered so every referenced schema comes before the ones referring to it, which is
 * the order demo seeding must follow. Self-references (a schedule item depending on another) are
 * fine: earlier records of the same schema are the targets.
 */
export function recordSchemasInSeedOrder(schemas: readonly RecordSchema[] = RECORD_SCHEMAS): RecordSchema[] {
  const id = (moduleId: string, submoduleId: string): string => `${moduleId}/${submoduleId}`;
  const byId = new Map(schemas.map((schema) => [id(schema.moduleId, schema.submoduleId), schema]));
  const ordered: RecordSchema[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (schema: RecordSchema): void => {
    const key = id(schema.moduleId, schema.submoduleId);
    if (state.get(key)) return; // done, or a cycle (broken here: the first schema reached goes first)
    state.set(key, 'visiting');
    for (const field of schema.fields) {
      if (field.type !== 'reference') continue;
      const target = byId.get(id(field.reference.moduleId, field.reference.submoduleId));
      if (target && target !== schema) visit(target);
    }
    state.set(key, 'done');
    ordered.push(schema);
  };
  for (const schema of schemas) visit(schema);
  return ordered;
}

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const DATE_TYPES: readonly FieldType[] = ['date', 'dateTime'];
const TOTAL_TYPES: readonly FieldType[] = ['money', 'number'];
const TITLE_TYPES: readonly FieldType[] = ['text', 'email', 'phone'];

function expectType(
  problems: string[],
  where: string,
  fields: readonly FieldDefinition[],
  key: string | undefined,
  types: readonly FieldType[],
  role: string,
): FieldDefinition | undefined {
  if (key === undefined) return undefined;
  const field = fields.find((candidate) => candidate.key === key);
  if (!field) problems.push(`${where}: ${role} "${key}" is not a field`);
  else if (!types.includes(field.type)) {
    problems.push(`${where}: ${role} "${key}" is ${field.type}, expected ${types.join(' or ')}`);
  }
  return field;
}

/** Everything wrong with one schema, as readable sentences (empty when it is sound). */
export function recordSchemaProblems(
  schema: RecordSchema,
  schemas: readonly RecordSchema[] = RECORD_SCHEMAS,
): string[] {
  const where = `${schema.moduleId}/${schema.submoduleId}`;
  const problems: string[] = [];
  const { fields } = schema;
  const keys = new Set<string>();
  for (const field of fields) {
    if (!SNAKE_CASE.test(field.key)) problems.push(`${where}: field key "${field.key}" is not snake_case`);
    if (keys.has(field.key)) problems.push(`${where}: field key "${field.key}" is used twice`);
    keys.add(field.key);
    if (!(FIELD_TYPES as readonly string[]).includes(field.type))
      problems.push(`${where}: ${field.key} has unknown type`);
    if (!field.label.trim()) problems.push(`${where}: ${field.key} has no label`);
    if (field.type === 'enum') {
      const values = field.options.map((option) => option.value);
      if (values.length === 0) problems.push(`${where}: enum ${field.key} has no options`);
      if (new Set(values).size !== values.length)
        problems.push(`${where}: enum ${field.key} repeats a value`);
      for (const value of values) {
        if (!SNAKE_CASE.test(value))
          problems.push(`${where}: enum ${field.key} value "${value}" is not snake_case`);
      }
    }
    if (
      (field.type === 'number' || field.type === 'money') &&
      field.min !== undefined &&
      field.max !== undefined &&
      field.min > field.max
    ) {
      problems.push(`${where}: ${field.key} has min above max`);
    }
    if (field.type === 'reference') {
      const { moduleId, submoduleId, labelField } = field.reference;
      const target = schemas.find(
        (candidate) => candidate.moduleId === moduleId && candidate.submoduleId === submoduleId,
      );
      if (!target)
        problems.push(`${where}: ${field.key} refers to missing schema ${moduleId}/${submoduleId}`);
      else if (!findField(target, labelField)) {
        problems.push(
          `${where}: ${field.key} label field "${labelField}" is not a field of ${moduleId}/${submoduleId}`,
        );
      }
    }
  }
  const typed = fields.filter((field) => !field.derived).length;
  if (typed < 4 || typed > 9) problems.push(`${where}: has ${typed} fields to fill, expected 4 to 9`);
  fields.forEach((field, position) => {
    for (const input of field.derived?.inputs ?? []) {
      const at = fields.findIndex((candidate) => candidate.key === input);
      // Formulas run in field order, so what one reads must already be computed.
      if (at < 0 || at >= position)
        problems.push(`${where}: derived ${field.key} reads "${input}", not a field before it`);
    }
    for (const read of field.derived?.referenceReads ?? []) {
      const reference = fields.find((candidate) => candidate.key === read.field);
      if (reference?.type !== 'reference') {
        problems.push(`${where}: derived ${field.key} reads through "${read.field}", not a reference field`);
        continue;
      }
      const { moduleId, submoduleId } = reference.reference;
      const target = schemas.find(
        (candidate) => candidate.moduleId === moduleId && candidate.submoduleId === submoduleId,
      );
      if (target && !findField(target, read.targetField))
        problems.push(
          `${where}: derived ${field.key} reads "${read.targetField}", not a field of ${moduleId}/${submoduleId}`,
        );
    }
  });
  for (const rule of schema.rules ?? []) {
    const used =
      rule.kind === 'compare'
        ? [rule.field, rule.other]
        : rule.kind === 'noOverlap'
          ? [rule.field, rule.start, rule.end, ...(rule.except ? [rule.except.field] : [])]
          : rule.fields;
    for (const key of used) {
      if (!keys.has(key)) problems.push(`${where}: ${rule.kind} rule names "${key}", not a field`);
    }
  }
  expectType(problems, where, fields, schema.titleField, TITLE_TYPES, 'titleField');
  for (const key of schema.listColumns) {
    if (!keys.has(key)) problems.push(`${where}: list column "${key}" is not a field`);
  }
  for (const key of schema.sortableFields)
    expectType(problems, where, fields, key, SORTABLE_FIELD_TYPES, 'sortable field');
  expectType(problems, where, fields, schema.defaultSort.field, SORTABLE_FIELD_TYPES, 'default sort');
  if (!schema.sortableFields.includes(schema.defaultSort.field)) {
    // The list offers the default sort as a choice, so it must be one of the sortable fields.
    problems.push(`${where}: default sort "${schema.defaultSort.field}" is not among the sortable fields`);
  }
  expectType(problems, where, fields, schema.boardField, ['enum'], 'boardField');
  const calendarStart = expectType(
    problems,
    where,
    fields,
    schema.calendarField,
    DATE_TYPES,
    'calendarField',
  );
  const calendarEnd = expectType(
    problems,
    where,
    fields,
    schema.calendarEndField,
    DATE_TYPES,
    'calendarEndField',
  );
  if (schema.calendarEndField && !schema.calendarField)
    problems.push(`${where}: calendarEndField without calendarField`);
  if (calendarStart && calendarEnd && calendarStart.type !== calendarEnd.type) {
    problems.push(`${where}: calendar start and end have different types`);
  }
  const timelineStart = expectType(
    problems,
    where,
    fields,
    schema.timelineStartField,
    DATE_TYPES,
    'timelineStartField',
  );
  const timelineEnd = expectType(
    problems,
    where,
    fields,
    schema.timelineEndField,
    DATE_TYPES,
    'timelineEndField',
  );
  if (Boolean(schema.timelineStartField) !== Boolean(schema.timelineEndField)) {
    problems.push(`${where}: a timeline needs both a start and an end field`);
  }
  if (timelineStart && timelineEnd && timelineStart.type !== timelineEnd.type) {
    problems.push(`${where}: timeline start and end have different types`);
  }
  for (const end of [calendarEnd, timelineEnd]) {
    // An end that must be filled while its start may be empty cannot be ordered against it.
    const start = end === calendarEnd ? calendarStart : timelineStart;
    if (end?.required && start && !start.required)
      problems.push(`${where}: ${end.key} is required but ${start.key} is not`);
  }
  if (!availableViews(schema).includes(schema.defaultView)) {
    problems.push(`${where}: default view "${schema.defaultView}" has no field to draw it`);
  }
  return problems;
}

function insightPartProblems(
  where: string,
  part: InsightKpi | InsightChart,
  insights: ModuleInsightsDefinition,
  schemas: readonly RecordSchema[],
): string[] {
  const problems: string[] = [];
  const label = 'label' in part ? part.label : part.title;
  const at = `${where} "${label}"`;
  if (!insights.sources.includes(part.source))
    problems.push(`${at}: source ${part.source} is not among the sources`);
  const schema = schemas.find(
    (candidate) => candidate.moduleId === insights.moduleId && candidate.submoduleId === part.source,
  );
  if (!schema) return [...problems, `${at}: no schema ${insights.moduleId}/${part.source}`];
  const fields = schema.fields;
  const enumValues = (field: FieldDefinition | undefined, values: readonly string[]): void => {
    if (field?.type !== 'enum') return;
    for (const value of values) {
      if (!field.options.some((option) => option.value === value)) {
        problems.push(`${at}: "${value}" is not an option of ${field.key}`);
      }
    }
  };
  switch (part.kind) {
    case 'count':
      break;
    case 'countWhere':
      enumValues(expectType(problems, at, fields, part.field, ['enum'], 'field'), part.values);
      break;
    case 'sum':
      expectType(problems, at, fields, part.field, TOTAL_TYPES, 'field');
      if (part.where)
        enumValues(expectType(problems, at, fields, part.where.field, ['enum'], 'where'), part.where.values);
      break;
    case 'nextDate':
    case 'countByMonth':
      expectType(problems, at, fields, part.field, DATE_TYPES, 'field');
      break;
    case 'countBy':
      expectType(problems, at, fields, part.field, ['enum'], 'field');
      break;
    case 'sumBy':
      expectType(problems, at, fields, part.groupField, ['enum'], 'groupField');
      expectType(problems, at, fields, part.valueField, TOTAL_TYPES, 'valueField');
      break;
  }
  return problems;
}

/** Everything wrong with one insights definition (empty when it is sound). */
export function moduleInsightsProblems(
  insights: ModuleInsightsDefinition,
  schemas: readonly RecordSchema[] = RECORD_SCHEMAS,
): string[] {
  const where = `${insights.moduleId}/${insights.submoduleId}`;
  const problems: string[] = [];
  const own = (submoduleId: string): boolean =>
    schemas.some((schema) => schema.moduleId === insights.moduleId && schema.submoduleId === submoduleId);
  for (const source of insights.sources) {
    if (!own(source))
      problems.push(`${where}: source ${source} is not a record schema of ${insights.moduleId}`);
  }
  for (const collection of insights.embeddedCollections ?? []) {
    if (!own(collection))
      problems.push(`${where}: embedded ${collection} is not a record schema of ${insights.moduleId}`);
  }
  if (insights.kpis.length === 0) problems.push(`${where}: shows no KPI`);
  if (insights.charts.length === 0) problems.push(`${where}: shows no chart`);
  for (const part of [...insights.kpis, ...insights.charts]) {
    problems.push(...insightPartProblems(where, part, insights, schemas));
  }
  return problems;
}

/**
 * The whole catalogue's consistency: each submodule of every records-engine module is covered by
 * exactly one schema or insights definition, nothing covers a submodule that does not exist
 * (unless an insights screen embeds it), and every schema and insights definition is sound.
 */
export function recordsCatalogueProblems(
  modules: readonly ModuleCatalogueEntry[] = MODULE_CATALOGUE,
  schemas: readonly RecordSchema[] = RECORD_SCHEMAS,
  insights: readonly ModuleInsightsDefinition[] = MODULE_INSIGHTS,
): string[] {
  const problems: string[] = [];
  const coverage = new Map<string, number>();
  const count = (key: string): void => {
    coverage.set(key, (coverage.get(key) ?? 0) + 1);
  };
  for (const schema of schemas) count(`${schema.moduleId}/${schema.submoduleId}`);
  for (const definition of insights) count(`${definition.moduleId}/${definition.submoduleId}`);

  const known = new Set<string>();
  for (const module of modules) {
    if (MODULES_OUTSIDE_RECORDS_ENGINE.includes(module.id)) continue;
    for (const submodule of module.submodules) {
      const key = `${module.id}/${submodule.id}`;
      known.add(key);
      const times = coverage.get(key) ?? 0;
      if (times !== 1) problems.push(`${key}: covered ${times} times, expected exactly once`);
    }
  }
  const embedded = new Set(
    insights.flatMap((definition) =>
      (definition.embeddedCollections ?? []).map((collection) => `${definition.moduleId}/${collection}`),
    ),
  );
  for (const schema of schemas) {
    const key = `${schema.moduleId}/${schema.submoduleId}`;
    if (!known.has(key) && !embedded.has(key))
      problems.push(`${key}: not a submodule and not embedded by an overview`);
    if ((coverage.get(key) ?? 0) > 1 && !known.has(key)) problems.push(`${key}: defined more than once`);
    problems.push(...recordSchemaProblems(schema, schemas));
  }
  for (const definition of insights) {
    const key = `${definition.moduleId}/${definition.submoduleId}`;
    if (!known.has(key)) problems.push(`${key}: insights for a submodule that does not exist`);
    problems.push(...moduleInsightsProblems(definition, schemas));
  }
  return problems;
}
