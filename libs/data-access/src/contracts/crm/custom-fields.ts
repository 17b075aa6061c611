import type { CustomFieldType } from './enums';

/** How a custom field's value must read for its type (docs/product/contacts.md#custom-fields): the API and the edit dialog check the same. */
const VALUE_CHECKS: Record<CustomFieldType, (value: string) => boolean> = {
  number: (value) => value.trim() !== '' && Number.isFinite(Number(value)),
  boolean: (value) => value === 'true' || value === 'false',
  date: (value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
  text: () => true,
};

/** The message for a value that does not read as its type, or null when it does (an empty value clears the field). */
export function customFieldValueProblem(
  name: string,
  type: CustomFieldType,
  value: string | null,
): string | null {
  if (value === null || VALUE_CHECKS[type](value)) return null;
  return `${name} must be a ${type}`;
}

/** What a custom field's name must look like (the API's rule). */
export const CUSTOM_FIELD_NAME = /^[A-Za-z][\w .-]{0,99}$/;
