import { CONTACT_LEAD_SOURCES, CONTACT_STATUSES, type ContactStatus } from '@tessera/data-access/contracts';
import { useCreateContact } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, ErrorText, FormGrid, Select, TextField, toast } from '@tessera/ui';
import { type FormEvent, useCallback } from 'react';
import { useDialogForm } from '../shared/use-dialog-form';
import { contactInputFromForm, emptyContactForm, validateContactForm } from './contact-form-values';

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

type TextKey = 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'title';

const TEXT_FIELDS: Array<{ key: TextKey; label: string; type?: string; autoComplete?: string }> = [
  { key: 'first_name', label: 'First name *', autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name *', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { key: 'company', label: 'Company', autoComplete: 'organization' },
  { key: 'title', label: 'Title', autoComplete: 'organization-title' },
];

/** Add Contact: the contact's fields, checked here and by the API. */
export function AddContactDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (contactId: string) => void;
}) {
  const create = useCreateContact();
  const { values, set, errors, serverError, setServerError, check } = useDialogForm({
    open,
    initial: emptyContactForm,
    validate: validateContactForm,
  });
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    try {
      const contact = await create.mutateAsync(contactInputFromForm(values));
      toast({ title: 'Contact created', description: `${contact.first_name} ${contact.last_name}` });
      onCreated?.(contact.id);
      onOpenChange(false);
    } catch {
      setServerError('Failed to create contact');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Contact">
      <form noValidate onSubmit={submit} aria-label="Add contact">
        <FormGrid>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              value={values[field.key]}
              error={errors[field.key]}
              onValueChange={(value) => set(field.key, value)}
            />
          ))}
          <Select
            label="Status"
            value={values.status}
            options={CONTACT_STATUSES.map((status) => ({ value: status, label: label(status) }))}
            onValueChange={(status) => set('status', status as ContactStatus)}
          />
          <Select
            label="Lead source"
            value={values.lead_source || 'none'}
            options={[
              { value: 'none', label: 'Not known' },
              ...CONTACT_LEAD_SOURCES.map((source) => ({ value: source, label: label(source) })),
            ]}
            onValueChange={(source) => set('lead_source', source === 'none' ? '' : source)}
          />
        </FormGrid>
        {serverError ? <ErrorText role="alert">{serverError}</ErrorText> : null}
        <Actions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Add Contact'}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
