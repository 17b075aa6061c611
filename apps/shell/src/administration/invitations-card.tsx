import {
  INVITATION_STATUS_LABELS,
  INVITATION_TTL_DAYS,
  type InstitutionRole,
  type InvitationSummary,
  roleLabel,
} from '@tessera/data-access/contracts';
import {
  useInvitations,
  useInviteMember,
  useResendInvitation,
  useRevokeInvitation,
} from '@tessera/data-access/hooks';
import { Badge, Button, type ButtonVariant, Select, TextField, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { toastFailure } from '../shared/error-message';
import { ROLE_OPTIONS } from './level-options';

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(200px, 2fr) minmax(140px, 1fr) auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  @media (max-width: 640px) { grid-template-columns: 1fr; }
`;

const Pending = styled.ul`
  list-style: none;
  padding: 0;
  margin: ${({ theme }) => theme.space(4)} 0 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(3)};
    align-items: center;
    padding: 6px 0;
    /* A long address wraps inside the card. */
    overflow-wrap: anywhere;
  }
  li > span { min-width: 0; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

function describe(invitation: InvitationSummary): string {
  const sent = new Date(invitation.sent_at).toLocaleDateString();
  const until = new Date(invitation.expires_at).toLocaleDateString();
  const by = invitation.invited_by ? ` by ${invitation.invited_by}` : '';
  return invitation.status === 'expired'
    ? `${roleLabel(invitation.role)} · sent ${sent}${by} · link expired ${until}`
    : `${roleLabel(invitation.role)} · sent ${sent}${by} · link works until ${until}`;
}

/** A button on a pending invitation: what it does to the invitation, and what the toast then says. */
interface InvitationAction {
  label: 'Resend' | 'Revoke';
  variant: ButtonVariant;
  mutation: {
    isPending: boolean;
    mutate: (
      invitationId: string,
      handlers: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void;
  };
  done: (invitation: InvitationSummary) => { title: string; description: string };
  fallback: string;
}

/** Invite by e-mail: a single-use link the person follows to join (docs/product/invitations.md). */
export function InvitationsCard() {
  const invitations = useInvitations();
  const invite = useInviteMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InstitutionRole>('member');

  const failed = (fallback: string) => (error: unknown) => toastFailure(error, fallback);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (created) => {
          setEmail('');
          toast({
            title: 'Invitation sent',
            description: `${created.email} receives a link to join. It works once, within ${INVITATION_TTL_DAYS} days.`,
          });
        },
        onError: failed('Failed to invite.'),
      },
    );
  }

  const rowActions: InvitationAction[] = [
    {
      label: 'Resend',
      variant: 'secondary',
      mutation: resend,
      done: (invitation) => ({
        title: 'Invitation sent again',
        description: `${invitation.email} receives a new link. The previous link no longer works.`,
      }),
      fallback: 'Failed to resend the invitation.',
    },
    {
      label: 'Revoke',
      variant: 'ghost',
      mutation: revoke,
      done: (invitation) => ({
        title: 'Invitation withdrawn',
        description: `The link sent to ${invitation.email} no longer works.`,
      }),
      fallback: 'Failed to revoke the invitation.',
    },
  ];

  return (
    <TitledCard
      title="Invite members"
      aria-label="Invite members"
      description={
        <>
          Each invitation is e-mailed with a link that works once and expires after {INVITATION_TTL_DAYS}{' '}
          days. Every message is also on the <Link to="/administration/outbox">Outbox</Link> page.
        </>
      }
    >
      <Form onSubmit={onSubmit}>
        <TextField
          label="E-mail"
          type="email"
          required
          autoComplete="off"
          value={email}
          onValueChange={setEmail}
        />
        <Select
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          onValueChange={(value) => setRole(value as InstitutionRole)}
        />
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </Button>
      </Form>
      {invitations.data && invitations.data.length > 0 ? (
        <Pending aria-label="Pending invitations">
          {invitations.data.map((invitation) => (
            <li key={invitation.id}>
              <span>{invitation.email}</span>
              <Badge $tone={invitation.status === 'expired' ? 'warning' : 'neutral'}>
                {INVITATION_STATUS_LABELS[invitation.status]}
              </Badge>
              <small>{describe(invitation)}</small>
              {rowActions.map(({ label, variant, mutation, done, fallback }) => (
                <Button
                  key={label}
                  size="sm"
                  variant={variant}
                  aria-label={`${label} the invitation of ${invitation.email}`}
                  disabled={mutation.isPending}
                  onClick={() =>
                    mutation.mutate(invitation.id, {
                      onSuccess: () => toast(done(invitation)),
                      onError: failed(fallback),
                    })
                  }
                >
                  {label}
                </Button>
              ))}
            </li>
          ))}
        </Pending>
      ) : null}
    </TitledCard>
  );
}
