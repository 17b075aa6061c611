import { isApiError } from '@tessera/data-access/client';
import { useCompanies, useCreateCompany, useUpdateDeal } from '@tessera/data-access/hooks';
import { Actions, Button, Dialog, FieldRow, Input, Label, Select, Spinner, toast } from '@tessera/ui';
import { useEffect, useId, useState } from 'react';
import { ErrorText, Muted } from './deal-detail-parts';
import type { DealLinkProps } from './link-deal-dialog';

/** The API's words for a refused link (a company not the contact's, a name taken). */
function reason(error: unknown, fallback: string): string {
  if (isApiError(error) && error.errors) return Object.values(error.errors).flat().join('; ');
  return fallback;
}

/**
 * Link Account (docs/product/companies.md#link-account): pick one of the institution's companies,
 * or create one by name, and save it as the deal's company.
 */
export function LinkAccountDialog({ open, onOpenChange, deal }: DealLinkProps) {
  const companies = useCompanies(open);
  const update = useUpdateDeal();
  const create = useCreateCompany();
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (open) {
      setChoice(deal.company_id ?? '');
      setName('');
      setError(null);
    }
  }, [open, deal.company_id]);

  async function link(companyId: string) {
    await update.mutateAsync({ id: deal.id, changes: { company_id: companyId, version: deal.version } });
    toast({ title: 'Account linked' });
    onOpenChange(false);
  }

  async function linkChosen() {
    if (!choice) {
      setError('Choose an account');
      return;
    }
    try {
      await link(choice);
    } catch (failure) {
      setError(reason(failure, 'Failed to link account'));
    }
  }

  async function createAndLink() {
    if (!name.trim()) {
      setError('Enter the new company’s name');
      return;
    }
    try {
      const company = await create.mutateAsync({ name: name.trim() });
      await link(company.id);
    } catch (failure) {
      setError(reason(failure, 'Failed to create the company'));
    }
  }

  const busy = update.isPending || create.isPending;
  const options = (companies.data ?? []).map((company) => ({
    value: company.id,
    label: company.domain ? `${company.name} (${company.domain})` : company.name,
  }));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Link Account"
      description="Pick the account this deal belongs to, or create it."
    >
      {companies.isPending ? (
        <Spinner label="Loading accounts" block />
      ) : options.length === 0 ? (
        <Muted>No accounts yet.</Muted>
      ) : (
        <Select
          label="Account"
          value={choice}
          placeholder="Choose an account"
          options={options}
          onValueChange={setChoice}
        />
      )}
      <FieldRow>
        <Label htmlFor={`${id}-new`}>New company name</Label>
        <Input id={`${id}-new`} value={name} onChange={(event) => setName(event.target.value)} />
      </FieldRow>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Actions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={() => void createAndLink()} disabled={busy}>
          Create and Link
        </Button>
        <Button onClick={() => void linkChosen()} disabled={busy || options.length === 0}>
          {update.isPending ? 'Saving…' : 'Link Account'}
        </Button>
      </Actions>
    </Dialog>
  );
}
