import {
  downloadEmailAttachment,
  type EmailThreadRecordKind,
  isApiError,
  saveFile,
} from '@tessera/data-access/client';
import type { EmailMessage, EmailThread } from '@tessera/data-access/contracts';
import {
  useComposeDealEmail,
  useCurrentInstitutionId,
  useEmailThreads,
  useReplyToEmail,
} from '@tessera/data-access/hooks';
import { Badge, Button, EmptyState, Label, Textarea, TextField, toast } from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { CrmQueryView } from './crm-query-view';
import { emailSender, emailWhen } from './email-format';
import { useCrmCanWrite } from './use-crm-can-write';

const Threads = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Thread = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: ${({ theme }) => theme.font.size.md}; }
`;

const Messages = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Message = styled.li<{ $outbound: boolean }>`
  border-left: 3px solid ${({ theme, $outbound }) => ($outbound ? theme.colors.primary : theme.colors.border)};
  padding-left: ${({ theme }) => theme.space(3)};
  header {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    align-items: baseline;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  header strong { color: ${({ theme }) => theme.colors.text}; }
`;

const Body = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
  overflow-wrap: anywhere;
  p { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

/** Plain text keeps its line breaks. */
const TextBody = styled(Body)`
  white-space: pre-wrap;
`;

const Head = styled.div`
  margin-top: ${({ theme }) => theme.space(5)};
  h3 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

const ReplyForm = styled.form`
  margin-top: ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  justify-items: start;
  textarea { width: 100%; }
`;

function MessageBody({ message }: { message: EmailMessage }) {
  if (message.body_hidden) return <TextBody>Only the subject is shared.</TextBody>;
  if (message.html_body)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it when it stored it (sanitize-html: no scripts, handlers, frames or remote images)
    return <Body dangerouslySetInnerHTML={{ __html: message.html_body }} />;
  return <TextBody>{message.text_body ?? ''}</TextBody>;
}

function Attachments({ message }: { message: EmailMessage }) {
  const institutionId = useCurrentInstitutionId();
  if (message.attachments.length === 0) return null;
  async function download(id: string, name: string) {
    try {
      const file = await downloadEmailAttachment(institutionId, id);
      saveFile(file.blob, name);
    } catch {
      toast({ title: 'Failed to download file', variant: 'destructive' });
    }
  }
  return (
    <ul aria-label="Attachments">
      {message.attachments.map((attachment) => (
        <li key={attachment.id}>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void download(attachment.id, attachment.file_name)}
          >
            Download {attachment.file_name}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Reply({ thread, dealId }: { thread: EmailThread; dealId?: string }) {
  const reply = useReplyToEmail();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const last = thread.messages[thread.messages.length - 1];
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) {
      setError('Message is required');
      return;
    }
    setError(null);
    reply.mutate(
      { messageId: last.id, body, deal_id: dealId },
      {
        onSuccess: (sent) => {
          setBody('');
          toast({ title: 'Reply sent', description: `To ${sent.to}` });
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to send the reply.', variant: 'destructive' }),
      },
    );
  }
  return (
    <ReplyForm onSubmit={onSubmit} aria-label={`Reply to ${thread.subject || 'this conversation'}`}>
      <Label htmlFor={id}>Reply</Label>
      <Textarea
        id={id}
        value={body}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      {error ? (
        <span id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
      <Button type="submit" size="sm" disabled={reply.isPending}>
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </Button>
    </ReplyForm>
  );
}

function ComposeOnDeal({ dealId }: { dealId: string }) {
  const compose = useComposeDealEmail(dealId);
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string; to?: string }>({});
  const bodyId = useId();
  if (!open)
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        New e-mail
      </Button>
    );
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      subject: subject.trim() ? undefined : 'Subject is required',
      body: body.trim() ? undefined : 'Message is required',
    };
    setErrors(found);
    if (found.subject || found.body) return;
    compose.mutate(
      { subject, body },
      {
        onSuccess: (sent) => {
          setSubject('');
          setBody('');
          setOpen(false);
          toast({ title: 'E-mail sent', description: `To ${sent.to}` });
        },
        onError: (error) => {
          const to = isApiError(error) ? error.errors?.to : undefined;
          setErrors({ to: Array.isArray(to) ? to[0] : to });
          toast({ title: 'Error', description: 'Failed to send the e-mail.', variant: 'destructive' });
        },
      },
    );
  }
  return (
    <ReplyForm onSubmit={onSubmit} aria-label="New e-mail to the deal's contact">
      <TextField label="Subject" value={subject} onValueChange={setSubject} error={errors.subject} />
      <Label htmlFor={bodyId}>Message</Label>
      <Textarea
        id={bodyId}
        value={body}
        rows={4}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={errors.body ? `${bodyId}-error` : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      {errors.body ? (
        <span id={`${bodyId}-error`} role="alert">
          {errors.body}
        </span>
      ) : null}
      {errors.to ? <span role="alert">{errors.to}</span> : null}
      <Row>
        <Button type="submit" size="sm" disabled={compose.isPending}>
          {compose.isPending ? 'Sending…' : 'Send e-mail'}
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Row>
    </ReplyForm>
  );
}

/**
 * The e-mail conversations of a contact, lead, company or deal (docs/product/mailboxes.md), newest
 * first, each with its messages in order and a reply box for people who may write to the CRM.
 */
export function EmailThreads({
  kind,
  id,
  dealId,
}: {
  kind: EmailThreadRecordKind;
  id: string;
  /** On a deal's page: replies are shown on the deal too. */
  dealId?: string;
}) {
  const threads = useEmailThreads(kind, id);
  const canWrite = useCrmCanWrite();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Head>
        <h3 id={headingId}>E-mail conversations</h3>
      </Head>
      {dealId && canWrite ? <ComposeOnDeal dealId={dealId} /> : null}
      <CrmQueryView
        query={threads}
        loading="e-mail conversations"
        empty={
          <EmptyState
            title="No e-mail conversations"
            description="Mail with these people shows here once a mailbox is connected in your profile."
          />
        }
      >
        {(data) => (
          <Threads>
            {data.map((thread) => (
              <Thread
                key={thread.thread_key}
                aria-label={`Conversation: ${thread.subject || '(no subject)'}`}
              >
                <h4>{thread.subject || '(no subject)'}</h4>
                <Messages>
                  {thread.messages.map((message) => (
                    <Message key={message.id} $outbound={message.direction === 'outbound'}>
                      <header>
                        <strong>{emailSender(message)}</strong>
                        <span>to {message.to_addresses.join(', ')}</span>
                        <time dateTime={message.received_at}>{emailWhen(message.received_at)}</time>
                        {message.direction === 'outbound' ? <Badge $tone="primary">Sent</Badge> : null}
                      </header>
                      <MessageBody message={message} />
                      <Attachments message={message} />
                    </Message>
                  ))}
                </Messages>
                {canWrite ? <Reply thread={thread} dealId={dealId} /> : null}
              </Thread>
            ))}
          </Threads>
        )}
      </CrmQueryView>
    </section>
  );
}
