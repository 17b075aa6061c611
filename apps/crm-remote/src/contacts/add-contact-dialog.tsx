import { useCreateContact } from '@tessera/data-access/hooks';
import { Dialog, FormGrid, SaveActions, TextField, toast } from '@tessera/ui';
import { type FormEvent, useCallback } from 'react';
import { useDialogForm } from '../shared/use-dialog-form';
import { contactInputFromForm, emptyContactForm, validateContactForm } from './contact-form-values';
import { ContactStatusFields } from './contact-status-fields';

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
  const { values, set, setValues, errors, serverError, setServerError, check } = useDialogForm({
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
          <ContactStatusFields
            values={values}
            onChange={(change) => setValues((current) => ({ ...current, ...change }))}
          />
        </FormGrid>
        <SaveActions error={serverError} saving={create.isPending} saveLabel="Add Contact" onCancel={close} />
      </form>
    </Dialog>
  );
}
