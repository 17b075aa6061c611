import type { RegisteredRemote } from '@tessera/data-access/contracts';
import {
  useCreateDeployToken,
  useDeployTokens,
  useRegisteredRemotes,
  useRevokeDeployToken,
} from '@tessera/data-access/hooks';
import { Badge, Button, DataTable, QueryCard, TextField } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, toastFailure } from '../shared/error-message';
import { RegisterRemoteForm } from './register-remote-form';
import { CreatedCell, credentialTime, RevokeCell } from '../shared/credential-cells';

const Section = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space(6)}; }
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
  form { margin-top: ${({ theme }) => theme.space(3)}; }
`;

const Secret = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  input { font-family: ${({ theme }) => theme.font.mono}; }
`;

function DeployTokens({ remote }: { remote: string }) {
  const tokens = useDeployTokens(remote);
  const create = useCreateDeployToken(remote);
  const revoke = useRevokeDeployToken(remote);
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);

  function onCreate(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setShown(created.token);
        setName('');
      },
      onError: (error) => toastFailure(error, 'Failed to create the token.'),
    });
  }

  return (
    <>
      {tokens.data && tokens.data.length > 0 ? (
        <DataTable columns={['Deploy token', 'Created by', 'Last used', '']}>
          {tokens.data.map((token) => (
            <tr key={token.id}>
              <td>{token.name}</td>
              <CreatedCell by={token.created_by} at={token.created_at} />
              <td>{credentialTime(token.last_used_at)}</td>
              <RevokeCell
                name={token.name}
                revokedAt={token.revoked_at}
                revoking={revoke.isPending}
                onRevoke={() => revoke.mutate(token.id)}
              />
            </tr>
          ))}
        </DataTable>
      ) : null}
      <form onSubmit={onCreate} aria-label={`New deploy token for ${remote}`}>
        <TextField
          label={`Token name for ${remote}`}
          value={name}
          onValueChange={setName}
          placeholder="billing CI"
          required
          maxLength={120}
        />
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
          Create deploy token
        </Button>
      </form>
      {shown ? (
        <Secret role="status">
          <TextField label={`Deploy token for ${remote} (shown once: copy it now)`} value={shown} readOnly />
        </Secret>
      ) : null}
    </>
  );
}

function RegisteredRemoteSection({ remote }: { remote: RegisteredRemote }) {
  return (
    <Section aria-label={`Registered remote ${remote.key}`}>
      <h4>
        {remote.name}{' '}
        <small>
          ({remote.key} · {remote.container})
        </small>{' '}
        {remote.built_in ? <Badge $tone="neutral">Built in</Badge> : null}
      </h4>
      <p>
        Modules: {remote.modules.map((module) => module.name).join(', ') || 'none'}. Latest release:{' '}
        {remote.latest ?? 'none published'}.
      </p>
      <DeployTokens remote={remote.key} />
    </Section>
  );
}

/** Module teams' remotes (docs/module-teams.md): register one, give its CI a deploy token, revoke it. */
export function ModuleRegistryCard() {
  const remotes = useRegisteredRemotes();
  return (
    <QueryCard
      title="Module registry"
      description="Register a module team's remote and give its CI a deploy token to publish releases."
      query={remotes}
      loadingLabel="Loading the registry"
      errorTitle="The registry could not be loaded"
      errorDescription={(error) => errorMessage(error, '')}
      retryLabel={null}
    >
      {(registered) => (
        <>
          {registered.map((remote) => (
            <RegisteredRemoteSection key={remote.key} remote={remote} />
          ))}
          <Section aria-label="Register a remote">
            <h4>Register a remote</h4>
            <RegisterRemoteForm />
          </Section>
        </>
      )}
    </QueryCard>
  );
}
