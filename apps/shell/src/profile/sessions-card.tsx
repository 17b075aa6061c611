import { useAuth } from '@tessera/auth';
import { timeAgo } from '@tessera/data-access/contracts';
import { useAuthSessions, useEndAuthSession, useEndOtherAuthSessions } from '@tessera/data-access/hooks';
import { Badge, Button, DataTable, Spinner, TitledCard, toast } from '@tessera/ui';
import styled from 'styled-components';

const Footer = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
`;

/** docs/product/sign-in-and-sessions.md#sessions: every browser signed in as you, and a way to end each. */
export function SessionsCard() {
  const { signOut } = useAuth();
  const sessions = useAuthSessions();
  const endOne = useEndAuthSession();
  const endOthers = useEndOtherAuthSessions();
  const rows = sessions.data ?? [];
  const others = rows.filter((session) => !session.current).length;

  function end(id: string, current: boolean, device: string) {
    endOne.mutate(id, {
      onSuccess: () => {
        if (current) void signOut();
        else toast({ title: 'Session ended', description: `${device} is signed out.` });
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to end the session.', variant: 'destructive' }),
    });
  }

  return (
    <TitledCard title="Where you're signed in" aria-label="Where you're signed in">
      {sessions.isPending ? (
        <Spinner label="Loading your sessions" />
      ) : sessions.isError ? (
        <p role="alert">Your sessions could not be loaded.</p>
      ) : (
        <DataTable
          label="Sessions"
          columns={['Device', 'Address', 'Signed in', 'Last used', '']}
          pinLastColumn
        >
          {rows.map((session) => (
            <tr key={session.id}>
              <td>
                {session.device} {session.current ? <Badge $tone="success">This browser</Badge> : null}
              </td>
              <td>{session.ip ?? '—'}</td>
              <td>{timeAgo(session.created_at)}</td>
              <td>{timeAgo(session.last_used_at)}</td>
              <td>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={endOne.isPending}
                  // The visible word first, then which session: the name must contain what is shown.
                  aria-label={
                    session.current ? `Sign out: ${session.device} (this browser)` : `End: ${session.device}`
                  }
                  onClick={() => end(session.id, session.current, session.device)}
                >
                  {session.current ? 'Sign out' : 'End'}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Footer>
        <Button
          variant="destructive"
          disabled={others === 0 || endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: (answer) =>
                toast({
                  title: 'Other sessions ended',
                  description: `${answer.ended} other ${answer.ended === 1 ? 'session was' : 'sessions were'} signed out.`,
                }),
              onError: () =>
                toast({
                  title: 'Error',
                  description: 'Failed to end your other sessions.',
                  variant: 'destructive',
                }),
            })
          }
        >
          End all other sessions
        </Button>
      </Footer>
    </TitledCard>
  );
}
