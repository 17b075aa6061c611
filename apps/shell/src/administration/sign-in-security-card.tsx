import type {
  AdministrationOverview,
  InstitutionRole,
  SsoSettingsInput,
} from '@tessera/data-access/contracts';
import {
  useRemoveSsoSettings,
  useSaveSsoSettings,
  useSetTwoFactorRequirement,
  useSsoSettings,
} from '@tessera/data-access/hooks';
import { Button, Select, Switch, TextField, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';
import { toastFailure } from '../shared/error-message';

const Row = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  overflow-wrap: anywhere;
`;

const JIT_ROLES = [
  { value: 'member', label: 'Member' },
  { value: 'viewer', label: 'Viewer' },
  { value: 'admin', label: 'Admin' },
];

const EMPTY: SsoSettingsInput = {
  name: '',
  issuer_url: '',
  client_id: '',
  domains: [],
  jit_enabled: false,
  jit_role: 'member',
  sso_only: false,
};

function failed(description: string) {
  return (error: unknown) => toastFailure(error, description);
}

function TwoFactorRequirement({ required }: { required: boolean }) {
  const change = useSetTwoFactorRequirement();
  return (
    <Row as="div">
      <Switch
        label="Require two-factor sign-in"
        checked={required}
        disabled={change.isPending}
        onCheckedChange={(next) =>
          change.mutate(next, {
            onSuccess: () =>
              toast({
                title: next ? 'Two-factor sign-in required' : 'Two-factor sign-in optional',
                description: next
                  ? 'Members without it are sent to their profile to turn it on.'
                  : 'Members choose for themselves.',
              }),
            onError: failed('Failed to change the requirement.'),
          })
        }
      />
      <span>Require two-factor sign-in for every member</span>
    </Row>
  );
}

/** docs/product/sign-in-and-sessions.md#single-sign-on: the provider, its domains, who may join through it. */
function SingleSignOn() {
  const settings = useSsoSettings();
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const [form, setForm] = useState<SsoSettingsInput>(EMPTY);
  const [domains, setDomains] = useState('');
  const [secret, setSecret] = useState('');
  const stored = settings.data?.sso ?? null;

  useEffect(() => {
    if (!stored) return;
    setForm({ ...stored });
    setDomains(stored.domains.join(', '));
  }, [stored]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input: SsoSettingsInput = {
      ...form,
      domains: domains.split(/[\s,]+/).filter(Boolean),
      ...(secret ? { client_secret: secret } : {}),
    };
    save.mutate(input, {
      onSuccess: () => {
        setSecret('');
        toast({
          title: 'Single sign-on saved',
          description: `People of ${input.domains.join(', ')} can continue with ${input.name}.`,
        });
      },
      onError: failed('Failed to save single sign-on.'),
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Single sign-on">
      <Muted>
        Redirect URI to register with your provider: <code>{settings.data?.redirect_uri ?? '…'}</code>
      </Muted>
      <TextField
        label="Button name"
        placeholder="Acme Login"
        required
        value={form.name}
        onValueChange={(name) => setForm({ ...form, name })}
      />
      <TextField
        label="Issuer URL"
        type="url"
        placeholder="https://login.example.com"
        required
        value={form.issuer_url}
        onValueChange={(issuer_url) => setForm({ ...form, issuer_url })}
      />
      <TextField
        label="Client ID"
        required
        value={form.client_id}
        onValueChange={(client_id) => setForm({ ...form, client_id })}
      />
      <TextField
        type="password"
        label={stored ? 'Client secret (leave empty to keep the stored one)' : 'Client secret'}
        autoComplete="off"
        required={!stored}
        value={secret}
        onValueChange={setSecret}
      />
      <TextField
        label="E-mail domains"
        placeholder="example.com, example.org"
        required
        value={domains}
        onValueChange={setDomains}
      />
      <Row as="div">
        <Switch
          label="Let anyone of these domains join"
          checked={form.jit_enabled}
          onCheckedChange={(jit_enabled) => setForm({ ...form, jit_enabled })}
        />
        <span>Let anyone of these domains join on their first sign-in</span>
      </Row>
      <Select
        label="Role of people who join this way"
        value={form.jit_role}
        options={JIT_ROLES}
        onValueChange={(role) => setForm({ ...form, jit_role: role as InstitutionRole })}
      />
      <Row as="div">
        <Switch
          label="Only single sign-on"
          checked={form.sso_only}
          onCheckedChange={(sso_only) => setForm({ ...form, sso_only })}
        />
        <span>Refuse passwords for these domains</span>
      </Row>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Checking the provider…' : 'Save single sign-on'}
      </Button>{' '}
      {stored ? (
        <Button
          type="button"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setForm(EMPTY);
                setDomains('');
                toast({
                  title: 'Single sign-on removed',
                  description: 'People sign in with their passwords again.',
                });
              },
              onError: failed('Failed to remove single sign-on.'),
            })
          }
        >
          Remove single sign-on
        </Button>
      ) : null}
    </form>
  );
}

/** Owners decide how their members sign in: two-factor for everyone, and single sign-on. */
export function SignInSecurityCard({ overview }: { overview: AdministrationOverview }) {
  const owner = overview.caller_role === 'owner' || overview.caller_role === 'super_admin';
  if (!owner) return null;
  return (
    <TitledCard title="Sign-in security" aria-label="Sign-in security">
      <TwoFactorRequirement required={overview.require_two_factor} />
      <SingleSignOn />
    </TitledCard>
  );
}
