import { useAuth } from '@tessera/auth';
import { type AcceptedInvitation, newPasswordProblems } from '@tessera/data-access/contracts';
import { useInvitedSignUp } from '@tessera/data-access/hooks';
import { Button, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
import { NewPasswordFields } from '../shared/new-password-fields';

const Names = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
  > * { min-width: 0; }
  input { width: 100%; }
  @media (max-width: 420px) { grid-template-columns: 1fr; }
`;

const FullWidth = styled(Button)`
  width: 100%;
`;

export interface InvitedSignUpFormProps {
  token: string;
  email: string;
  onJoined: (invitation: AcceptedInvitation) => Promise<void>;
}

/** The account of the invited address: its e-mail is the invitation's, shown but not editable. */
const NAME_FIELDS = [
  { key: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name', autoComplete: 'family-name' },
] as const;

export function InvitedSignUpForm({ token, email, onJoined }: InvitedSignUpFormProps) {
  const { startSession } = useAuth();
  const signUp = useInvitedSignUp();
  const [fields, setFields] = useState({ first_name: '', last_name: '', password: '', confirmation: '' });
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const [localProblem] = newPasswordProblems(fields.password, fields.confirmation);
    if (localProblem) {
      setProblem(localProblem);
      return;
    }
    setProblem(null);
    try {
      const answer = await signUp.mutateAsync({
        token,
        first_name: fields.first_name.trim(),
        last_name: fields.last_name.trim(),
        password: fields.password,
      });
      startSession(answer);
      await onJoined(answer.invitation);
    } catch (failure) {
      setProblem(errorMessage(failure, 'Failed to create the account. Please try again.'));
    }
  }

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form onSubmit={onSubmit} aria-label="Create your account">
      <TextField label="Work e-mail" type="email" value={email} readOnly autoComplete="username" />
      <Names>
        {NAME_FIELDS.map(({ key, label, autoComplete }) => (
          <TextField
            key={key}
            label={label}
            autoComplete={autoComplete}
            required
            maxLength={80}
            value={fields[key]}
            onChange={set(key)}
          />
        ))}
      </Names>
      <NewPasswordFields
        label="Password"
        confirmationLabel="Confirm password"
        password={fields.password}
        confirmation={fields.confirmation}
        onPasswordChange={(password) => setFields((current) => ({ ...current, password }))}
        onConfirmationChange={(confirmation) => setFields((current) => ({ ...current, confirmation }))}
      />
      {problem ? <p role="alert">{problem}</p> : null}
      <FullWidth type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating your account…' : 'Create account and join'}
      </FullWidth>
    </form>
  );
}
