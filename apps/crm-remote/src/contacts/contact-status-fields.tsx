import { CONTACT_LEAD_SOURCES, CONTACT_STATUSES, type ContactStatus } from '@tessera/data-access/contracts';
import { Select } from '@tessera/ui';
import type { ContactFormValues } from './contact-form-values';

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

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
