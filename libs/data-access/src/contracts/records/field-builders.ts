/**
 * Short builders for field definitions so a schema reads like a form: `recordField.text('full_name',
 * 'Full name', { required: true })`. Exported as one object so the package index does not gain
 * bare names like `text` or `date`.
 */

import {
  type BooleanFieldDefinition,
  type DateFieldDefinition,
  type EnumFieldDefinition,
  type EnumOption,
  enumOptions,
  type NumberFieldDefinition,
  type ReferenceFieldDefinition,
  type TextFieldDefinition,
} from './field-types';

type Extras<T> = Partial<Omit<T, 'key' | 'label' | 'type'>>;
type TextExtras = Extras<TextFieldDefinition>;
type NumberExtras = Extras<NumberFieldDefinition>;
type DateExtras = Extras<DateFieldDefinition>;

function textLike(type: TextFieldDefinition['type']) {
  return (key: string, label: string, extras: TextExtras = {}): TextFieldDefinition => ({
    key,
    label,
    type,
    ...extras,
  });
}

function numberLike(type: NumberFieldDefinition['type']) {
  return (key: string, label: string, extras: NumberExtras = {}): NumberFieldDefinition => ({
    key,
    label,
    type,
    ...extras,
  });
}

function dateLike(type: DateFieldDefinition['type']) {
  return (key: string, label: string, extras: DateExtras = {}): DateFieldDefinition => ({
    key,
    label,
    type,
    ...extras,
  });
}

export const recordField = {
  text: textLike('text'),
  longText: textLike('longText'),
  email: textLike('email'),
  phone: textLike('phone'),
  url: textLike('url'),
  number: numberLike('number'),
  /** Money never goes below zero unless a schema says otherwise (refunds are their own status). */
  money: (key: string, label: string, extras: NumberExtras = {}): NumberFieldDefinition => ({
    key,
    label,
    type: 'money',
    min: 0,
    ...extras,
  }),
  date: dateLike('date'),
  dateTime: dateLike('dateTime'),
  boolean: (
    key: string,
    label: string,
    extras: Extras<BooleanFieldDefinition> = {},
  ): BooleanFieldDefinition => ({
    key,
    label,
    type: 'boolean',
    ...extras,
  }),
  /** Options as values (labelled `In progress` from `in_progress`) or [value, label] pairs. */
  enum: (
    key: string,
    label: string,
    options: readonly (string | readonly [string, string] | EnumOption)[],
    extras: Extras<Omit<EnumFieldDefinition, 'options'>> = {},
  ): EnumFieldDefinition => ({
    key,
    label,
    type: 'enum',
    options: options.map((option) =>
      typeof option === 'object' && !Array.isArray(option)
        ? (option as EnumOption)
        : (enumOptions(option as string | readonly [string, string])[0] as EnumOption),
    ),
    ...extras,
  }),
  /** `target` is `moduleId/submoduleId`; `labelField` is the target's field shown for the id. */
  reference: (
    key: string,
    label: string,
    target: `${string}/${string}`,
    labelField: string,
    extras: Extras<Omit<ReferenceFieldDefinition, 'reference'>> = {},
  ): ReferenceFieldDefinition => {
    const [moduleId = '', submoduleId = ''] = target.split('/');
    return { key, label, type: 'reference', reference: { moduleId, submoduleId, labelField }, ...extras };
  },
};
