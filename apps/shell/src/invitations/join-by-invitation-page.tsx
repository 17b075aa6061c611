import { INVITATION_TTL_DAYS } from '@tessera/data-access/contracts';
import { Link } from 'react-router-dom';
import { AuthPanel } from '../shared/auth-panel';

/**
 * There is no open sign-up: accounts are created from an invitation e-mail's link
 * (docs/product/invitations.md). Kept at /signup for people who look for a sign-up page.
 */
export function JoinByInvitationPage() {
  return (
    <AuthPanel
      title="Join your team on Tessera"
      intro="Accounts are created by invitation. Ask an administrator of your institution to invite your work e-mail: the invitation e-mail holds a link to create your account."
    >
      <p>
        Already invited? Open the link in your invitation e-mail. It works once and expires after{' '}
        {INVITATION_TTL_DAYS} days; an administrator can send a new one.
      </p>
      <p>
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthPanel>
  );
}
