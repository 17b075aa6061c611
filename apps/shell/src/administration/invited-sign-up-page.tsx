import { useAuth } from '@tessera/auth';
import { signUpInvited } from '@tessera/data-access/client';
import { Button, Card, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from './error-message';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
`;

const Panel = styled(Card)`
  width: min(440px, 100%);
  padding: ${({ theme }) => theme.space(8)};
  h1 { font-size: ${({ theme }) => theme.font.size.xxl}; margin-bottom: ${({ theme }) => theme.space(1)}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Names = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Sign-up exists for invited e-mails only (issue #8): the account starts with its memberships. */
export function InvitedSignUpPage() {
  const { user, signIn } = useAuth();
  const navigate = useNavigate();
  const [fields, setFields] = useState({ email: '', password: '', first_name: '', last_name: '' });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (user && !pending) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await signUpInvited(fields);
      // The auth provider learns about the new session the usual way.
      await signIn({ email: fields.email, password: fields.password });
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to create the account. Please try again.'));
      setPending(false);
    }
  }

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Page>
      <Panel>
        <h1>Join your team on Tessera</h1>
        <p>Sign-up is for e-mails an administrator has invited.</p>
        <form onSubmit={onSubmit} aria-label="Create your account">
          {error ? <p role="alert">{error}</p> : null}
          <TextField
            label="Work e-mail"
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set('email')}
          />
          <Names>
            <TextField
              label="First name"
              autoComplete="given-name"
              required
              value={fields.first_name}
              onChange={set('first_name')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              required
              value={fields.last_name}
              onChange={set('last_name')}
            />
          </Names>
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            value={fields.password}
            onChange={set('password')}
          />
          <Button type="submit" disabled={pending}>
            {pending ? 'Creating your account…' : 'Create account'}
          </Button>
        </form>
        <p>
          Already have an account? <Link to="/signin">Sign in</Link>
        </p>
      </Panel>
    </Page>
  );
}
