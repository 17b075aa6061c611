import { isApiError } from '@tessera/data-access/client';
import {
  MAILBOX_STATUS_LABELS,
  MAILBOX_VISIBILITIES,
  MAILBOX_VISIBILITY_LABELS,
  type Mailbox,
  type MailboxSmtpInput,
  type MailboxVisibility,
  timeAgo,
} from '@tessera/data-access/contracts';
import {
  useConnectMailbox,
  useDisconnectMailbox,
  useMailboxes,
  useUpdateMailbox,
} from '@tessera/data-access/hooks';
import { Badge, Button, Label, Select, Spinner, Switch, TextField, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  overflow-wrap: anywhere;
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Row = styled.div`
  margin-bottom: ${({ theme }) => theme.space(2)};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  strong { min-width: 0; overflow-wrap: anywhere; }
`;

const VISIBILITY_OPTIONS = MAILBOX_VISIBILITIES.map((value) => ({
  value,
  label: MAILBOX_VISIBILITY_LABELS[value],
}));

/** The SMTP part of the forms, as typed: turned into the API's fields by `smtpInput`. */
interface SmtpDraft {
  host: string;
  port: string;
  tls: boolean;
  username: string;
  password: string;
}

const emptySmtp: SmtpDraft = { host: '', port: '465', tls: true, username: '', password: '' };

/** Left blank, the SMTP user name and password are the IMAP ones (the server keeps a stored one on a change). */
function smtpInput(draft: SmtpDraft): MailboxSmtpInput {
  return {
    smtp_host: draft.host.trim(),
    smtp_port: Number(draft.port),
    smtp_tls: draft.tls,
    ...(draft.username.trim() ? { smtp_username: draft.username.trim() } : {}),
    ...(draft.password ? { smtp_password: draft.password } : {}),
  };
}

function fieldErrors(error: unknown): Record<string, string> {
  const fields = isApiError(error) ? error.errors : undefined;
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, list]) => [key, Array.isArray(list) ? (list[0] ?? '') : list]),
  );
}

/**
 * The mailbox's own SMTP server (docs/product/mailboxes.md#sending-from-your-own-address): with it,
 * e-mail written in the CRM goes from the person's own address.
 */
function SmtpFields({
  draft,
  onChange,
  errors,
}: {
  draft: SmtpDraft;
  onChange: (draft: SmtpDraft) => void;
  errors: Record<string, string>;
}) {
  const tlsId = useId();
  return (
    <fieldset>
      <legend>Outgoing mail (SMTP)</legend>
      <TextField
        label="SMTP server"
        placeholder="smtp.example.com"
        value={draft.host}
        required
        onValueChange={(host) => onChange({ ...draft, host })}
        error={errors.smtp_host}
      />
      <TextField
        label="SMTP port"
        type="number"
        min={1}
        max={65535}
        value={draft.port}
        required
        onValueChange={(port) => onChange({ ...draft, port })}
        error={errors.smtp_port}
      />
      <Row>
        <Switch
          id={tlsId}
          label="SMTP with TLS from the start (port 465)"
          checked={draft.tls}
          onCheckedChange={(tls) => onChange({ ...draft, tls })}
        />
        <Label htmlFor={tlsId}>SMTP with TLS from the start (port 465)</Label>
      </Row>
      <TextField
        label="SMTP user name, if not the IMAP one"
        autoComplete="off"
        value={draft.username}
        onValueChange={(username) => onChange({ ...draft, username })}
        error={errors.smtp_username}
      />
      <TextField
        label="SMTP password, if not the IMAP one"
        type="password"
        autoComplete="new-password"
        value={draft.password}
        onValueChange={(password) => onChange({ ...draft, password })}
        error={errors.smtp_password}
      />
    </fieldset>
  );
}

/** Adds, changes or removes a connected mailbox's SMTP settings. */
function SmtpSettings({ mailbox }: { mailbox: Mailbox }) {
  const update = useUpdateMailbox();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<SmtpDraft>(emptySmtp);
  const [errors, setErrors] = useState<Record<string, string>>({});
  function start() {
    setDraft({
      host: mailbox.smtp_host ?? '',
      port: String(mailbox.smtp_port ?? 465),
      tls: mailbox.smtp_tls ?? true,
      username: mailbox.smtp_username ?? '',
      password: '',
    });
    setErrors({});
    setOpen(true);
  }
  function save(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    update.mutate(
      { id: mailbox.id, ...smtpInput(draft) },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'SMTP settings saved', description: `E-mail now goes from ${mailbox.username}.` });
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          toast({ title: 'Error', description: 'Failed to save the SMTP settings.', variant: 'destructive' });
        },
      },
    );
  }
  function remove() {
    update.mutate(
      { id: mailbox.id, smtp_host: null },
      {
        onSuccess: () => toast({ title: 'SMTP settings removed', description: mailbox.username }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to remove the SMTP settings.',
            variant: 'destructive',
          }),
      },
    );
  }
  if (!open)
    return (
      <Row>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${mailbox.sends_from_own_address ? 'Change' : 'Add'} SMTP settings for ${mailbox.username}`}
          onClick={start}
        >
          {mailbox.sends_from_own_address ? 'Change SMTP settings' : 'Send from this address (SMTP)'}
        </Button>
        {mailbox.sends_from_own_address ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending}
            aria-label={`Remove SMTP settings for ${mailbox.username}`}
            onClick={remove}
          >
            Remove SMTP settings
          </Button>
        ) : null}
      </Row>
    );
  return (
    <form onSubmit={save} aria-label={`SMTP settings for ${mailbox.username}`}>
      <SmtpFields draft={draft} onChange={setDraft} errors={errors} />
      <Row>
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save SMTP settings
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Row>
    </form>
  );
}

const statusTone = (mailbox: Mailbox) =>
  mailbox.status === 'failed' ? 'destructive' : mailbox.status === 'synced' ? 'success' : 'neutral';

/** A failing mailbox takes its password again (an app password changed, a typo): tried at once. */
function NewPassword({ mailbox }: { mailbox: Mailbox }) {
  const update = useUpdateMailbox();
  const [password, setPassword] = useState('');
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    update.mutate(
      { id: mailbox.id, password },
      {
        onSuccess: () => {
          setPassword('');
          toast({ title: 'Password saved', description: 'The mailbox is tried again now.' });
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to save the password.', variant: 'destructive' }),
      },
    );
  }
  return (
    <form onSubmit={onSubmit} aria-label={`New password for ${mailbox.username}`}>
      <TextField
        label="Mailbox password"
        type="password"
        autoComplete="new-password"
        value={password}
        required
        onValueChange={setPassword}
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        Save password
      </Button>
    </form>
  );
}

function MailboxItem({ mailbox }: { mailbox: Mailbox }) {
  const update = useUpdateMailbox();
  const disconnect = useDisconnectMailbox();
  return (
    <Item aria-label={`Mailbox ${mailbox.username}`}>
      <Row>
        <strong>{mailbox.username}</strong>
        <Badge $tone={statusTone(mailbox)}>{MAILBOX_STATUS_LABELS[mailbox.status]}</Badge>
      </Row>
      <p>
        {mailbox.imap_host}:{mailbox.imap_port}
        {mailbox.last_synced_at ? ` · last synced ${timeAgo(mailbox.last_synced_at)}` : ''}
      </p>
      <p>
        {mailbox.sends_from_own_address
          ? `Sends from ${mailbox.username} through ${mailbox.smtp_host}:${mailbox.smtp_port}`
          : 'Sends from the workspace address; answers come back to you (Reply-To)'}
      </p>
      {mailbox.last_error ? <p role="alert">The server said: {mailbox.last_error}</p> : null}
      {mailbox.status === 'failed' ? <NewPassword mailbox={mailbox} /> : null}
      <Select
        label="Who sees its messages"
        value={mailbox.visibility}
        options={VISIBILITY_OPTIONS}
        disabled={update.isPending}
        onValueChange={(value) =>
          update.mutate(
            { id: mailbox.id, visibility: value as MailboxVisibility },
            {
              onError: () =>
                toast({
                  title: 'Error',
                  description: 'Failed to change who sees it.',
                  variant: 'destructive',
                }),
            },
          )
        }
      />
      <SmtpSettings mailbox={mailbox} />
      <Row>
        <Button
          size="sm"
          variant="secondary"
          disabled={disconnect.isPending}
          aria-label={`Disconnect ${mailbox.username}`}
          onClick={() =>
            disconnect.mutate(mailbox.id, {
              onSuccess: () => toast({ title: 'Mailbox disconnected', description: mailbox.username }),
              onError: () =>
                toast({
                  title: 'Error',
                  description: 'Failed to disconnect the mailbox.',
                  variant: 'destructive',
                }),
            })
          }
        >
          Disconnect
        </Button>
      </Row>
    </Item>
  );
}

/**
 * docs/product/mailboxes.md: connect a mailbox over IMAP so conversations with the CRM's contacts,
 * leads and companies show on their pages. The password is sent once and never shown again.
 */
export function MailboxesCard() {
  const mailboxes = useMailboxes();
  const connect = useConnectMailbox();
  const [host, setHost] = useState('');
  const [port, setPort] = useState('993');
  const [tls, setTls] = useState(true);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sendsOwn, setSendsOwn] = useState(false);
  const [smtp, setSmtp] = useState<SmtpDraft>(emptySmtp);
  const tlsId = useId();
  const sendsOwnId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    connect.mutate(
      {
        imap_host: host.trim(),
        imap_port: Number(port),
        imap_tls: tls,
        username: username.trim(),
        password,
        ...(sendsOwn ? smtpInput(smtp) : {}),
      },
      {
        onSuccess: () => {
          setPassword('');
          setSmtp(emptySmtp);
          setSendsOwn(false);
          toast({ title: 'Mailbox connected', description: 'Its first sync has started.' });
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          toast({ title: 'Error', description: 'Failed to connect the mailbox.', variant: 'destructive' });
        },
      },
    );
  }

  return (
    <TitledCard title="Connected mailboxes" aria-label="Connected mailboxes">
      {mailboxes.isPending ? (
        <Spinner label="Loading your mailboxes" />
      ) : mailboxes.isError ? (
        <p role="alert">Your mailboxes could not be loaded.</p>
      ) : (
        <List aria-label="Your mailboxes">
          {mailboxes.data.map((mailbox) => (
            <MailboxItem key={mailbox.id} mailbox={mailbox} />
          ))}
        </List>
      )}
      <form onSubmit={onSubmit} aria-label="Connect a mailbox">
        <TextField
          label="IMAP server"
          placeholder="imap.example.com"
          value={host}
          required
          onValueChange={setHost}
          error={errors.imap_host}
        />
        <TextField
          label="Port"
          type="number"
          min={1}
          max={65535}
          value={port}
          required
          onValueChange={setPort}
          error={errors.imap_port}
        />
        <Row>
          <Switch id={tlsId} label="Use TLS" checked={tls} onCheckedChange={setTls} />
          <Label htmlFor={tlsId}>Use TLS</Label>
        </Row>
        <TextField
          label="User name"
          autoComplete="off"
          value={username}
          required
          onValueChange={setUsername}
          error={errors.username}
        />
        <TextField
          label="Password or app password"
          type="password"
          autoComplete="new-password"
          value={password}
          required
          onValueChange={setPassword}
          error={errors.password}
        />
        <Row>
          <Switch
            id={sendsOwnId}
            label="Send from this address (SMTP)"
            checked={sendsOwn}
            onCheckedChange={setSendsOwn}
          />
          <Label htmlFor={sendsOwnId}>Send from this address (SMTP)</Label>
        </Row>
        {sendsOwn ? <SmtpFields draft={smtp} onChange={setSmtp} errors={errors} /> : null}
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : 'Connect mailbox'}
        </Button>
      </form>
    </TitledCard>
  );
}
