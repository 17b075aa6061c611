import type { InstitutionRole } from '@tessera/data-access/contracts';
import { useInvitations, useInviteMember, useRevokeInvitation } from '@tessera/data-access/hooks';
import { Button, Select, TextField, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from './error-message';
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
  li { display: flex; gap: ${({ theme }) => theme.space(3)}; align-items: center; padding: 6px 0; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Invite by e-mail: a pending membership the person gets when they sign up or sign in. */
export function InvitationsCard({ institutionId }: { institutionId: string }) {
  const invitations = useInvitations(institutionId);
  const invite = useInviteMember();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InstitutionRole>('member');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    invite.mutate(
      { institutionId, email: address, role },
      {
        onSuccess: () => {
          setEmail('');
          toast({
            title: 'Invitation created',
            description: `${address} joins when they sign up or sign in with that e-mail.`,
          });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to invite.'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <TitledCard title="Invite members" aria-label="Invite members">
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
              <small>
                {invitation.role} · invited {new Date(invitation.created_at).toLocaleDateString()}
                {invitation.invited_by ? ` by ${invitation.invited_by}` : ''}
              </small>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Revoke the invitation of ${invitation.email}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ institutionId, invitationId: invitation.id })}
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
