import { useAccess, useInstitution } from '@tessera/auth';
import { grantableApiKeyScopes } from '@tessera/data-access/contracts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '@tessera/data-access/hooks';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  PageHeader,
  QueryView,
  Stack,
  TextField,
  TitledCard,
  toast,
} from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../shared/error-message';
import { CheckboxChoices } from './checkbox-choices';
import { SecretOnce } from './secret-once';
import { useAdministers } from './use-administers';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

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
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'The key could not be created.'),
            variant: 'destructive',
          }),
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
    <QueryView
      query={keys}
      loadingLabel="Loading API keys"
      errorTitle="API keys could not be loaded"
      errorDescription={(error) => errorMessage(error, 'Please try again.')}
      retryLabel={null}
    >
      {(list) =>
        list.length === 0 ? (
          <EmptyState
            title="No API keys yet"
            description="Create one above to reach Tessera from another system."
          />
        ) : (
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
                  <td>
                    {key.created_by ?? '—'} · {when(key.created_at)}
                  </td>
                  <td>{when(key.last_used_at)}</td>
                  <td>{key.expires_at ? when(key.expires_at) : 'never'}</td>
                  <td>
                    {key.revoked_at ? (
                      <Badge $tone="neutral">Revoked</Badge>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(key.id)}
                      >
                        Revoke {key.name}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          </TitledCard>
        )
      }
    </QueryView>
  );
}

/** The institution's API keys, for its owners and admins (docs/api.md). */
export function ApiKeysPage() {
  const { currentInstitution } = useInstitution();
  const allowed = useAdministers();
  return (
    <>
      <PageHeader
        title="API Keys"
        description={
          currentInstitution ? `Keys other systems use to work in ${currentInstitution.name}` : undefined
        }
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Administration', to: '/administration' },
          { label: 'API Keys' },
        ]}
        actions={allowed ? <Link to="/administration/webhooks">Webhooks</Link> : undefined}
      />
      {allowed ? (
        <Stack>
          <NewApiKeyForm />
          <ApiKeysList />
        </Stack>
      ) : (
        <EmptyState
          title="Administrators only"
          description="Only the institution’s owners and admins can manage API keys."
        />
      )}
    </>
  );
}
