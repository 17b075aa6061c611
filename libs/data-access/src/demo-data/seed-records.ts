/**
 * Deterministic demo records for any schema: the same schema, seed and `today` always give the
 * same records (a seeded PRNG, never Math.random), so demo institutions, screenshots and tests are
 * stable. Values follow each field's `sample` hint, else a sensible default for its type.
 *
 * References: the seeder does not know other submodules' ids. It asks the caller through
 * `resolveReference(moduleId, submoduleId, index)` where `index` is a seeded non-negative integer;
 * map it onto the ids already created (e.g. `ids[index % ids.length]`), or return null to leave
 * the field empty. Seed referenced submodules first (`recordSchemasInSeedOrder` of the contracts).
 */

import type {
  FieldDefinition,
  FormulaContext,
  RecordValue,
  RecordValues,
  SampleHint,
  SampleKind,
} from '../contracts/records/field-types';
import { referencesReadByFormulas, withDerivedValues } from '../contracts/records/formulas';
import { dateRangesOf, findField, type RecordSchema } from '../contracts/records/record-schema';
import {
  type CompareRule,
  crossFieldErrors,
  crossRecordRules,
  holdsSlot,
  type NoOverlapRule,
  slotOf,
  slotsOverlap,
  uniqueKeyOf,
} from '../contracts/records/rules';
import { PHYSICIANS } from '../contracts/records/schemas/common';
import { seededRandom } from '../contracts/seeded-random';

export interface SeedRecordsOptions {
  count: number;
  seed: string | number;
  /** Gives staff e-mail domains and website names a believable institution flavour. */
  institutionName: string;
  /** `YYYY-MM-DD`: dates are spread around it (past visits, upcoming appointments). */
  today: string;
  resolveReference?: (moduleId: string, submoduleId: string, index: number) => string | null;
  /**
   * The values of a record `resolveReference` named, for formulas that read a referenced record (a
   * reservation's nightly rate from its room); without it those derived fields stay empty.
   */
  referencedValues?: (moduleId: string, submoduleId: string, id: string) => Readonly<RecordValues> | null;
}

const FIRST_NAMES = [
  'Amara',
  'Liam',
  'Sofia',
  'Noah',
  'Priya',
  'Mateo',
  'Chloe',
  'Kenji',
  'Fatima',
  'Lucas',
  'Elena',
  'Omar',
  'Hannah',
  'Diego',
  'Aisha',
  'Jonas',
  'Mei',
  'Samuel',
  'Isabel',
  'Tariq',
  'Grace',
  'Ravi',
  'Zoe',
  'Felix',
  'Nadia',
  'Hugo',
  'Leila',
  'Ethan',
  'Yara',
  'Daniel',
];
const LAST_NAMES = [
  'Okafor',
  'Bennett',
  'Rossi',
  'Nakamura',
  'Patel',
  'García',
  'Dubois',
  'Müller',
  'Haddad',
  'Silva',
  'Kowalski',
  'Johansson',
  'Chen',
  "O'Brien",
  'Novak',
  'Mensah',
  'Fischer',
  'Khan',
  'Andersen',
  'Moreau',
  'Reyes',
  'Schmidt',
  'Ito',
  'Walsh',
  'Costa',
  'Ahmed',
  'Larsen',
  'Kim',
  'Hughes',
  'Varga',
];
const COMPANIES = [
  'Northwind Traders',
  'Bluebird Logistics',
  'Cedar & Pine Ltd',
  'Helios Energy',
  'Orchard Foods',
  'Vertex Analytics',
  'Harbor Freight Co',
  'Silverline Media',
  'Granite Works',
  'Lumen Health',
  'Atlas Engineering',
  'Riverside Dental',
  'Summit Outdoor',
  'Quarry Lane Bakery',
  'Mosaic Design Studio',
  'Keystone Insurance',
  'Aurora Textiles',
  'Copperfield Legal',
  'Meridian Hotels',
  'Pioneer Farms',
];
const JOB_TITLES = [
  'Operations Manager',
  'Account Executive',
  'Project Coordinator',
  'Financial Analyst',
  'Registered Nurse',
  'Teacher',
  'Software Engineer',
  'Procurement Lead',
  'Customer Success Manager',
  'Quality Engineer',
  'Paralegal',
  'Front Desk Supervisor',
  'Logistics Planner',
  'Marketing Specialist',
  'HR Generalist',
];
const CITIES = [
  'Lisbon',
  'Toronto',
  'Nairobi',
  'Melbourne',
  'Austin',
  'Lyon',
  'Osaka',
  'Cape Town',
  'Rotterdam',
  'Denver',
  'Manchester',
  'Bogotá',
  'Seattle',
  'Kraków',
  'Singapore',
  'Dublin',
  'Montréal',
  'Accra',
  'Munich',
  'Porto',
];
const COUNTRIES = [
  'Portugal',
  'Canada',
  'Kenya',
  'Australia',
  'United States',
  'France',
  'Japan',
  'South Africa',
  'Netherlands',
  'Germany',
  'United Kingdom',
  'Colombia',
  'Poland',
  'Singapore',
  'Ireland',
  'Ghana',
  'Mexico',
  'India',
];
const STREETS = [
  'Maple Avenue',
  'Harbour Road',
  'King Street',
  'Elm Close',
  'Station Road',
  'Riverside Drive',
  'Oak Lane',
  'Market Square',
  'Hillcrest Way',
  'Church Street',
  'Victoria Parade',
  'Mill Lane',
  'Park View',
  'Quay Street',
];
const SENTENCES = [
  'Follow up with the client before the end of the week.',
  'Awaiting confirmation from the supplier on delivery dates.',
  'Reviewed during the weekly operations meeting; no blockers.',
  'Requested additional documents; the file is otherwise complete.',
  'Scheduled a call to walk through the next steps.',
  'Budget approved by finance; procurement can proceed.',
  'Priority raised after feedback from the regional team.',
  'Notes shared with the team, including the agreed timeline.',
  'Minor issues found; corrective actions assigned to the owner.',
  'Customer asked for an itemised breakdown, sent on request.',
  'Completed ahead of schedule, lessons learned recorded.',
  'Pending sign-off from the department head.',
];
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

type Random = () => number;

function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}

function letters(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index++) text += pick(random, LETTERS.split(''));
  return text;
}

/** ASCII, lower-case, dot-free slug for e-mail local parts and host names. */
function slug(text: string, separator: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface SeedContext {
  random: Random;
  index: number;
  options: SeedRecordsOptions;
  schema: RecordSchema;
  record: RecordValues;
}

function sampleKind(context: SeedContext, kind: SampleKind): string {
  const { random } = context;
  switch (kind) {
    case 'personName':
      return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
    case 'firstName':
      return pick(random, FIRST_NAMES);
    case 'companyName':
      return pick(random, COMPANIES);
    case 'jobTitle':
      return pick(random, JOB_TITLES);
    case 'city':
      return pick(random, CITIES);
    case 'country':
      return pick(random, COUNTRIES);
    case 'address':
      return `${randomInt(random, 1, 240)} ${pick(random, STREETS)}, ${pick(random, CITIES)}`;
    case 'sentence':
      return pick(random, SENTENCES);
    case 'paragraph':
      return [pick(random, SENTENCES), pick(random, SENTENCES)].join(' ');
    case 'plate':
      return `${letters(random, 3)}-${randomInt(random, 1000, 9999)}`;
    case 'roomNumber':
      // Floors 1–6, then the next number along each floor: unique within a hotel of up to 594 rooms.
      return `${(context.index % 6) + 1}${String(Math.floor(context.index / 6) + 1).padStart(2, '0')}`;
    case 'physicianName':
      // The clinic's usual names first, then more doctors of the same kind.
      return PHYSICIANS[context.index] ?? `Dr. ${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
    case 'sku':
      return `${letters(random, 3)}-${randomInt(random, 1000, 9999)}`;
    case 'personalEmail':
    case 'workEmail':
      return emailFor(context, kind);
  }
}

/** The record's person (and company) give the mailbox; addresses stay on reserved example domains. */
function emailFor(context: SeedContext, kind: 'personalEmail' | 'workEmail' | undefined): string {
  const { record, schema, random, options } = context;
  const nameField = schema.fields.find(
    (candidate) => candidate.sample === 'personName' && typeof record[candidate.key] === 'string',
  );
  const companyField = schema.fields.find(
    (candidate) => candidate.sample === 'companyName' && typeof record[candidate.key] === 'string',
  );
  const person = nameField
    ? String(record[nameField.key])
    : `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
  const local = slug(person, '.');
  if (kind === 'workEmail') return `${local}@${slug(options.institutionName, '-')}.example.com`;
  // Without a hint, a contact at a company gets a company mailbox, anyone else a personal one.
  if (kind === 'personalEmail' || !companyField) return `${local}@example.com`;
  return `${local}@${slug(String(record[companyField.key]), '-')}.example.com`;
}

function sampleHint(context: SeedContext, field: FieldDefinition, hint: SampleHint): RecordValue {
  const { random, index, options } = context;
  if (typeof hint === 'string') return sampleKind(context, hint);
  if ('oneOf' in hint) return pick(random, hint.oneOf);
  if ('sequence' in hint) return `${hint.sequence}${String(index + 1).padStart(4, '0')}`;
  if ('between' in hint) return numberBetween(context, field, hint.between[0], hint.between[1]);
  if ('daysFromToday' in hint) {
    const day = addDays(options.today, randomInt(random, hint.daysFromToday[0], hint.daysFromToday[1]));
    return field.type === 'dateTime' ? dateTimeOn(random, day) : day;
  }
  // daysAfterStart / minutesAfterStart are resolved once the start is known (see endValue).
  return null;
}

function numberBetween(context: SeedContext, field: FieldDefinition, low: number, high: number): number {
  const { random } = context;
  const min = field.type === 'number' || field.type === 'money' ? Math.max(low, field.min ?? low) : low;
  const max = field.type === 'number' || field.type === 'money' ? Math.min(high, field.max ?? high) : high;
  const integer = field.type === 'number' && field.integer;
  if (integer) return randomInt(random, Math.ceil(min), Math.floor(max));
  const value = min + random() * (max - min);
  return field.type === 'money' ? Math.round(value * 100) / 100 : Math.round(value * 10) / 10;
}

/** A business-hours slot on a day, on the quarter hour, in UTC. */
function dateTimeOn(random: Random, day: string): string {
  const minutes = randomInt(random, 8 * 4, 17 * 4) * 15;
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${day}T${hours}:${String(minutes % 60).padStart(2, '0')}:00.000Z`;
}

function defaultValue(context: SeedContext, field: FieldDefinition): RecordValue {
  const { random, options, schema, index } = context;
  switch (field.type) {
    case 'text':
      return `${schema.entityName} ${index + 1}`;
    case 'longText':
      return sampleKind(context, 'paragraph');
    case 'email':
      return emailFor(context, undefined);
    case 'phone':
      // 555-01xx numbers are reserved for fiction, so seeds never dial a real person.
      return `+1 ${randomInt(random, 201, 989)} 555 01${String(randomInt(random, 0, 99)).padStart(2, '0')}`;
    case 'url': {
      const name = schema.fields.find((candidate) => candidate.sample === 'companyName');
      const host =
        name && typeof context.record[name.key] === 'string'
          ? String(context.record[name.key])
          : options.institutionName;
      return `https://www.${slug(host, '-')}.example.com`;
    }
    case 'number':
      return numberBetween(context, field, field.min ?? 1, field.max ?? 100);
    case 'money':
      return numberBetween(context, field, field.min ?? 50, field.max ?? 5_000);
    case 'date':
      return addDays(options.today, randomInt(random, -60, 60));
    case 'dateTime':
      return dateTimeOn(random, addDays(options.today, randomInt(random, -30, 30)));
    case 'enum':
      return pick(random, field.options).value;
    case 'boolean':
      return random() < 0.5;
    case 'reference':
      return (
        options.resolveReference?.(
          field.reference.moduleId,
          field.reference.submoduleId,
          randomInt(random, 0, 9_999),
        ) ?? null
      );
  }
}

/** An end value after its start: nights for dates, minutes for date-times. */
function endValue(context: SeedContext, field: FieldDefinition, start: RecordValue): RecordValue {
  if (typeof start !== 'string') return null;
  const { random } = context;
  const hint = field.sample;
  if (field.type === 'date') {
    const [low, high] =
      hint && typeof hint === 'object' && 'daysAfterStart' in hint ? hint.daysAfterStart : [0, 14];
    return addDays(start.slice(0, 10), randomInt(random, low, high));
  }
  if (field.type === 'dateTime') {
    const [low, high] =
      hint && typeof hint === 'object' && 'minutesAfterStart' in hint ? hint.minutesAfterStart : [30, 120];
    const minutes = Math.round(randomInt(random, low, high) / 15) * 15;
    const startMillis = Date.parse(start.length === 10 ? `${start}T09:00:00.000Z` : start);
    return new Date(startMillis + Math.max(minutes, 0) * 60_000).toISOString();
  }
  return null;
}

/**
 * `count` records for a schema, as validated values (every field key present, null where empty).
 * Optional fields are left empty now and then, as real data is.
 */
export function seedRecordsFor(schema: RecordSchema, options: SeedRecordsOptions): RecordValues[] {
  const random = seededRandom(`${options.seed}:${schema.moduleId}/${schema.submoduleId}`);
  const ranges = dateRangesOf(schema);
  const endStart = new Map(ranges.map((range) => [range.endField, range.startField]));
  const records: RecordValues[] = [];

  for (let index = 0; index < options.count; index++) {
    const record: RecordValues = {};
    const context: SeedContext = { random, index, options, schema, record };
    // Names first, then what derives from them (e-mails, sites), then end dates from their starts.
    const derived = (field: FieldDefinition): number =>
      endStart.has(field.key) ? 2 : field.type === 'email' || field.type === 'url' ? 1 : 0;
    for (const pass of [0, 1, 2]) {
      for (const field of schema.fields) {
        if (derived(field) !== pass || field.derived) continue;
        // Draw the "leave empty" dice every time so one field's choice does not shift the others.
        const leaveEmpty = random() < 0.1 && !field.required && field.type !== 'enum';
        let value: RecordValue;
        if (pass === 2) value = endValue(context, field, record[endStart.get(field.key) ?? ''] ?? null);
        else value = field.sample ? sampleHint(context, field, field.sample) : defaultValue(context, field);
        if (value === null && field.type !== 'reference') value = defaultValue(context, field);
        record[field.key] = leaveEmpty ? null : value;
      }
    }
    // An empty start leaves nothing for an end to follow.
    for (const range of ranges) {
      if (record[range.startField] === null) record[range.endField] = null;
    }
    const ordered = Object.fromEntries(schema.fields.map((field) => [field.key, record[field.key] ?? null]));
    const formulaContext: FormulaContext = {
      today: options.today,
      references: referencesOf(schema, ordered, options),
    };
    const coherent = obeyCrossFieldRules(schema, ordered, formulaContext);
    records.push(obeyCrossRecordRules(schema, coherent, records, formulaContext));
  }
  return records;
}

/** The referenced records the schema's formulas read, as the caller knows them. */
function referencesOf(
  schema: RecordSchema,
  values: Readonly<RecordValues>,
  options: SeedRecordsOptions,
): Record<string, Readonly<RecordValues> | null> {
  const references: Record<string, Readonly<RecordValues> | null> = {};
  for (const field of referencesReadByFormulas(schema)) {
    const id = values[field.key];
    references[field.key] =
      typeof id === 'string'
        ? (options.referencedValues?.(field.reference.moduleId, field.reference.submoduleId, id) ?? null)
        : null;
  }
  return references;
}

/** Moves a value so a comparison holds: paid down to the amount, an end just after its start. */
function satisfyComparison(schema: RecordSchema, rule: CompareRule, values: RecordValues): RecordValues {
  const other = values[rule.other];
  const type = findField(schema, rule.field)?.type;
  if (typeof other === 'number') {
    const step = rule.operator === 'lt' ? -1 : rule.operator === 'gt' ? 1 : 0;
    return { ...values, [rule.field]: other + step };
  }
  if (typeof other !== 'string') return values;
  const step = rule.operator === 'gt' ? 1 : rule.operator === 'lt' ? -1 : 0;
  if (type === 'date') return { ...values, [rule.field]: addDays(other.slice(0, 10), step) };
  return { ...values, [rule.field]: new Date(Date.parse(other) + step * 30 * 60_000).toISOString() };
}

/**
 * Demo records obey the schema's rules: derived values computed, each broken comparison moved
 * into line and each broken check repaired by the rule's own `fix`.
 */
function obeyCrossFieldRules(
  schema: RecordSchema,
  values: RecordValues,
  context: FormulaContext,
): RecordValues {
  let record = withDerivedValues(schema, values, context);
  // A fix may break another rule (a status from an amount): a few rounds settle any schema.
  for (let round = 0; round < 4; round++) {
    const broken = crossFieldErrors(schema, record, context);
    if (Object.keys(broken).length === 0) break;
    for (const rule of schema.rules ?? []) {
      if (rule.kind === 'compare' && broken[rule.field]) record = satisfyComparison(schema, rule, record);
      if (rule.kind === 'check' && rule.fix && !rule.holds(record, context)) record = rule.fix(record);
      record = withDerivedValues(schema, record, context);
    }
  }
  return record;
}

/** Shifts a span by whole days (dates) or by its own length (date-times), keeping its length. */
function shiftSlot(rule: NoOverlapRule, values: RecordValues, after: number): RecordValues {
  const start = values[rule.start];
  const end = values[rule.end];
  if (typeof start !== 'string') return values;
  if (start.length === 10) {
    const nights =
      typeof end === 'string' ? Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) : 0;
    const newStart = new Date(after).toISOString().slice(0, 10);
    return {
      ...values,
      [rule.start]: newStart,
      ...(typeof end === 'string' ? { [rule.end]: addDays(newStart, nights) } : {}),
    };
  }
  const length = typeof end === 'string' ? Date.parse(end) - Date.parse(start) : 0;
  return {
    ...values,
    [rule.start]: new Date(after).toISOString(),
    ...(typeof end === 'string' ? { [rule.end]: new Date(after + length).toISOString() } : {}),
  };
}

/**
 * No demo record clashes with an earlier one: a taken code gets the record's number appended,
 * a taken slot (room night, physician hour) moves to just after the slot it clashed with.
 */
function obeyCrossRecordRules(
  schema: RecordSchema,
  values: RecordValues,
  earlier: readonly RecordValues[],
  context: FormulaContext,
): RecordValues {
  let record = values;
  for (const rule of crossRecordRules(schema)) {
    if (rule.kind === 'unique') {
      const key = JSON.stringify(uniqueKeyOf(rule, record));
      const field = rule.fields[0];
      if (!field || key === 'null') continue;
      if (earlier.some((other) => JSON.stringify(uniqueKeyOf(rule, other)) === key)) {
        record = { ...record, [field]: `${String(record[field])}-${earlier.length + 1}` };
      }
      continue;
    }
    for (let attempt = 0; attempt < earlier.length + 1 && holdsSlot(rule, record); attempt++) {
      const slot = slotOf(rule, record);
      const key = String(record[rule.field]).trim().toLowerCase();
      const clash = earlier.find((other) => {
        const otherSlot = holdsSlot(rule, other) ? slotOf(rule, other) : null;
        return (
          otherSlot !== null &&
          slot !== null &&
          String(other[rule.field]).trim().toLowerCase() === key &&
          slotsOverlap(slot, otherSlot)
        );
      });
      const clashSlot = clash ? slotOf(rule, clash) : null;
      if (!clashSlot) break;
      record = shiftSlot(rule, record, clashSlot[1]);
    }
  }
  // Moved dates may change what the record derives and what its status allows.
  return obeyCrossFieldRules(schema, record, context);
}
