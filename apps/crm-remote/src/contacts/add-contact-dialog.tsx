import { CONTACT_LEAD_SOURCES, CONTACT_STATUSES, type ContactStatus } from '@tessera/data-access/contracts';
import { useCreateContact } from '@tessera/data-access/hooks';
import {
  Actions,
  Button,
  Dialog,
  FieldRow,
  FormGrid,
  Input,
  Label,
  toast,
  Select,
  ErrorText,
} from '@tessera/ui';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import {
  type ContactFormErrors,
  type ContactFormValues,
  contactInputFromForm,
  emptyContactForm,
  validateContactForm,
} from './contact-form-values';

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
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = useId();
  useEffect(() => {
    if (open) {
      setValues(emptyContactForm());
      setErrors({});
      setServerError(null);
    }
  }, [open]);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateContactForm(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
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
          {TEXT_FIELDS.map((field) => {
            const id = `${ids}-${field.key}`;
            const error = errors[field.key];
            return (
              <FieldRow key={field.key}>
                <Label htmlFor={id}>{field.label}</Label>
                <Input
                  id={id}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  value={values[field.key]}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field.key]: event.target.value }))
                  }
                />
                {error ? (
                  <ErrorText id={`${id}-error`} role="alert">
                    {error}
                  </ErrorText>
                ) : null}
              </FieldRow>
            );
          })}
          <Select
            label="Status"
            value={values.status}
            options={CONTACT_STATUSES.map((status) => ({ value: status, label: label(status) }))}
            onValueChange={(status) =>
              setValues((current) => ({ ...current, status: status as ContactStatus }))
            }
          />
          <Select
            label="Lead source"
            value={values.lead_source || 'none'}
            options={[
              { value: 'none', label: 'Not known' },
              ...CONTACT_LEAD_SOURCES.map((source) => ({ value: source, label: label(source) })),
            ]}
            onValueChange={(source) =>
              setValues((current) => ({ ...current, lead_source: source === 'none' ? '' : source }))
            }
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
