import { isApiError } from '@tessera/data-access/client';
import type { EmailRecipientKind } from '@tessera/data-access/client';
import { CRM_MERGE_FIELDS } from '@tessera/data-access/contracts';
import { useSendCrmEmail } from '@tessera/data-access/hooks';
import {
  Actions,
  Button,
  Dialog,
  FieldRow,
  focusRing,
  Input,
  Label,
  toast,
  ErrorText,
  FieldError,
} from '@tessera/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import {
  type EmailDraft,
  type EmailDraftErrors,
  emailDraftErrorsFrom,
  emailInputFromDraft,
  emptyEmailDraft,
  validateEmailDraft,
} from './email-draft';

const MessageBox = styled.textarea`
  min-height: 160px;
  padding: 8px 10px;
  font: inherit;
  color: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  resize: vertical;
  ${focusRing}
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export interface EmailRecipient {
  kind: EmailRecipientKind;
  id: string;
  firstName: string;
  email: string;
}

/**
 * Send Email: a subject and a message to the record's address, which is shown and not editable.
 * The message is queued and delivered by the server; the email activity is logged at once.
 */
export function SendEmailDialog({
  open,
  onOpenChange,
  recipient,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  recipient: EmailRecipient;
}) {
  const send = useSendCrmEmail({ kind: recipient.kind, id: recipient.id });
  const [draft, setDraft] = useState<EmailDraft>(() => emptyEmailDraft(recipient.firstName));
  const [errors, setErrors] = useState<EmailDraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    if (open) {
      setDraft(emptyEmailDraft(recipient.firstName));
      setErrors({});
      setFailure(null);
    }
  }, [open, recipient.firstName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEmailDraft(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const sent = await send.mutateAsync(emailInputFromDraft(draft));
      toast({ title: 'Email sent successfully', description: `Sent to ${sent.to}` });
      onOpenChange(false);
    } catch (error) {
      const fromServer = isApiError(error) && error.status === 400 ? emailDraftErrorsFrom(error.errors) : {};
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setFailure('Failed to send email');
    }
  }

  const field = (name: keyof EmailDraft) => ({
    id: `${ids}-${name}`,
    value: draft[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });
  const error = (name: keyof EmailDraftErrors) => (
    <FieldError id={`${ids}-${name}-error`} error={errors[name]} />
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Send Email">
      <form noValidate onSubmit={submit} aria-label="Send email">
        <FieldRow>
          <Label htmlFor={`${ids}-to`}>To</Label>
          <Input
            id={`${ids}-to`}
            type="email"
            value={recipient.email}
            readOnly
            aria-describedby={errors.to ? `${ids}-to-error` : undefined}
          />
          {error('to')}
        </FieldRow>
        <FieldRow>
          <Label htmlFor={`${ids}-subject`}>Subject</Label>
          <Input type="text" {...field('subject')} />
          {error('subject')}
        </FieldRow>
        <FieldRow>
          <Label htmlFor={`${ids}-body`}>Message</Label>
          <MessageBox {...field('body')} />
          <Hint id={`${ids}-fields`}>
            You can use {CRM_MERGE_FIELDS.map((name) => `{{${name}}}`).join(', ')}.
          </Hint>
          {error('body')}
        </FieldRow>
        {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
        <Actions>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send'}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
