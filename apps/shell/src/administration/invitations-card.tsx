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
import { Badge, Button, Select, TextField, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
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

/** Invite by e-mail: a single-use link the person follows to join (docs/product/invitations.md). */
export function InvitationsCard() {
  const invitations = useInvitations();
  const invite = useInviteMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InstitutionRole>('member');

  const failed = (fallback: string) => (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });

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

  function onResend(invitation: InvitationSummary) {
    resend.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation sent again',
          description: `${invitation.email} receives a new link. The previous link no longer works.`,
        }),
      onError: failed('Failed to resend the invitation.'),
    });
  }

  function onRevoke(invitation: InvitationSummary) {
    revoke.mutate(invitation.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation withdrawn',
          description: `The link sent to ${invitation.email} no longer works.`,
        }),
      onError: failed('Failed to revoke the invitation.'),
    });
  }

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
          onChange={(event) => setEmail(event.target.value)}
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
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Resend the invitation of ${invitation.email}`}
                disabled={resend.isPending}
                onClick={() => onResend(invitation)}
              >
                Resend
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Revoke the invitation of ${invitation.email}`}
                disabled={revoke.isPending}
                onClick={() => onRevoke(invitation)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </Pending>
      ) : null}
    </TitledCard>
  );
}
