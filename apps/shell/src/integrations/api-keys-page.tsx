import { useAccess } from '@tessera/auth';
import { grantableApiKeyScopes } from '@tessera/data-access/contracts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@tessera/data-access/hooks';
import { Button, DataTable, EmptyState, TextField, TitledCard } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { CheckboxChoices } from './checkbox-choices';
import { toastFailure } from '../shared/error-message';
import { IntegrationsList, IntegrationsPageFrame } from './integrations-page-frame';
import { SecretOnce } from './secret-once';
import { CreatedCell, credentialTime, RevokeCell } from '../shared/credential-cells';

function NewApiKeyForm() {
  const { access } = useAccess();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null);
  const grantable = grantableApiKeyScopes(access.access_control, true);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        scopes,
        ...(expires ? { expires_at: new Date(`${expires}T23:59:59`).toISOString() } : {}),
      },
      {
        onSuccess: (created) => {
          setSecret({ name: created.name, value: created.secret });
          setName('');
          setScopes([]);
          setExpires('');
        },
        onError: (error) => toastFailure(error, 'The key could not be created.'),
      },
    );
  }

  return (
    <TitledCard
      title="New API key"
      description="A key acts for this institution within its scopes, never beyond your own access."
    >
      <form onSubmit={onSubmit} aria-label="New API key">
        <TextField
          label="Key name"
          value={name}
          onValueChange={setName}
          placeholder="Website lead form"
          required
          maxLength={100}
        />
        <CheckboxChoices legend="Scopes" options={grantable} chosen={scopes} onChange={setScopes} />
        <TextField label="Expires on (optional)" type="date" value={expires} onValueChange={setExpires} />
        <Button type="submit" disabled={create.isPending || name.trim() === '' || scopes.length === 0}>
          Create API key
        </Button>
      </form>
      {secret ? (
        <SecretOnce label={`API key ${secret.name} (shown once: copy it now)`} secret={secret.value} />
      ) : null}
    </TitledCard>
  );
}

function ApiKeysList() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  return (
    <IntegrationsList
      query={keys}
      noun="API keys"
      empty={
        <EmptyState
          title="No API keys yet"
          description="Create one above to reach Tessera from another system."
        />
      }
    >
      {(list) => (
        <TitledCard title="API keys" aria-label="API keys">
          <DataTable
            label="API keys"
            columns={['Name', 'Key', 'Scopes', 'Created by', 'Last used', 'Expires', '']}
          >
            {list.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{key.scopes.join(', ')}</td>
                <CreatedCell by={key.created_by} at={key.created_at} />
                <td>{credentialTime(key.last_used_at)}</td>
                <td>{credentialTime(key.expires_at)}</td>
                <RevokeCell
                  name={key.name}
                  revokedAt={key.revoked_at}
                  revoking={revoke.isPending}
                  onRevoke={() => revoke.mutate(key.id)}
                />
              </tr>
            ))}
          </DataTable>
        </TitledCard>
      )}
    </IntegrationsList>
  );
}

/** The institution's API keys, for its owners and admins (docs/api.md). */
export function ApiKeysPage() {
  return (
    <IntegrationsPageFrame
      title="API Keys"
      describe={(institution) => `Keys other systems use to work in ${institution.name}`}
    >
      <NewApiKeyForm />
      <ApiKeysList />
    </IntegrationsPageFrame>
  );
}
