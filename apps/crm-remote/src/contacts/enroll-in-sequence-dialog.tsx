import { isApiError } from '@tessera/data-access/client';
import { type Contact, SEQUENCE_LIMITS } from '@tessera/data-access/contracts';
import { useEnrollInSequence, useSequences } from '@tessera/data-access/hooks';
import { Dialog, focusRing, SaveActions, Select, toast } from '@tessera/ui';
import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';

const People = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  margin: ${({ theme }) => theme.space(3)} 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  max-height: 40vh;
  overflow-y: auto;
  legend { font-weight: 600; }
  label { display: flex; gap: ${({ theme }) => theme.space(2)}; align-items: center; padding: 2px 0; }
  input { ${focusRing} }
`;

/**
 * Enroll in Sequence, from the contacts list: the contacts shown (search and filters applied), all
 * ticked to start with, into the chosen sequence (docs/product/sequences.md#enrolling).
 */
export function EnrollInSequenceDialog({
  open,
  onOpenChange,
  contacts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contacts: Contact[];
}) {
  const sequences = useSequences();
  const enroll = useEnrollInSequence();
  const [sequenceId, setSequenceId] = useState('');
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const shown = contacts.slice(0, SEQUENCE_LIMITS.enrollAtOnce);

  useEffect(() => {
    if (!open) return;
    setTicked(new Set(contacts.slice(0, SEQUENCE_LIMITS.enrollAtOnce).map((contact) => contact.id)));
    setError(null);
  }, [open, contacts]);

  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!sequenceId) return setError('Choose a sequence');
    if (ticked.size === 0) return setError('Choose at least one contact');
    try {
      const result = await enroll.mutateAsync({ id: sequenceId, input: { contact_ids: [...ticked] } });
      const reasons = [...new Set(result.skipped.map((skip) => skip.reason))].join(', ');
      toast({
        title: `${result.enrolled} enrolled`,
        description: result.skipped.length ? `${result.skipped.length} skipped (${reasons})` : undefined,
      });
      onOpenChange(false);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Failed to enroll');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Enroll in Sequence">
      <form noValidate onSubmit={submit} aria-label="Enroll in sequence">
        <Select
          label="Sequence"
          value={sequenceId}
          placeholder="Choose a sequence"
          options={(sequences.data ?? []).map((sequence) => ({ value: sequence.id, label: sequence.name }))}
          onValueChange={setSequenceId}
        />
        <People>
          <legend>
            Contacts ({ticked.size} of {shown.length})
          </legend>
          {shown.map((contact) => {
            const name = `${contact.first_name} ${contact.last_name}`.trim();
            return (
              <label key={contact.id}>
                <input
                  type="checkbox"
                  checked={ticked.has(contact.id)}
                  onChange={(event) => toggle(contact.id, event.target.checked)}
                />
                {name}
                {contact.email ? ` · ${contact.email}` : ' · no e-mail'}
              </label>
            );
          })}
        </People>
        <SaveActions
          error={error}
          saving={enroll.isPending}
          saveLabel="Enroll"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
