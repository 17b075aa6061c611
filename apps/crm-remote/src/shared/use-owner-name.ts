import { useMembers } from '@tessera/data-access/hooks';
import { useCallback, useMemo } from 'react';

/**
 * An owner by member name (docs/product/contacts.md#contacts-board): the institution's members
 * when the caller may list them, else "Another member" (an id is not something people read).
 */
export function useOwnerName(): (ownerId: string | null | undefined) => string {
  const members = useMembers();
  const names = useMemo(
    () => new Map((members.data ?? []).map((member) => [member.user_id, member.name || member.email])),
    [members.data],
  );
  return useCallback(
    (ownerId) => (ownerId ? (names.get(ownerId) ?? 'Another member') : 'Unassigned'),
    [names],
  );
}
