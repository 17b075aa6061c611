import type { Deal } from '@tessera/data-access/contracts';
import { useUpdateDeal } from '@tessera/data-access/hooks';
import { Button, Dialog, Select, Spinner, toast, Actions } from '@tessera/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { ErrorText } from './deal-detail-parts';

/** What Link Contact and Link Account are opened with. */
export interface DealLinkProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deal: Deal;
}

export interface LinkDealDialogProps extends DealLinkProps {
  /** The deal field the choice is saved to. */
  field: 'contact_id' | 'company_id';
  /** The product word, capitalised: `Contact`, `Account` (title "Link Contact", label "Contact"). */
  noun: string;
  description: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  isLoading: boolean;
  /** Shown instead of the picker when there is nothing to link. */
  empty: ReactNode;
}

/** Link Contact / Link Account (docs/product/deals.md#deal-detail): pick one and save it on the deal through the API. */
export function LinkDealDialog({
  open,
  onOpenChange,
  deal,
  field,
  noun,
  description,
  options,
  isLoading,
  empty,
}: LinkDealDialogProps) {
  const update = useUpdateDeal();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = deal[field] ?? '';
  useEffect(() => {
    if (open) {
      setChoice(current);
      setError(null);
    }
  }, [open, current]);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const word = noun.toLowerCase();

  async function save() {
    if (!choice) {
      setError(`Choose ${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`);
      return;
    }
    try {
      await update.mutateAsync({ id: deal.id, changes: { [field]: choice, version: deal.version } });
      toast({ title: `${noun} linked` });
      onOpenChange(false);
    } catch {
      setError(`Failed to link ${word}`);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Link ${noun}`} description={description}>
      {isLoading ? (
        <Spinner label={`Loading ${word}s`} block />
      ) : options.length === 0 ? (
        empty
      ) : (
        <Select
          label={noun}
          value={choice}
          placeholder={`Choose ${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`}
          options={[...options]}
          onValueChange={setChoice}
        />
      )}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Actions>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={update.isPending || options.length === 0}>
          {update.isPending ? 'Saving…' : `Link ${noun}`}
        </Button>
      </Actions>
    </Dialog>
  );
}
