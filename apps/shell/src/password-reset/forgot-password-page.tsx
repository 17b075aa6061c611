import { useRequestPasswordReset } from '@tessera/data-access/hooks';
import { Button, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
import { AuthPanel } from '../shared/auth-panel';

const FullWidth = styled(Button)`
  width: 100%;
`;

/** A link on a line of its own: 24 px tall at least (WCAG 2.2 target size). */
const BackLink = styled(Link)`
  display: inline-block;
  min-height: 24px;
  line-height: 24px;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(4)};
`;

/** Asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  }

  if (request.isSuccess) {
    return (
      <AuthPanel title="Check your e-mail">
        <p role="status">{request.data.message}</p>
        <p>Nothing arrived after a few minutes? Check the spam folder, or ask again.</p>
        <Actions>
          <Button variant="secondary" onClick={() => request.reset()}>
            Ask again
          </Button>
          <BackLink to="/signin">Back to sign in</BackLink>
        </Actions>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title="Forgot your password?"
      intro="Enter the e-mail you sign in with. We will send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} aria-label="Reset your password">
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onValueChange={setEmail}
        />
        {request.isError ? (
          <p role="alert">
            {errorMessage(request.error, 'The link could not be requested. Please try again.')}
          </p>
        ) : null}
        <FullWidth type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send reset link'}
        </FullWidth>
      </form>
      <p>
        <BackLink to="/signin">Back to sign in</BackLink>
      </p>
    </AuthPanel>
  );
}
