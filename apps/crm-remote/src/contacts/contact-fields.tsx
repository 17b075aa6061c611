import { CONTACT_LEAD_SOURCES, CONTACT_STATUSES, type ContactStatus } from '@tessera/data-access/contracts';
import { Select, TextField } from '@tessera/ui';
import type { ContactFormErrors, ContactFormValues } from './contact-form-values';

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

export type ContactTextKey = 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'title';

/** The text fields of a contact, in the order the add and edit dialogs ask for them. */
export const CONTACT_TEXT_FIELDS: ReadonlyArray<{
  key: ContactTextKey;
  label: string;
  type?: string;
  autoComplete: string;
}> = [
  { key: 'first_name', label: 'First name *', autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name *', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'company', label: 'Company', autoComplete: 'organization' },
  { key: 'title', label: 'Title', autoComplete: 'organization-title' },
];

/** The given text fields of a contact, each with its error. */
export function ContactTextFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: typeof CONTACT_TEXT_FIELDS;
  values: Pick<ContactFormValues, ContactTextKey>;
  errors: ContactFormErrors;
  onChange: (key: ContactTextKey, value: string) => void;
}) {
  return fields.map((field) => (
    <TextField
      key={field.key}
      label={field.label}
      type={field.type ?? 'text'}
      autoComplete={field.autoComplete}
      value={values[field.key]}
      error={errors[field.key]}
      onValueChange={(value) => onChange(field.key, value)}
    />
  ));
}

/** A contact's status and lead source, as the add and edit dialogs both ask for them. */
export function ContactStatusFields({
  values,
  onChange,
}: {
  values: Pick<ContactFormValues, 'status' | 'lead_source'>;
  onChange: (change: Partial<Pick<ContactFormValues, 'status' | 'lead_source'>>) => void;
}) {
  return (
    <>
      <Select
        label="Status"
        value={values.status}
        options={CONTACT_STATUSES.map((status) => ({ value: status, label: label(status) }))}
        onValueChange={(status) => onChange({ status: status as ContactStatus })}
      />
      <Select
        label="Lead source"
        value={values.lead_source || 'none'}
        options={[
          { value: 'none', label: 'Not known' },
          ...CONTACT_LEAD_SOURCES.map((source) => ({ value: source, label: label(source) })),
        ]}
        onValueChange={(source) => onChange({ lead_source: source === 'none' ? '' : source })}
      />
    </>
  );
}
