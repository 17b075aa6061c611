/**
 * Field builders the modules share, so the same kind of field (a status, a reference code, a person,
 * a company, a percentage…) is defined the same way in every schema.
 */

import { recordField as f } from '../field-builders';
import { formula } from '../formulas';
import type {
  BooleanFieldDefinition,
  DateFieldDefinition,
  EnumFieldDefinition,
  NumberFieldDefinition,
  TextFieldDefinition,
} from '../field-types';

/** The record's workflow state (the usual board column): always required. */
function statusField(values: readonly string[]): EnumFieldDefinition {
  return f.enum('status', 'Status', values, { required: true });
}

/** A text people name or find a record by: required, searchable, seeded from realistic examples. */
function requiredSearchableText(
  key: string,
  label: string,
  examples: readonly string[],
): TextFieldDefinition {
  return f.text(key, label, { required: true, searchable: true, sample: { oneOf: examples } });
}

/** The `title` that names a record (a task, a matter, an inspection). */
function titleField(examples: readonly string[]): TextFieldDefinition {
  return requiredSearchableText('title', 'Title', examples);
}

/** A record's reference code (case, invoice, order number): required, searchable, seeded as `INV-0001`. */
function identifierField(key: string, label: string, prefix: string): TextFieldDefinition {
  return f.text(key, label, { required: true, searchable: true, sample: { sequence: prefix } });
}

/** A private person's email (patients, guests, citizens, members), found by the list's search. */
function personalEmailField(): TextFieldDefinition {
  return f.email('email', 'Email', { searchable: true, sample: 'personalEmail' });
}

/** What realistic time entries of a practice look like when seeded. */
export interface BillableTimeSamples {
  /** Entries are dated within this many days before today. */
  readonly withinDays: number;
  readonly hoursBetween: readonly [number, number];
  readonly hourlyRateBetween: readonly [number, number];
}

/** The date, hours, rate and billable flag of a billable-time entry (legal and consulting time sheets). */
function billableTimeFields(
  samples: BillableTimeSamples,
): [DateFieldDefinition, NumberFieldDefinition, NumberFieldDefinition, BooleanFieldDefinition] {
  return [
    f.date('work_date', 'Date', { required: true, sample: { daysFromToday: [-samples.withinDays, 0] } }),
    f.number('hours', 'Hours', {
      required: true,
      min: 0.1,
      max: 24,
      sample: { between: samples.hoursBetween },
    }),
    f.money('hourly_rate', 'Hourly rate', { sample: { between: samples.hourlyRateBetween } }),
    f.boolean('billable', 'Billable'),
  ];
}

/** Hours × hourly rate of a time entry, computed (never typed), as the bill shows it. */
function billedAmountField(): NumberFieldDefinition {
  return f.money('amount', 'Amount', { derived: formula.product('hours', 'hourly_rate') });
}

function priorityField(): EnumFieldDefinition {
  return f.enum('priority', 'Priority', ['low', 'medium', 'high', 'urgent']);
}

function personField(key: string, label: string, required = false): TextFieldDefinition {
  return f.text(key, label, { required, searchable: true, sample: 'personName', maxLength: 120 });
}

/** A company or organisation named on a record (client, supplier, vendor), found by the list's search. */
function companyField(key: string, label: string, required = false): TextFieldDefinition {
  return f.text(key, label, { ...(required ? { required } : {}), searchable: true, sample: 'companyName' });
}

/** A share of a whole, from 0 to 100 (rates, scores, progress). */
function percentField(
  key: string,
  label: string,
  extras: Partial<Omit<NumberFieldDefinition, 'key' | 'label' | 'type'>> = {},
): NumberFieldDefinition {
  return f.number(key, label, { min: 0, max: 100, ...extras });
}

function notesField(key = 'notes', label = 'Notes'): TextFieldDefinition {
  return f.longText(key, label, { sample: 'sentence' });
}

/**
 * The shared builders as one object, read as `commonField.status([...])` beside `recordField.*`,
 * so a schema file imports one name whichever kinds of field it uses.
 */
export const commonField = {
  status: statusField,
  identifier: identifierField,
  title: titleField,
  requiredSearchableText,
  personalEmail: personalEmailField,
  company: companyField,
  percent: percentField,
  person: personField,
  notes: notesField,
  priority: priorityField,
  billableTime: billableTimeFields,
  billedAmount: billedAmountField,
};

export const PHYSICIANS = [
  'Dr. Helen Park',
  'Dr. Marcus Adeyemi',
  'Dr. Ana Lopes',
  'Dr. Victor Lindqvist',
  'Dr. Sara Whitfield',
] as const;
