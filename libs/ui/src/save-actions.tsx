import { Button } from './button';
import { ErrorText } from './field';
import { Actions } from './layout';

export interface SaveActionsProps {
  /** What went wrong with the last save, announced above the buttons. */
  error?: string | null;
  /** While true the submit button says "Saving…" and cannot be pressed again. */
  saving: boolean;
  /** The submit button's label (Create Deal, Save Contact). */
  saveLabel: string;
  onCancel: () => void;
}

/** The foot of a form dialog: the save's error, Cancel, and the form's submit button. */
export function SaveActions({ error, saving, saveLabel, onCancel }: SaveActionsProps) {
  return (
    <>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      <Actions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : saveLabel}
        </Button>
      </Actions>
    </>
  );
}
