import { useAuth } from '@tessera/auth';
import { isApiError } from '@tessera/data-access/client';
import { displayName, initials } from '@tessera/data-access/contracts';
import { useChangePassword, useUpdateProfile } from '@tessera/data-access/hooks';
import { Avatar, Button, PageHeader, PasswordField, TextField, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';
import { MailboxesCard } from './mailboxes-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  grid-template-columns: repeat(auto-fit, minmax(300px, 1fr));
  align-items: start;
`;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

function ProfileForm() {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [avatarUrl, setAvatarUrl] = useState('');

  useEffect(() => {
    setFirstName(user?.user_metadata.first_name ?? '');
    setLastName(user?.user_metadata.last_name ?? '');
    setAvatarUrl(user?.user_metadata.avatar_url ?? '');
  }, [user]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      {
        first_name: firstName.trim() || null,
        last_name: lastName.trim() || null,
        avatar_url: avatarUrl.trim() || null,
      },
      {
        onSuccess: () => toast({ title: 'Profile updated', description: 'Your name and picture are saved.' }),
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update your profile.', variant: 'destructive' }),
      },
    );
  }

  const name = displayName(user);
  return (
    <TitledCard title="Personal information" aria-label="Personal information">
      <Identity>
        <Avatar name={name} initials={initials(name)} src={user?.user_metadata.avatar_url} size={48} />
        <div>
          <strong>{name}</strong>
          <p>{user?.email}</p>
        </div>
      </Identity>
      <form onSubmit={onSubmit}>
        <TextField
          label="First name"
          value={firstName}
          autoComplete="given-name"
          onChange={(e) => setFirstName(e.target.value)}
        />
        <TextField
          label="Last name"
          value={lastName}
          autoComplete="family-name"
          onChange={(e) => setLastName(e.target.value)}
        />
        <TextField
          label="Avatar URL"
          type="url"
          placeholder="https://example.com/me.png"
          value={avatarUrl}
          onChange={(e) => setAvatarUrl(e.target.value)}
        />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </form>
    </TitledCard>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          toast({ title: 'Password changed', description: 'Use your new password next time you sign in.' });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description:
              isApiError(error) && error.status === 400
                ? 'The current password is wrong or the new one is too weak.'
                : 'Failed to change your password.',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <TitledCard title="Change password" aria-label="Change password">
      <form onSubmit={onSubmit}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          minLength={8}
          value={next}
          onValueChange={setNext}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </TitledCard>
  );
}

export function ProfilePage() {
  return (
    <>
      <PageHeader
        title="Profile"
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Profile' }]}
      />
      <Columns>
        <ProfileForm />
        <PasswordForm />
        <TwoFactorCard />
        <MailboxesCard />
      </Columns>
      <SessionsCard />
    </>
  );
}
