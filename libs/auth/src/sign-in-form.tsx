import { isApiError } from '@tessera/data-access/client';
import { Button, PasswordField, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useAuth } from './auth-provider';

const ErrorMessage = styled.p`
  color: ${({ theme }) => theme.colors.destructive};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: 600;
`;

const FullWidth = styled(Button)`
  width: 100%;
`;

export interface SignInFormProps {
  onSignedIn?: () => void;
}

/** E-mail and password sign-in; shared by the shell and every remote's standalone page. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await signIn({ email: email.trim(), password });
      onSignedIn?.();
    } catch (caught) {
      setError(
        isApiError(caught) && caught.status === 401
          ? 'Invalid email or password'
          : 'Sign-in failed. Check your connection and try again.',
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      {error ? <ErrorMessage role="alert">{error}</ErrorMessage> : null}
      <FullWidth type="submit" disabled={submitting}>
        {submitting ? 'Signing in…' : 'Sign in'}
      </FullWidth>
    </form>
  );
}
