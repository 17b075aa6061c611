/**
 * Derived fields: formulas a schema declares on a field (`derived: formula.product('nights',
 * 'nightly_rate')`), computed by `withDerivedValues` — the one place the API (on write and read),
 * the seeder and the forms' preview all use, so a total is never typed by hand nor computed twice
 * differently.
 */

import {
  type DerivedFormula,
  type FieldDefinition,
  type FormulaContext,
  labelFromValue,
  type RecordValue,
  type RecordValues,
  type ReferenceFieldDefinition,
} from './field-types';
import { findField, type RecordSchema } from './record-schema';

const DAY_MS = 86_400_000;

function numberOf(value: RecordValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function dayOf(value: RecordValue | undefined): number | null {
  if (typeof value !== 'string') return null;
  const millis = Date.parse(`${value.slice(0, 10)}T00:00:00.000Z`);
  return Number.isNaN(millis) ? null : millis;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** One band of a grade scale: scores at or above `min` get `grade` (an enum value of the field). */
export interface GradeBand {
  readonly min: number;
  readonly grade: string;
}

/** The usual A–F scale on a percentage score: 90 A, 80 B, 70 C, 60 D, below F. */
export const LETTER_GRADE_SCALE: readonly GradeBand[] = [
  { min: 90, grade: 'a' },
  { min: 80, grade: 'b' },
  { min: 70, grade: 'c' },
  { min: 60, grade: 'd' },
  { min: 0, grade: 'f' },
];

/** The grade a score earns on a scale (bands in any order), or null without a score. */
export function gradeForScore(score: number | null, scale: readonly GradeBand[]): string | null {
  if (score === null) return null;
  const band = [...scale].sort((a, b) => b.min - a.min).find((candidate) => score >= candidate.min);
  return band?.grade ?? null;
}

/** Whole years from a date of birth to `today` (a birthday today counts). */
export function ageOn(dateOfBirth: string, today: string): number | null {
  const born = dayOf(dateOfBirth);
  const now = dayOf(today);
  if (born === null || now === null || born > now) return null;
  const [by, bm, bd] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.slice(0, 10).split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The formula builders a schema uses; each names its inputs so the catalogue can check them. */
export const formula = {
  /** Whole days from a start date to an end date (nights of a stay); null until both are set. */
  daysBetween: (start: string, end: string): DerivedFormula => ({
    inputs: [start, end],
    describe: (labelOf) => `Days from ${labelOf(start)} to ${labelOf(end)}`,
    compute: (values) => {
      const from = dayOf(values[start]);
      const to = dayOf(values[end]);
      return from === null || to === null ? null : Math.round((to - from) / DAY_MS);
    },
  }),
  /** a × b, rounded to cents (hours × rate, nights × nightly rate); null until both are set. */
  product: (a: string, b: string, decimals = 2): DerivedFormula => ({
    inputs: [a, b],
    describe: (labelOf) => `${labelOf(a)} × ${labelOf(b)}`,
    compute: (values) => {
      const left = numberOf(values[a]);
      const right = numberOf(values[b]);
      return left === null || right === null ? null : roundTo(left * right, decimals);
    },
  }),
  /** a − b, an empty b counting as nothing paid yet (balance = amount − paid). */
  difference: (a: string, b: string, decimals = 2): DerivedFormula => ({
    inputs: [a, b],
    describe: (labelOf) => `${labelOf(a)} − ${labelOf(b)}`,
    compute: (values) => {
      const left = numberOf(values[a]);
      return left === null ? null : roundTo(left - (numberOf(values[b]) ?? 0), decimals);
    },
  }),
  /** part ÷ whole as a percentage with one decimal (defect rate); null without a positive whole. */
  percentOf: (part: string, whole: string): DerivedFormula => ({
    inputs: [part, whole],
    describe: (labelOf) => `${labelOf(part)} ÷ ${labelOf(whole)} × 100`,
    compute: (values) => {
      const top = numberOf(values[part]);
      const bottom = numberOf(values[whole]);
      return top === null || bottom === null || bottom <= 0 ? null : roundTo((top / bottom) * 100, 1);
    },
  }),
  /** The grade band a score falls in (letter grade from a percentage). */
  grade: (score: string, scale: readonly GradeBand[] = LETTER_GRADE_SCALE): DerivedFormula => ({
    inputs: [score],
    describe: (labelOf) =>
      `From ${labelOf(score)}: ${[...scale]
        .sort((a, b) => b.min - a.min)
        .map((band) => `${band.grade.toUpperCase()} from ${band.min}`)
        .join(', ')}`,
    compute: (values) => gradeForScore(numberOf(values[score]), scale),
  }),
  /**
   * A field of the record a reference points at (a reservation's nightly rate from its room):
   * empty without a reference; unknown (kept as stored) where the referenced record is not loaded.
   */
  fromReference: (reference: string, targetField: string): DerivedFormula => ({
    inputs: [reference],
    referenceReads: [{ field: reference, targetField }],
    describe: (labelOf) =>
      `${labelOf(`${reference}.${targetField}`)} of the ${labelOf(reference).toLowerCase()}`,
    compute: (values, context) => {
      const id = values[reference];
      if (id === null || id === undefined || id === '') return null;
      const target = context.references?.[reference];
      if (!target) return undefined;
      return target[targetField] ?? null;
    },
  }),
  /** Age in whole years today, from a date of birth. */
  ageFrom: (dateOfBirth: string): DerivedFormula => ({
    inputs: [dateOfBirth],
    describe: (labelOf) => `Years since ${labelOf(dateOfBirth)}`,
    compute: (values, context) => {
      const born = values[dateOfBirth];
      return typeof born === 'string' ? ageOn(born, context.today) : null;
    },
  }),
};

/** Today's date in UTC, the default formula context. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export function derivedFields(schema: RecordSchema): FieldDefinition[] {
  return schema.fields.filter((field) => field.derived !== undefined);
}

/** The fields people fill in: every field that is not derived. */
export function inputFields(schema: RecordSchema): FieldDefinition[] {
  return schema.fields.filter((field) => field.derived === undefined);
}

/** The reference fields whose referenced records a schema's formulas read (a reservation's room). */
export function referencesReadByFormulas(schema: RecordSchema): ReferenceFieldDefinition[] {
  const keys = new Set(
    schema.fields.flatMap((field) => field.derived?.referenceReads?.map((read) => read.field) ?? []),
  );
  return schema.fields.filter(
    (field): field is ReferenceFieldDefinition => field.type === 'reference' && keys.has(field.key),
  );
}

/**
 * "Computed: Nights × Nightly rate" — what a form shows under a read-only derived field. A field of
 * a referenced record (`room.nightly_rate`) is labelled through `findSchema` when given (the
 * catalogue's `findRecordSchema`; this file cannot import the catalogue, which imports it).
 */
export function describeDerived(
  schema: RecordSchema,
  field: FieldDefinition,
  findSchema?: (moduleId: string, submoduleId: string) => RecordSchema | undefined,
): string | null {
  if (!field.derived) return null;
  return field.derived.describe((key) => {
    const [own = key, targetKey] = key.split('.');
    const ownField = findField(schema, own);
    if (targetKey === undefined) return ownField?.label ?? key;
    const target =
      ownField?.type === 'reference'
        ? findSchema?.(ownField.reference.moduleId, ownField.reference.submoduleId)
        : undefined;
    return (target && findField(target, targetKey)?.label) ?? labelFromValue(targetKey);
  });
}

/**
 * The values with every derived field (re)computed, in schema order so a formula may read a
 * derived field declared before it (total = nights × rate, nights derived from the dates).
 */
export function withDerivedValues(
  schema: RecordSchema,
  values: Readonly<RecordValues>,
  context: FormulaContext = { today: todayUtc() },
): RecordValues {
  const result: RecordValues = { ...values };
  for (const field of schema.fields) {
    if (!field.derived) continue;
    // What cannot be known here (a referenced record not loaded) stays as the record has it.
    const value = field.derived.compute(result, context);
    result[field.key] = value === undefined ? (result[field.key] ?? null) : value;
  }
  return result;
}

/**
 * A value a formula reads from a referenced record (a reservation's nightly rate from its room) is
 * taken when the reference is set or changed, then kept: a booking keeps the rate it was made at
 * when the room's rate changes later. These are the stored values an update keeps, and the
 * reference fields it need not read again.
 */
export function keptReferenceReads(
  schema: RecordSchema,
  before: Readonly<RecordValues>,
  after: Readonly<RecordValues>,
): { values: RecordValues; references: Set<string> } {
  const values: RecordValues = {};
  const references = new Set<string>();
  for (const field of schema.fields) {
    for (const read of field.derived?.referenceReads ?? []) {
      const stored = before[field.key];
      if (before[read.field] !== after[read.field] || stored === null || stored === undefined) continue;
      values[field.key] = stored;
      references.add(read.field);
    }
  }
  return { values, references };
}
