import { isConflict } from '@tessera/data-access/client';
import { DEAL_STAGE_LABELS, DEAL_STAGES, type Deal, type DealStage } from '@tessera/data-access/contracts';
import {
  useCompanies,
  useContacts,
  useCreateDeal,
  useLineItems,
  useUpdateDeal,
} from '@tessera/data-access/hooks';
import {
  Dialog,
  FieldRow,
  FormGrid,
  FormGridWide,
  Label,
  SaveActions,
  Select,
  Textarea,
  TextField,
  toast,
} from '@tessera/ui';
import { type FormEvent, useCallback, useId, useMemo } from 'react';
import { useDialogForm } from '../shared/use-dialog-form';
import { dealFormFromDeal, dealInputFromForm, emptyDealForm, validateDealForm } from './deal-form-values';

export interface DealFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this deal; without it the dialog creates one. */
  deal?: Deal;
  /** Stage preselected for a new deal. */
  initialStage?: DealStage;
  onSaved?: (deal: Deal) => void;
}

/** New Deal and Edit: every field of a deal; the API creates or updates it. */
export function DealFormDialog({ open, onOpenChange, deal, initialStage, onSaved }: DealFormDialogProps) {
  const contacts = useContacts(open);
  const companies = useCompanies(open);
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const { values, set, serverError, setServerError, check, bind } = useDialogForm({
    open,
    source: deal ?? initialStage,
    initial: () => (deal ? dealFormFromDeal(deal) : emptyDealForm(initialStage)),
    validate: validateDealForm,
  });
  const descriptionId = useId();
  // A deal with products has the amount of its lines (docs/adr/0019-products-and-quotes.md): shown, not typed.
  const lines = useLineItems(deal?.id ?? '', open && Boolean(deal));
  const amountFromLines = (lines.data?.items.length ?? 0) > 0;

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
    if (!check()) return;
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
            <TextField label="Deal name *" required {...bind.text('name')} />
          </FormGridWide>
          <FormGridWide>
            <FieldRow>
              <Label htmlFor={descriptionId}>Description</Label>
              <Textarea
                id={descriptionId}
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
              />
            </FieldRow>
          </FormGridWide>
          <TextField
            label={amountFromLines ? 'Amount (USD, from products)' : 'Amount (USD)'}
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            readOnly={amountFromLines}
            {...bind.text('amount')}
          />
          <TextField
            label="Probability (%)"
            type="number"
            min={0}
            max={100}
            step={1}
            {...bind.text('probability')}
          />
          <Select
            label="Stage"
            value={values.stage}
            options={DEAL_STAGES.map((stage) => ({ value: stage, label: DEAL_STAGE_LABELS[stage] }))}
            onValueChange={(stage) => set('stage', stage as DealStage)}
          />
          <TextField label="Expected close date" type="date" {...bind.text('expected_close_date')} />
          <Select label="Contact" options={contactOptions} {...bind.optionalChoice('contact_id')} />
          <Select label="Account" options={accountOptions} {...bind.optionalChoice('company_id')} />
        </FormGrid>
        <SaveActions
          error={serverError}
          saving={saving}
          saveLabel={deal ? 'Save Changes' : 'Create Deal'}
          onCancel={close}
        />
      </form>
    </Dialog>
  );
}
