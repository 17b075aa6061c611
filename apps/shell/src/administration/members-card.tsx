import { type InstitutionRole, type MemberSummary, roleLabel } from '@tessera/data-access/contracts';
import {
  useChangeMemberRole,
  useEndMemberSessions,
  useMembers,
  useRemoveMember,
} from '@tessera/data-access/hooks';
import { Button, Dialog, Select, toast, QueryCard, DataTable } from '@tessera/ui';
import styled from 'styled-components';
import { useState } from 'react';
import { errorMessage, toastFailure } from '../shared/error-message';
import { levelLabel, ROLE_OPTIONS } from './level-options';
import { MemberAccessDialog } from './member-access-dialog';

function accessSummary(member: MemberSummary): string {
  const explicit = member.explicit_modules.filter((moduleId) => member.levels[moduleId]);
  if (explicit.length === 0) return 'Role default';
  return explicit
    .map((moduleId) => `${moduleId}: ${levelLabel(member.levels[moduleId] ?? 'none')}`)
    .join(', ');
}

/** The members with their roles; change a role, set module levels, remove (never the last owner). */
// The two actions stack in a narrow table instead of running past its edge.
const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

export function MembersCard({ currentUserId }: { currentUserId: string | null }) {
  const members = useMembers();
  const changeRole = useChangeMemberRole();
  const removeMember = useRemoveMember();
  const endSessions = useEndMemberSessions();
  const [accessFor, setAccessFor] = useState<string | null>(null);
  const [removing, setRemoving] = useState<MemberSummary | null>(null);
  const accessMember = members.data?.find((member) => member.user_id === accessFor) ?? null;

  function onRoleChange(member: MemberSummary, role: InstitutionRole) {
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () =>
          toast({ title: 'Role changed', description: `${member.name} is now ${roleLabel(role)}.` }),
        onError: (error) => toastFailure(error, 'Failed to change the role.'),
      },
    );
  }

  function confirmRemove() {
    if (!removing) return;
    const member = removing;
    removeMember.mutate(
      { userId: member.user_id },
      {
        onSuccess: () =>
          toast({ title: 'Member removed', description: `${member.name} no longer belongs here.` }),
        onError: (error) => toastFailure(error, 'Failed to remove the member.'),
        onSettled: () => setRemoving(null),
      },
    );
  }

  return (
    <QueryCard
      title="Members"
      description="Roles set default module levels; set a level per module to override."
      query={members}
      loadingLabel="Loading members"
      errorTitle="Members could not be loaded"
      errorDescription={(error) => errorMessage(error, 'Please try again.')}
      retryLabel={null}
      footer={
        <>
          {accessMember ? (
            <MemberAccessDialog
              member={accessMember}
              open
              onOpenChange={(open) => (open ? null : setAccessFor(null))}
            />
          ) : null}
          <Dialog
            open={removing !== null}
            onOpenChange={(open) => (open ? null : setRemoving(null))}
            title={`Remove ${removing?.name ?? 'member'}?`}
            description="They lose access to this institution at once. Their records stay."
          >
            <Button variant="destructive" onClick={confirmRemove} disabled={removeMember.isPending}>
              Remove member
            </Button>{' '}
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
          </Dialog>
        </>
      }
    >
      {(data) => (
        <DataTable columns={['Name', 'E-mail', 'Role', 'Module access', 'Actions']}>
          {data.map((member) => (
            <tr key={member.user_id}>
              <td>
                {member.name}
                {member.user_id === currentUserId ? ' (you)' : ''}
              </td>
              <td style={{ overflowWrap: 'anywhere' }}>{member.email}</td>
              <td>
                <Select
                  label={`Role of ${member.name}`}
                  hideLabel
                  value={member.role}
                  options={ROLE_OPTIONS}
                  disabled={changeRole.isPending}
                  onValueChange={(role) => onRoleChange(member, role as InstitutionRole)}
                />
              </td>
              <td>{accessSummary(member)}</td>
              <td>
                <RowActions>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Module access for ${member.name}`}
                    onClick={() => setAccessFor(member.user_id)}
                  >
                    Module access
                  </Button>
                  {member.user_id === currentUserId ? null : (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Sign out everywhere: ${member.name}`}
                      disabled={endSessions.isPending}
                      onClick={() =>
                        endSessions.mutate(member.user_id, {
                          onSuccess: (answer) =>
                            toast({
                              title: 'Signed out everywhere',
                              description: `${member.name}: ${answer.ended} ${answer.ended === 1 ? 'session' : 'sessions'} ended.`,
                            }),
                          onError: (error) => toastFailure(error, 'Failed to end the sessions.'),
                        })
                      }
                    >
                      Sign out everywhere
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${member.name}`}
                    onClick={() => setRemoving(member)}
                  >
                    Remove
                  </Button>
                </RowActions>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryCard>
  );
}
