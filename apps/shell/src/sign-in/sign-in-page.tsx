import { SignInForm, useAuth } from '@tessera/auth';
import { Spinner } from '@tessera/ui';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AuthPanel } from '../shared/auth-panel';

const Links = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only paths of this site: never follow an absolute URL handed in through history state.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/signin'
    ? from
    : '/dashboard';
}

export function SignInPage() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPath(location.state);
  // Single sign-on sends refused people back here with the reason.
  const ssoError = new URLSearchParams(location.search).get('sso_error');
  if (isLoading) return <Spinner label="Loading your session" block />;
  if (user) return <Navigate to={target} replace />;
  return (
    <AuthPanel title="Sign in to Tessera" intro="Use your work e-mail and password.">
      <SignInForm onSignedIn={() => navigate(target, { replace: true })} initialError={ssoError} />
      <Links>
        <Link to="/forgot-password">Forgot password?</Link>
        <span>
          New to Tessera? <Link to="/signup">How to join</Link>
        </span>
      </Links>
    </AuthPanel>
  );
}
