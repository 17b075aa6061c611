import { useAuth } from '@tessera/auth';
import {
  INVITATION_LINK_MESSAGES,
  type InvitationLookup,
  roleLabel,
  tokenFromFragment,
} from '@tessera/data-access/contracts';
import { useAcceptInvitation, useInvitationLookup } from '@tessera/data-access/hooks';
import { Button, Spinner } from '@tessera/ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
import { AuthPanel } from '../shared/auth-panel';
import { InvitedSignUpForm } from './invited-sign-up-form';
import { useLandInInstitution } from './use-land-in-institution';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

function invitationSummary(invitation: InvitationLookup): string {
  const who = invitation.invited_by ?? 'An administrator';
  const expires = new Date(invitation.expires_at).toLocaleString(undefined, {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return `${who} invited ${invitation.email} to join ${invitation.institution_name} as ${roleLabel(
    invitation.role,
  )}. This link works until ${expires}.`;
}

/**
 * Where an invitation e-mail's link lands (docs/product/invitations.md): the invitation, then
 * sign-up for a new address, or sign-in and accept for an address that has an account.
 */
export function AcceptInvitationPage() {
  const location = useLocation();
  const token = tokenFromFragment(location.hash);
  const { user, isLoading, signOut } = useAuth();
  const lookup = useInvitationLookup(token);
  const accept = useAcceptInvitation();
  const land = useLandInInstitution();
  const navigate = useNavigate();
  const [acceptProblem, setAcceptProblem] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthPanel title="Invitation link incomplete">
        <p role="alert">{INVITATION_LINK_MESSAGES.invalid}</p>
        <p>
          <Link to="/signin">Go to sign in</Link>
        </p>
      </AuthPanel>
    );
  }
  if (isLoading || lookup.isPending) return <Spinner label="Opening your invitation" block />;
  if (lookup.isError) {
    return (
      <AuthPanel title="This invitation cannot be used">
        <p role="alert">
          {errorMessage(lookup.error, 'The invitation could not be opened. Please try again.')}
        </p>
        <p>
          <Link to="/signin">Go to sign in</Link>
        </p>
      </AuthPanel>
    );
  }

  const invitation = lookup.data;
  const title = `Join ${invitation.institution_name}`;
  const intro = invitationSummary(invitation);

  if (user) {
    if (user.email.toLowerCase() !== invitation.email) {
      return (
        <AuthPanel title={title} intro={intro}>
          <p role="alert">
            You are signed in as {user.email}. This invitation is for {invitation.email}: sign out, then sign
            in with that e-mail to accept it.
          </p>
          <Button variant="secondary" onClick={() => void signOut()}>
            Sign out
          </Button>
        </AuthPanel>
      );
    }
    const onAccept = async () => {
      setAcceptProblem(null);
      try {
        const accepted = await accept.mutateAsync(token);
        await land(accepted.institution_id);
      } catch (failure) {
        setAcceptProblem(errorMessage(failure, 'The invitation could not be accepted. Please try again.'));
      }
    };
    return (
      <AuthPanel title={title} intro={intro}>
        {acceptProblem ? <p role="alert">{acceptProblem}</p> : null}
        <Actions>
          <Button onClick={() => void onAccept()} disabled={accept.isPending}>
            {accept.isPending ? 'Accepting…' : 'Accept invitation'}
          </Button>
          <Button variant="ghost" onClick={() => navigate('/dashboard')}>
            Not now
          </Button>
        </Actions>
      </AuthPanel>
    );
  }

  if (invitation.next === 'sign_in') {
    return (
      <AuthPanel title={title} intro={intro}>
        <p>You already have a Tessera account with {invitation.email}. Sign in to accept the invitation.</p>
        <Button
          onClick={() =>
            navigate('/signin', { state: { from: `${location.pathname}${location.search}${location.hash}` } })
          }
        >
          Sign in to accept
        </Button>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title={title} intro={`${intro} Create your account to join.`}>
      <InvitedSignUpForm
        token={token}
        email={invitation.email}
        onJoined={(joined) => land(joined.institution_id)}
      />
    </AuthPanel>
  );
}
