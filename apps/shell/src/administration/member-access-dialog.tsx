import type { MemberSummary, StoredAccessLevel } from '@tessera/data-access/contracts';
import { useModuleCatalogue, useSetMemberModuleLevel } from '@tessera/data-access/hooks';
import { Dialog, Select, toast } from '@tessera/ui';
import styled from 'styled-components';
import { toastFailure } from '../shared/error-message';
import { DEFAULT_LEVEL, levelOptions } from './level-options';

const Rows = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  max-height: 60vh;
  overflow-y: auto;
`;

export interface MemberAccessDialogProps {
  member: MemberSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A member's level per enabled module (none, read, write, admin), or the role's default. */
export function MemberAccessDialog({ member, open, onOpenChange }: MemberAccessDialogProps) {
  const setLevel = useSetMemberModuleLevel();
  const { findModule } = useModuleCatalogue();
  const options = levelOptions(member.role);

  function change(moduleId: string, value: string) {
    const level = value === DEFAULT_LEVEL ? null : (value as StoredAccessLevel);
    const name = findModule(moduleId)?.name ?? moduleId;
    setLevel.mutate(
      { userId: member.user_id, moduleId, level },
      {
        onSuccess: () =>
          toast({
            title: 'Access updated',
            description: `${member.name} now has ${level ?? 'the role default'} access to ${name}.`,
          }),
        onError: (error) => toastFailure(error, 'Failed to change access.'),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Module access for ${member.name}`}
      description="Levels apply to this institution only. Role default follows the member's role."
    >
      <Rows>
        {Object.keys(member.levels).map((moduleId) => (
          <Select
            key={moduleId}
            label={findModule(moduleId)?.name ?? moduleId}
            value={
              member.explicit_modules.includes(moduleId)
                ? (member.levels[moduleId] ?? DEFAULT_LEVEL)
                : DEFAULT_LEVEL
            }
            options={options}
            disabled={setLevel.isPending}
            onValueChange={(value) => change(moduleId, value)}
          />
        ))}
      </Rows>
    </Dialog>
  );
}
