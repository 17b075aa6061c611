import { useAccess, useInstitution } from '@tessera/auth';
import { useRenameInstitution } from '@tessera/data-access/hooks';
import { Button, toast, PageHeader, Stack, Switch, TextField, TitledCard, useThemeMode } from '@tessera/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAdministers } from '../shared/use-administers';

const SwitchRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

function InstitutionSettings({ isAdmin }: { isAdmin: boolean }) {
  const { currentInstitution } = useInstitution();
  const rename = useRenameInstitution();
  const [name, setName] = useState('');
  useEffect(() => setName(currentInstitution?.name ?? ''), [currentInstitution]);
  if (!currentInstitution) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!currentInstitution || !name.trim()) return;
    rename.mutate(
      { institutionId: currentInstitution.id, name: name.trim() },
      {
        onSuccess: () =>
          toast({
            title: 'Institution updated',
            description: `The institution is now called ${name.trim()}.`,
          }),
        onError: () =>
          toast({ title: 'Error', description: 'Failed to rename the institution.', variant: 'destructive' }),
      },
    );
  }

  return (
    <TitledCard
      title="Institution"
      aria-label="Institution"
      description={
        isAdmin
          ? 'The name everyone in the institution sees.'
          : 'Only owners and administrators can rename it.'
      }
    >
      <form onSubmit={onSubmit}>
        <TextField
          label="Institution name"
          value={name}
          readOnly={!isAdmin}
          required
          onValueChange={setName}
        />
        {isAdmin ? (
          <Button type="submit" disabled={rename.isPending || name.trim() === currentInstitution.name}>
            {rename.isPending ? 'Saving…' : 'Save name'}
          </Button>
        ) : null}
      </form>
    </TitledCard>
  );
}

export function SettingsPage() {
  const { mode, setMode } = useThemeMode();
  const { isSuperAdmin } = useAccess();
  const isAdmin = useAdministers();

  return (
    <>
      <PageHeader
        title="Settings"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Settings' }]}
      />
      <Stack $maxWidth="720px">
        <InstitutionSettings isAdmin={isAdmin} />
        <TitledCard title="Appearance" aria-label="Appearance" description="Applies to this browser.">
          <SwitchRow>
            <Switch
              checked={mode === 'dark'}
              onCheckedChange={(dark) => setMode(dark ? 'dark' : 'light')}
              label="Dark theme"
              id="dark-theme"
            />
            <label htmlFor="dark-theme">Dark theme</label>
          </SwitchRow>
        </TitledCard>
        {isAdmin ? (
          <TitledCard
            title="Administration"
            aria-label="Administration"
            description="Members, module access and the API of this workspace."
          >
            <p>
              <Link to="/administration">Open administration</Link> (modules, members, invitations, audit log)
            </p>
            {isSuperAdmin ? (
              <p>
                <Link to="/platform">Open the platform console</Link>
              </p>
            ) : null}
            <a href="/api/docs" target="_blank" rel="noreferrer">
              Open the administration API reference
            </a>
          </TitledCard>
        ) : null}
      </Stack>
    </>
  );
}
