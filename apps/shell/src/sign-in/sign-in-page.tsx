import { SignInForm, useAuth } from '@tessera/auth';
import { Card, Spinner } from '@tessera/ui';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
`;

const Panel = styled(Card)`
  width: min(400px, 100%);
  padding: ${({ theme }) => theme.space(8)};
  h1 { font-size: ${({ theme }) => theme.font.size.xxl}; margin-bottom: ${({ theme }) => theme.space(1)}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; margin: 0 0 ${({ theme }) => theme.space(6)}; }
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
  if (isLoading) return <Spinner label="Loading your session" block />;
  if (user) return <Navigate to={target} replace />;
  return (
    <Page>
      <Panel>
        <h1>Sign in to Tessera</h1>
        <p>Use your work e-mail and password.</p>
        <SignInForm onSignedIn={() => navigate(target, { replace: true })} />
        <p>
          Invited to an institution? <Link to="/signup">Create your account</Link>
        </p>
      </Panel>
    </Page>
  );
}
