/**
 * Domain rules a schema declares (`rules: [...]`), beyond what one field can say:
 * - cross-field rules (`compare`, `check`) hold within one record; validateRecord evaluates them,
 *   so the API refuses and the forms show the very same message;
 * - cross-record rules (`unique`, `noOverlap`) hold between the records of one institution; the
 *   API evaluates them inside the write's transaction (records.service), the seed test in memory
 *   with `crossRecordConflicts` — both word the refusal with the builders below.
 */

import type { FieldDefinition, FormulaContext, RecordValue, RecordValues } from './field-types';
import type { RecordSchema } from './record-schema';

export type ComparisonOperator = 'lt' | 'lte' | 'gt' | 'gte' | 'eq';

/** `field` compared to `other` (numbers or dates); holds while either is empty. */
export interface CompareRule {
  kind: 'compare';
  field: string;
  operator: ComparisonOperator;
  other: string;
  /** Defaults to `Paid must be at most Amount`. */
  message?: string;
}

/**
 * Any other condition on one record (a paid folio owes nothing). `fields` are what it reads; the
 * message goes on the first. `fix` tells the demo seeder how to bring a generated record in line.
 */
export interface CheckRule {
  kind: 'check';
  fields: readonly string[];
  message: string;
  holds: (values: Readonly<RecordValues>, context: FormulaContext) => boolean;
  fix?: (values: Readonly<RecordValues>) => RecordValues;
}

/** No two records of one institution share these values (compared trimmed, case-insensitive). */
export interface UniqueRule {
  kind: 'unique';
  fields: readonly string[];
}

/**
 * No two records with the same `field` value (a room, a physician) have overlapping
 * [start, end) spans: checking out on the day another checks in is fine.
 */
export interface NoOverlapRule {
  kind: 'noOverlap';
  field: string;
  start: string;
  end: string;
  /** Records in these states do not hold the slot (a cancelled reservation). */
  except?: { field: string; values: readonly string[] };
}

export type CrossFieldRule = CompareRule | CheckRule;
export type CrossRecordRule = UniqueRule | NoOverlapRule;
export type RecordRule = CrossFieldRule | CrossRecordRule;

export function isCrossRecordRule(rule: RecordRule): rule is CrossRecordRule {
  return rule.kind === 'unique' || rule.kind === 'noOverlap';
}

export function crossRecordRules(schema: RecordSchema): CrossRecordRule[] {
  return (schema.rules ?? []).filter(isCrossRecordRule);
}

function fieldOf(schema: RecordSchema, key: string): FieldDefinition | undefined {
  return schema.fields.find((field) => field.key === key);
}

function labelOf(schema: RecordSchema, key: string): string {
  return fieldOf(schema, key)?.label ?? key;
}

const OPERATOR_WORDS: Record<ComparisonOperator, { number: string; date: string }> = {
  lt: { number: 'less than', date: 'before' },
  lte: { number: 'at most', date: 'on or before' },
  gt: { number: 'more than', date: 'after' },
  gte: { number: 'at least', date: 'on or after' },
  eq: { number: 'equal to', date: 'the same as' },
};

/** Numbers as they are; dates and date-times as instants (a date counts from its day's start). */
function comparable(value: RecordValue | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const millis = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(millis) ? null : millis;
}

function compares(left: number, operator: ComparisonOperator, right: number): boolean {
  switch (operator) {
    case 'lt':
      return left < right;
    case 'lte':
      return left <= right;
    case 'gt':
      return left > right;
    case 'gte':
      return left >= right;
    case 'eq':
      return Math.abs(left - right) < 1e-9;
  }
}

export function compareRuleMessage(schema: RecordSchema, rule: CompareRule): string {
  if (rule.message) return rule.message;
  const type = fieldOf(schema, rule.field)?.type;
  const words = OPERATOR_WORDS[rule.operator][type === 'date' || type === 'dateTime' ? 'date' : 'number'];
  return `${labelOf(schema, rule.field)} must be ${words} ${labelOf(schema, rule.other)}`;
}

/** The cross-field rules a record breaks, keyed by the field each message belongs to. */
export function crossFieldErrors(
  schema: RecordSchema,
  values: Readonly<RecordValues>,
  context: FormulaContext,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rule of schema.rules ?? []) {
    if (rule.kind === 'compare') {
      const left = comparable(values[rule.field]);
      const right = comparable(values[rule.other]);
      if (left === null || right === null || compares(left, rule.operator, right)) continue;
      errors[rule.field] ??= compareRuleMessage(schema, rule);
    } else if (rule.kind === 'check') {
      if (rule.holds(values, context)) continue;
      const key = rule.fields[0] ?? '_record';
      errors[key] ??= rule.message;
    }
  }
  return errors;
}

/** The text a unique rule compares, or null when a value is empty (empty values never clash). */
export function uniqueKeyOf(rule: UniqueRule, values: Readonly<RecordValues>): string[] | null {
  const parts: string[] = [];
  for (const key of rule.fields) {
    const value = values[key];
    if (value === null || value === undefined || value === '') return null;
    parts.push(String(value).trim().toLowerCase());
  }
  return parts;
}

export function uniqueConflictMessage(
  schema: RecordSchema,
  rule: UniqueRule,
  values: Readonly<RecordValues>,
  otherTitle: string,
): string {
  const named = rule.fields.map((key) => `${labelOf(schema, key)} ${String(values[key])}`).join(', ');
  return `${named} is already used by another ${schema.entityName.toLowerCase()} (${otherTitle})`;
}

/** Whether a record holds its slot: it has the field, a start, and is not in an excepted state. */
export function holdsSlot(rule: NoOverlapRule, values: Readonly<RecordValues>): boolean {
  const key = values[rule.field];
  if (key === null || key === undefined || key === '') return false;
  if (typeof values[rule.start] !== 'string') return false;
  const state = rule.except ? values[rule.except.field] : undefined;
  return !(rule.except && typeof state === 'string' && rule.except.values.includes(state));
}

/** [start, end) as instants; a missing end makes the slot the start instant alone. */
export function slotOf(rule: NoOverlapRule, values: Readonly<RecordValues>): [number, number] | null {
  const start = comparable(values[rule.start]);
  if (start === null) return null;
  const end = comparable(values[rule.end]) ?? start;
  return [start, Math.max(end, start)];
}

export function slotsOverlap(a: [number, number], b: [number, number]): boolean {
  // Two instant-only slots at the same moment clash too (two appointments at 9:00 without ends).
  if (a[0] === a[1] || b[0] === b[1]) return a[0] === b[0] || (a[0] < b[1] && b[0] < a[1]);
  return a[0] < b[1] && b[0] < a[1];
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/**
 * "Room 204 already has a reservation 2026-12-01 to 2026-12-04 (Amara Okafor)". `keyName` names
 * the shared value when it is a reference (the room's number, not its id).
 */
export function overlapConflictMessage(
  schema: RecordSchema,
  rule: NoOverlapRule,
  values: Readonly<RecordValues>,
  other: { title: string; start: RecordValue; end: RecordValue },
  keyName?: string,
): string {
  const entity = schema.entityName.toLowerCase();
  const when = (value: RecordValue): string =>
    typeof value === 'string' ? value.replace('T', ' ').replace(/:00\.000Z$/, ' UTC') : '…';
  const span = other.end ? `${when(other.start)} to ${when(other.end)}` : `at ${when(other.start)}`;
  return `${labelOf(schema, rule.field)} ${keyName ?? String(values[rule.field])} already has ${article(entity)} ${entity} ${span} (${other.title})`;
}

export interface RecordConflict {
  /** The index of the later record of the clashing pair. */
  index: number;
  field: string;
  message: string;
}

/**
 * Cross-record rules over a set of records in memory (one institution's records of a schema):
 * what the API refuses one write at a time, checked here over a whole set (demo seeds).
 */
export function crossRecordConflicts(
  schema: RecordSchema,
  records: readonly Readonly<RecordValues>[],
  titleOf: (values: Readonly<RecordValues>) => string,
  /** The display name of a reference value (a room's number for its id); the value itself without. */
  nameOf?: (field: string, value: RecordValue) => string,
): RecordConflict[] {
  const conflicts: RecordConflict[] = [];
  for (const rule of crossRecordRules(schema)) {
    if (rule.kind === 'unique') {
      const seen = new Map<string, number>();
      records.forEach((values, index) => {
        const key = uniqueKeyOf(rule, values);
        if (!key) return;
        const joined = JSON.stringify(key);
        const first = seen.get(joined);
        if (first === undefined) seen.set(joined, index);
        else
          conflicts.push({
            index,
            field: rule.fields[0] ?? '_record',
            message: uniqueConflictMessage(schema, rule, values, titleOf(records[first] ?? {})),
          });
      });
      continue;
    }
    records.forEach((values, index) => {
      if (!holdsSlot(rule, values)) return;
      const slot = slotOf(rule, values);
      if (!slot) return;
      for (let earlier = 0; earlier < index; earlier++) {
        const other = records[earlier] ?? {};
        if (!holdsSlot(rule, other)) continue;
        if (
          String(other[rule.field]).trim().toLowerCase() !== String(values[rule.field]).trim().toLowerCase()
        )
          continue;
        const otherSlot = slotOf(rule, other);
        if (!otherSlot || !slotsOverlap(slot, otherSlot)) continue;
        conflicts.push({
          index,
          field: rule.field,
          message: overlapConflictMessage(
            schema,
            rule,
            values,
            {
              title: titleOf(other),
              start: other[rule.start] ?? null,
              end: other[rule.end] ?? null,
            },
            nameOf?.(rule.field, values[rule.field] ?? null),
          ),
        });
        break;
      }
    });
  }
  return conflicts;
}
