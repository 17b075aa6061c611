import { useAuth } from '@tessera/auth';
import {
  newPasswordProblems,
  PASSWORD_RESET_LINK_MESSAGES,
  tokenFromFragment,
} from '@tessera/data-access/contracts';
import { useConfirmPasswordReset } from '@tessera/data-access/hooks';
import { Button } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
import { AuthPanel } from '../shared/auth-panel';
import { NewPasswordFields } from '../shared/new-password-fields';

const FullWidth = styled(Button)`
  width: 100%;
`;

/** Where a reset e-mail's link lands: a new password, then sign-in (every session has ended). */
export function ResetPasswordPage() {
  const location = useLocation();
  const token = tokenFromFragment(location.hash);
  const { user, signOut } = useAuth();
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthPanel title="Reset link incomplete">
        <p role="alert">{PASSWORD_RESET_LINK_MESSAGES.invalid}</p>
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      </AuthPanel>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthPanel title="Password changed">
        <p role="status">{confirm.data.message}</p>
        <p>
          <Link to="/signin">Sign in</Link>
        </p>
      </AuthPanel>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const [localProblem] = newPasswordProblems(password, confirmation);
    setProblem(localProblem ?? null);
    if (localProblem || !token) return;
    try {
      await confirm.mutateAsync({ token, password });
      // The server ended every session of the account, this browser's included.
      if (user) await signOut().catch(() => undefined);
    } catch (failure) {
      setProblem(errorMessage(failure, 'The password could not be changed. Please try again.'));
    }
  }

  return (
    <AuthPanel
      title="Choose a new password"
      intro="Choosing a new password signs this account out everywhere; then sign in with the new one."
    >
      <form onSubmit={(event) => void onSubmit(event)} aria-label="Choose a new password">
        <NewPasswordFields
          label="New password"
          confirmationLabel="Confirm new password"
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
        />
        {problem ? <p role="alert">{problem}</p> : null}
        <FullWidth type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving…' : 'Set new password'}
        </FullWidth>
      </form>
      {problem && confirm.isError ? (
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      ) : null}
    </AuthPanel>
  );
}
