import { useCreateContact } from '@tessera/data-access/hooks';
import { Dialog, FormGrid, SaveActions, toast } from '@tessera/ui';
import { type FormEvent, useCallback } from 'react';
import { useDialogForm } from '../shared/use-dialog-form';
import { contactInputFromForm, emptyContactForm, validateContactForm } from './contact-form-values';
import { CONTACT_TEXT_FIELDS, ContactStatusFields, ContactTextFields } from './contact-fields';

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
          <ContactTextFields fields={CONTACT_TEXT_FIELDS} values={values} errors={errors} onChange={set} />
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
