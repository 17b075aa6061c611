import type { ActivityType } from '@tessera/data-access/contracts';
import { useCreateActivity } from '@tessera/data-access/hooks';
import { Button, Dialog, FieldRow, Input, Label, Select, toast, Actions, Textarea } from '@tessera/ui';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ErrorText } from './deal-detail-parts';

const TYPE_OPTIONS: { value: ActivityType; label: string }[] = [
  { value: 'call', label: 'Call' },
  { value: 'email', label: 'Email' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'task', label: 'Task' },
  { value: 'note', label: 'Note' },
  { value: 'other', label: 'Other' },
];

export interface AddActivityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dealId: string;
  contactId: string | null;
}

/** Add Activity (docs/product/activities.md#activity-timeline): logs a call, email, meeting … on the deal through the API. */
export function AddActivityDialog({ open, onOpenChange, dealId, contactId }: AddActivityDialogProps) {
  const create = useCreateActivity();
  const [type, setType] = useState<ActivityType>('call');
  const [subject, setSubject] = useState('');
  const [details, setDetails] = useState('');
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if (open) {
      setType('call');
      setSubject('');
      setDetails('');
      setDue('');
      setError(null);
    }
  }, [open]);

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!subject.trim()) {
      setError('Subject is required');
      return;
    }
    try {
      await create.mutateAsync({
        type,
        subject: subject.trim(),
        description: details.trim() || undefined,
        due_date: due ? new Date(`${due}T12:00:00`).toISOString() : undefined,
        deal_id: dealId,
        contact_id: contactId ?? undefined,
        status: 'pending',
      });
      toast({ title: 'Activity added', description: subject.trim() });
      onOpenChange(false);
    } catch {
      setError('Failed to add activity');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add Activity">
      <form noValidate onSubmit={submit} aria-label="Add activity">
        <Select
          label="Type"
          value={type}
          options={TYPE_OPTIONS}
          onValueChange={(value) => setType(value as ActivityType)}
        />
        <FieldRow>
          <Label htmlFor={`${id}-subject`}>Subject *</Label>
          <Input
            id={`${id}-subject`}
            value={subject}
            required
            aria-invalid={Boolean(error && !subject.trim())}
            onChange={(event) => setSubject(event.target.value)}
          />
        </FieldRow>
        <FieldRow>
          <Label htmlFor={`${id}-details`}>Details</Label>
          <Textarea
            id={`${id}-details`}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
        </FieldRow>
        <FieldRow>
          <Label htmlFor={`${id}-due`}>Due date</Label>
          <Input id={`${id}-due`} type="date" value={due} onChange={(event) => setDue(event.target.value)} />
        </FieldRow>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Actions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add Activity'}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
