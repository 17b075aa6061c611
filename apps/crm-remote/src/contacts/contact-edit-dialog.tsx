import {
  type ContactWithCustomFields,
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
} from '@tessera/data-access/contracts';
import { isApiError } from '@tessera/data-access/client';
import {
  useCompanies,
  useMoveContact,
  useUpdateContact,
  useUpdateContactStatus,
} from '@tessera/data-access/hooks';
import {
  Button,
  Dialog,
  ErrorText,
  FieldRow,
  FormGrid,
  Input,
  Label,
  SaveActions,
  Select,
  TextField,
  toast,
} from '@tessera/ui';
import { type FormEvent, useId } from 'react';
import styled from 'styled-components';
import { useDialogForm } from '../shared/use-dialog-form';
import {
  type ContactEditErrors,
  type ContactEditValues,
  contactEditFromContact,
  contactUpdateFromEdit,
  isPipelineStage,
  validateContactEdit,
} from './contact-edit-values';
import { CONTACT_TEXT_FIELDS, ContactStatusFields, ContactTextFields } from './contact-fields';

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

// The company is chosen from the institution's companies, or typed when it is not linked.
const TEXT_FIELDS = CONTACT_TEXT_FIELDS.filter((field) => field.key !== 'company');

const FieldBox = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(3)} 0;
  legend { font-weight: 600; padding: 0 4px; }
`;

const CustomRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space(2)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(2)};
  > div { margin-bottom: 0; }
`;

const FIELD_KEYS = new Set<string>([
  'first_name',
  'last_name',
  'email',
  'phone',
  'title',
  'company',
  'lead_source',
]);

/** The API's per-field answer (400), as the dialog shows it. */
function serverErrors(error: unknown): { fields: ContactEditErrors; message: string } {
  if (!isApiError(error) || !error.errors) return { fields: {}, message: 'Failed to save the contact' };
  const fields: Record<string, string> = {};
  const all: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const text = Array.isArray(messages) ? messages.join('; ') : messages;
    all.push(text);
    const field = key === 'company_id' ? 'company' : key;
    if (FIELD_KEYS.has(field)) fields[field] = text;
  }
  return { fields, message: all.join('; ') };
}

/**
 * Edit Contact (docs/product/contacts.md#editing-a-contact): every field, the company link and the
 * custom fields of the four types, checked here and by the API. A status that is a pipeline stage
 * is saved as a pipeline move, so its automation rules run.
 */
export function ContactEditDialog({
  contact,
  open,
  onOpenChange,
}: {
  contact: ContactWithCustomFields;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateContact();
  const move = useMoveContact();
  const setStatus = useUpdateContactStatus();
  const companies = useCompanies(open);
  const { values, set, setValues, errors, setErrors, serverError, setServerError, check, bind } =
    useDialogForm<ContactEditValues, ContactEditErrors>({
      open,
      source: contact,
      initial: () => contactEditFromContact(contact),
      validate: validateContactEdit,
    });
  const ids = useId();
  const setRow = (key: string, change: Partial<ContactEditValues['custom_fields'][number]>) =>
    setValues((current) => ({
      ...current,
      custom_fields: current.custom_fields.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));

  const saving = update.isPending || move.isPending || setStatus.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check()) return;
    try {
      await update.mutateAsync({ id: contact.id, changes: contactUpdateFromEdit(values) });
      if (values.status !== contact.status) {
        if (isPipelineStage(values.status)) {
          const moved = await move.mutateAsync({ id: contact.id, stage: values.status });
          if (moved.rules_fired.length > 0)
            toast({
              title: 'Automation rules ran',
              description: `${moved.rules_fired.length} rule(s) acted on this contact`,
            });
        } else await setStatus.mutateAsync({ id: contact.id, status: values.status });
      }
      toast({ title: 'Contact saved', description: `${values.first_name} ${values.last_name}` });
      onOpenChange(false);
    } catch (error) {
      const { fields, message } = serverErrors(error);
      setErrors(fields);
      setServerError(message);
    }
  }

  const companyOptions = [
    { value: 'none', label: 'No company' },
    ...(companies.data ?? []).map((company) => ({ value: company.id, label: company.name })),
  ];
  if (values.company_id && !companies.data?.some((company) => company.id === values.company_id))
    companyOptions.push({ value: values.company_id, label: values.company || 'Current company' });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Contact">
      <form noValidate onSubmit={submit} aria-label="Edit contact">
        <FormGrid>
          <ContactTextFields fields={TEXT_FIELDS} values={values} errors={errors} onChange={set} />
          <Select label="Company" options={companyOptions} {...bind.optionalChoice('company_id')} />
          {values.company_id ? null : (
            <TextField label="Company name (not linked)" {...bind.text('company')} />
          )}
          <ContactStatusFields
            values={values}
            onChange={(change) => setValues((current) => ({ ...current, ...change }))}
          />
        </FormGrid>
        <FieldBox>
          <legend>Custom fields</legend>
          {values.custom_fields.length === 0 ? <p>No custom fields</p> : null}
          {values.custom_fields.map((row) => {
            const id = `${ids}-cf-${row.key}`;
            const error = errors.custom_fields?.[row.key];
            const name = row.field_name.trim() || 'New field';
            return (
              <div key={row.key}>
                <CustomRow>
                  <FieldRow>
                    <Label htmlFor={`${id}-name`}>Field name</Label>
                    <Input
                      id={`${id}-name`}
                      value={row.field_name}
                      readOnly={row.existing}
                      onChange={(event) => setRow(row.key, { field_name: event.target.value })}
                    />
                  </FieldRow>
                  <Select
                    label={`Type of ${name}`}
                    value={row.field_type}
                    options={CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: label(type) }))}
                    onValueChange={(type) =>
                      setRow(row.key, { field_type: type as CustomFieldType, field_value: '' })
                    }
                  />
                  {row.field_type === 'boolean' ? (
                    <Select
                      label={name}
                      value={row.field_value || 'none'}
                      options={[
                        { value: 'none', label: 'Not set' },
                        { value: 'true', label: 'Yes' },
                        { value: 'false', label: 'No' },
                      ]}
                      onValueChange={(value) =>
                        setRow(row.key, { field_value: value === 'none' ? '' : value })
                      }
                    />
                  ) : (
                    <FieldRow>
                      <Label htmlFor={`${id}-value`}>{name}</Label>
                      <Input
                        id={`${id}-value`}
                        type={row.field_type === 'date' ? 'date' : 'text'}
                        inputMode={row.field_type === 'number' ? 'decimal' : undefined}
                        value={row.field_value}
                        aria-invalid={Boolean(error)}
                        aria-describedby={error ? `${id}-error` : undefined}
                        onChange={(event) => setRow(row.key, { field_value: event.target.value })}
                      />
                    </FieldRow>
                  )}
                </CustomRow>
                {error ? (
                  <ErrorText id={`${id}-error`} role="alert">
                    {error}
                  </ErrorText>
                ) : null}
              </div>
            );
          })}
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              set('custom_fields', [
                ...values.custom_fields,
                {
                  key: `new-${values.custom_fields.length}-${Date.now()}`,
                  field_name: '',
                  field_type: 'text',
                  field_value: '',
                  existing: false,
                },
              ])
            }
          >
            Add custom field
          </Button>
        </FieldBox>
        <SaveActions
          error={serverError}
          saving={saving}
          saveLabel="Save Contact"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
