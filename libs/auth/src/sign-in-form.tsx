import { discoverSso, isApiError } from '@tessera/data-access/client';
import type { SsoDiscovery } from '@tessera/data-access/contracts';
import { Button, ButtonLink, PasswordField, TextField } from '@tessera/ui';
import { type FormEvent, useEffect, useState } from 'react';
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

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ModeSwitch = styled(Button)`
  margin-top: ${({ theme }) => theme.space(2)};
  width: 100%;
`;

export interface SignInFormProps {
  onSignedIn?: () => void;
  /** A refusal to show from the start (single sign-on sends people back with one). */
  initialError?: string | null;
}

const SsoLink = styled(ButtonLink)`
  width: 100%;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The provider an address signs in with, asked once the address looks whole. */
function useSsoFor(email: string): SsoDiscovery['sso'] {
  const [sso, setSso] = useState<SsoDiscovery['sso']>(null);
  useEffect(() => {
    setSso(null);
    if (!ADDRESS.test(email.trim())) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      discoverSso(email.trim(), controller.signal).then(
        (answer) => setSso(answer.sso),
        () => setSso(null),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email]);
  return sso;
}

/** The server's words where they say more than "wrong" (a lock, a provider to sign in with). */
function failureMessage(caught: unknown, refused: string): string {
  if (isApiError(caught) && caught.status === 429) return caught.message;
  if (isApiError(caught) && caught.status === 401 && /signs in with/.test(caught.message))
    return caught.message;
  if (isApiError(caught) && caught.status === 401) return refused;
  return 'Sign-in failed. Check your connection and try again.';
}

/** The second step for an account with two-factor on: a code from the app, or a recovery code. */
function TwoFactorStep({ onSignedIn, onRestart }: SignInFormProps & { onRestart: () => void }) {
  const { completeTwoFactor } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await completeTwoFactor(useRecovery ? { recovery_code: value.trim() } : { code: value.trim() });
      onSignedIn?.();
    } catch (caught) {
      if (isApiError(caught) && caught.message === 'Sign in with your password first') {
        onRestart();
        return;
      }
      setError(failureMessage(caught, 'That code is wrong or was already used'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Two-factor sign-in">
      <Hint>
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Hint>
      <TextField
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        name={useRecovery ? 'recovery_code' : 'code'}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        required
        autoFocus
        value={value}
        onValueChange={setValue}
      />
      {error ? <ErrorMessage role="alert">{error}</ErrorMessage> : null}
      <FullWidth type="submit" disabled={submitting}>
        {submitting ? 'Checking…' : 'Verify'}
      </FullWidth>
      <ModeSwitch
        type="button"
        variant="ghost"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
          setError(null);
        }}
      >
        {useRecovery ? 'Use a code from your app' : 'Use a recovery code'}
      </ModeSwitch>
    </form>
  );
}

/** E-mail and password sign-in, then the code step when the account asks for one; shared by the shell and every remote's standalone page. */
export function SignInForm({ onSignedIn, initialError = null }: SignInFormProps) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const sso = useSsoFor(email);
  const [submitting, setSubmitting] = useState(false);
  const [codeStep, setCodeStep] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const user = await signIn({ email: email.trim(), password });
      if (user) onSignedIn?.();
      else setCodeStep(true);
    } catch (caught) {
      setError(failureMessage(caught, 'Invalid email or password'));
    } finally {
      setSubmitting(false);
    }
  }

  if (codeStep) {
    return (
      <TwoFactorStep
        onSignedIn={onSignedIn}
        onRestart={() => {
          setCodeStep(false);
          setPassword('');
          setError('The sign-in took too long. Enter your password again.');
        }}
      />
    );
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
        onValueChange={setEmail}
      />
      {sso ? (
        <SsoLink to={sso.start_url} reloadDocument variant={sso.sso_only ? 'primary' : 'secondary'}>
          Continue with {sso.name}
        </SsoLink>
      ) : null}
      {sso?.sso_only ? null : (
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
      )}
      {error ? <ErrorMessage role="alert">{error}</ErrorMessage> : null}
      {sso?.sso_only ? null : (
        <FullWidth type="submit" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </FullWidth>
      )}
    </form>
  );
}
