import {
  type ContactStatus,
  type ContactWithCustomFields,
  CUSTOM_FIELD_NAME,
  type CustomFieldInput,
  type CustomFieldType,
  customFieldValueProblem,
  LEAD_STAGES,
  type LeadStage,
  type UpdateContactInput,
} from '@tessera/data-access/contracts';
import { type ContactFormErrors, type ContactFormValues, validateContactForm } from './contact-form-values';

/** One custom field row of the edit dialog, as its inputs hold it. */
export interface CustomFieldRow {
  key: string;
  field_name: string;
  field_type: CustomFieldType;
  field_value: string;
  /** Rows read from the contact keep their name (the API upserts by name). */
  existing: boolean;
}

export interface ContactEditValues extends ContactFormValues {
  company_id: string;
  custom_fields: CustomFieldRow[];
}

export type ContactEditErrors = ContactFormErrors & { custom_fields?: Record<string, string> };

export function contactEditFromContact(contact: ContactWithCustomFields): ContactEditValues {
  return {
    first_name: contact.first_name,
    last_name: contact.last_name,
    email: contact.email ?? '',
    phone: contact.phone ?? '',
    company: contact.company ?? '',
    title: contact.title ?? '',
    status: contact.status,
    lead_source: contact.lead_source ?? '',
    company_id: contact.company_id ?? '',
    custom_fields: contact.custom_fields.map((field) => ({
      key: field.id,
      field_name: field.field_name,
      field_type: field.field_type,
      field_value: field.field_value ?? '',
      existing: true,
    })),
  };
}

/** The contact's own checks, then each custom field: a name, once, and a value of its type. */
export function validateContactEdit(values: ContactEditValues): ContactEditErrors {
  const errors: ContactEditErrors = validateContactForm(values);
  const fieldErrors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of values.custom_fields) {
    const name = row.field_name.trim();
    if (!CUSTOM_FIELD_NAME.test(name))
      fieldErrors[row.key] = 'Field name must start with a letter (letters, digits, spaces, _ . -)';
    else if (seen.has(name.toLowerCase())) fieldErrors[row.key] = `${name} is given twice`;
    else {
      const problem = customFieldValueProblem(
        name,
        row.field_type,
        row.field_value === '' ? null : row.field_value,
      );
      if (problem) fieldErrors[row.key] = problem;
    }
    seen.add(name.toLowerCase());
  }
  if (Object.keys(fieldErrors).length > 0) errors.custom_fields = fieldErrors;
  return errors;
}

/** The PATCH body: every field (cleared ones as null) and the custom fields; the status goes its own way. */
export function contactUpdateFromEdit(values: ContactEditValues): UpdateContactInput {
  const custom_fields: CustomFieldInput[] = values.custom_fields.map((row) => ({
    field_name: row.field_name.trim(),
    field_type: row.field_type,
    field_value: row.field_value === '' ? null : row.field_value,
  }));
  const text = (value: string) => value.trim() || null;
  const input: UpdateContactInput = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: text(values.email),
    phone: text(values.phone),
    title: text(values.title),
    lead_source: text(values.lead_source),
    company_id: values.company_id || null,
    custom_fields,
  };
  // A linked contact's company is its company's name (the API refuses another).
  if (!values.company_id) input.company = text(values.company);
  return input;
}

/** A pipeline stage runs the move (activity and automation rules); active and inactive are plain status changes. */
export function isPipelineStage(status: ContactStatus): status is LeadStage {
  return (LEAD_STAGES as readonly string[]).includes(status);
}
