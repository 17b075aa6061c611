import {
  MODULE_CATEGORIES,
  type ModuleCategory,
  type RegisteredRemote,
} from '@tessera/data-access/contracts';
import {
  useCreateDeployToken,
  useDeployTokens,
  useRegisteredRemotes,
  useRegisterRemote,
  useRevokeDeployToken,
} from '@tessera/data-access/hooks';
import { Badge, Button, DataTable, FormGrid, QueryCard, Select, TextField, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../shared/error-message';
import { type RegistrationForm, registrationInput } from './registration-input';

const Section = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space(6)}; }
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
  form { margin-top: ${({ theme }) => theme.space(3)}; }
`;

const Secret = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  input { font-family: ${({ theme }) => theme.font.mono}; }
`;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

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
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to create the token.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <>
      {tokens.data && tokens.data.length > 0 ? (
        <DataTable columns={['Deploy token', 'Created by', 'Last used', '']}>
          {tokens.data.map((token) => (
            <tr key={token.id}>
              <td>{token.name}</td>
              <td>
                {token.created_by ?? '—'} · {when(token.created_at)}
              </td>
              <td>{when(token.last_used_at)}</td>
              <td>
                {token.revoked_at ? (
                  <Badge $tone="neutral">Revoked</Badge>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(token.id)}
                  >
                    Revoke {token.name}
                  </Button>
                )}
              </td>
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

const EMPTY_FORM: RegistrationForm = {
  key: '',
  name: '',
  moduleId: '',
  moduleName: '',
  category: 'Core Business',
  submodules: '',
};

function RegisterRemoteForm() {
  const register = useRegisterRemote();
  const [form, setForm] = useState<RegistrationForm>(EMPTY_FORM);
  const field = (key: keyof RegistrationForm) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    register.mutate(registrationInput(form), {
      onSuccess: (remote) => {
        toast({
          title: 'Remote registered',
          description: `${remote.name}: its build must be named ${remote.container}.`,
        });
        setForm(EMPTY_FORM);
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to register the remote.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Section aria-label="Register a remote">
      <h4>Register a remote</h4>
      <form onSubmit={onSubmit}>
        <FormGrid>
          <TextField
            label="Remote key"
            value={form.key}
            onValueChange={field('key')}
            placeholder="billing"
            required
          />
          <TextField
            label="Remote name"
            value={form.name}
            onValueChange={field('name')}
            placeholder="Billing"
            required
          />
          <TextField
            label="Module id"
            value={form.moduleId}
            onValueChange={field('moduleId')}
            placeholder="the key"
          />
          <TextField
            label="Module name"
            value={form.moduleName}
            onValueChange={field('moduleName')}
            placeholder="the remote name"
          />
          <Select
            label="Module category"
            value={form.category}
            options={MODULE_CATEGORIES.map((category) => ({ value: category, label: category }))}
            onValueChange={(value) =>
              setForm((current) => ({ ...current, category: value as ModuleCategory }))
            }
          />
          <TextField
            label="Submodules (comma-separated)"
            value={form.submodules}
            onValueChange={field('submodules')}
            placeholder="Invoices, Payments"
          />
        </FormGrid>
        <Button type="submit" disabled={register.isPending}>
          Register remote
        </Button>
      </form>
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
          <RegisterRemoteForm />
        </>
      )}
    </QueryCard>
  );
}
