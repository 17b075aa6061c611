import { isConflict } from '@tessera/data-access/client';
import { DEAL_STAGE_LABELS, DEAL_STAGES, type Deal, type DealStage } from '@tessera/data-access/contracts';
import { useCompanies, useContacts, useCreateDeal, useUpdateDeal } from '@tessera/data-access/hooks';
import {
  Actions,
  Button,
  Dialog,
  FieldRow,
  FormGrid,
  FormGridWide,
  Input,
  Label,
  toast,
  Select,
  Textarea,
  ErrorText,
} from '@tessera/ui';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  type DealFormErrors,
  type DealFormValues,
  dealFormFromDeal,
  dealInputFromForm,
  emptyDealForm,
  validateDealForm,
} from './deal-form-values';

export interface DealFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this deal; without it the dialog creates one. */
  deal?: Deal;
  /** Stage preselected for a new deal. */
  initialStage?: DealStage;
  onSaved?: (deal: Deal) => void;
}

function Field({
  label,
  error,
  children,
  id,
}: {
  label: string;
  error?: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <FieldRow>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </FieldRow>
  );
}

/** New Deal and Edit: every field of a deal; the API creates or updates it. */
export function DealFormDialog({ open, onOpenChange, deal, initialStage, onSaved }: DealFormDialogProps) {
  const contacts = useContacts(open);
  const companies = useCompanies(open);
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const [values, setValues] = useState<DealFormValues>(() =>
    deal ? dealFormFromDeal(deal) : emptyDealForm(initialStage),
  );
  const [errors, setErrors] = useState<DealFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = useId();
  const id = (field: string) => `${ids}-${field}`;

  useEffect(() => {
    if (open) {
      setValues(deal ? dealFormFromDeal(deal) : emptyDealForm(initialStage));
      setErrors({});
      setServerError(null);
    }
  }, [open, deal, initialStage]);

  const set = <K extends keyof DealFormValues>(key: K, value: DealFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const contactOptions = useMemo(
    () => [
      { value: 'none', label: 'No contact' },
      ...(contacts.data ?? []).map((contact) => ({
        value: contact.id,
        label:
          `${contact.first_name} ${contact.last_name}`.trim() +
          (contact.company ? ` (${contact.company})` : ''),
      })),
    ],
    [contacts.data],
  );
  // Accounts are the institution's companies; left at "No account", a deal takes its contact's.
  const accountOptions = useMemo(() => {
    const options = [
      { value: 'none', label: 'No account' },
      ...(companies.data ?? []).map((company) => ({
        value: company.id,
        label: company.domain ? `${company.name} (${company.domain})` : company.name,
      })),
    ];
    if (values.company_id && !options.some((option) => option.value === values.company_id))
      options.push({ value: values.company_id, label: 'Current company' });
    return options;
  }, [companies.data, values.company_id]);

  const saving = create.isPending || update.isPending;
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateDealForm(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    const input = dealInputFromForm(values);
    try {
      const saved = deal
        ? await update.mutateAsync({
            id: deal.id,
            changes: {
              ...input,
              description: values.description.trim(),
              version: deal.version,
            },
          })
        : await create.mutateAsync(input);
      toast({ title: deal ? 'Deal updated' : 'Deal created', description: saved.name });
      onSaved?.(saved);
      onOpenChange(false);
    } catch (error) {
      setServerError(
        isConflict(error)
          ? 'This deal was changed by someone else. Close the dialog and try again.'
          : deal
            ? 'Failed to update deal'
            : 'Failed to create deal',
      );
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={deal ? 'Edit Deal' : 'New Deal'}>
      <form noValidate onSubmit={submit} aria-label={deal ? 'Edit deal' : 'New deal'}>
        <FormGrid>
          <FormGridWide>
            <Field label="Deal name *" id={id('name')} error={errors.name}>
              <Input
                id={id('name')}
                value={values.name}
                required
                aria-invalid={Boolean(errors.name)}
                aria-describedby={errors.name ? `${id('name')}-error` : undefined}
                onChange={(event) => set('name', event.target.value)}
              />
            </Field>
          </FormGridWide>
          <FormGridWide>
            <Field label="Description" id={id('description')}>
              <Textarea
                id={id('description')}
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
              />
            </Field>
          </FormGridWide>
          <Field label="Amount (USD)" id={id('amount')} error={errors.amount}>
            <Input
              id={id('amount')}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              value={values.amount}
              aria-invalid={Boolean(errors.amount)}
              onChange={(event) => set('amount', event.target.value)}
            />
          </Field>
          <Field label="Probability (%)" id={id('probability')} error={errors.probability}>
            <Input
              id={id('probability')}
              type="number"
              min={0}
              max={100}
              step={1}
              value={values.probability}
              aria-invalid={Boolean(errors.probability)}
              onChange={(event) => set('probability', event.target.value)}
            />
          </Field>
          <Select
            label="Stage"
            value={values.stage}
            options={DEAL_STAGES.map((stage) => ({ value: stage, label: DEAL_STAGE_LABELS[stage] }))}
            onValueChange={(stage) => set('stage', stage as DealStage)}
          />
          <Field label="Expected close date" id={id('close')} error={errors.expected_close_date}>
            <Input
              id={id('close')}
              type="date"
              value={values.expected_close_date}
              onChange={(event) => set('expected_close_date', event.target.value)}
            />
          </Field>
          <Select
            label="Contact"
            value={values.contact_id || 'none'}
            options={contactOptions}
            onValueChange={(value) => set('contact_id', value === 'none' ? '' : value)}
          />
          <Select
            label="Account"
            value={values.company_id || 'none'}
            options={accountOptions}
            onValueChange={(value) => set('company_id', value === 'none' ? '' : value)}
          />
        </FormGrid>
        {serverError ? <ErrorText role="alert">{serverError}</ErrorText> : null}
        <Actions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : deal ? 'Save Changes' : 'Create Deal'}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
