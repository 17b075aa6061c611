import { shortId } from '@tessera/data-access/contracts';
import { useMembers } from '@tessera/data-access/hooks';
import { useCallback, useMemo } from 'react';

/**
 * An owner by member name (docs/product/contacts.md#contacts-board): the institution's members
 * when the caller may list them, else the id's first 8 characters as the spec shows ids.
 */
export function useOwnerName(): (ownerId: string | null | undefined) => string {
  const members = useMembers();
  const names = useMemo(
    () => new Map((members.data ?? []).map((member) => [member.user_id, member.name || member.email])),
    [members.data],
  );
  return useCallback(
    (ownerId) => (ownerId ? (names.get(ownerId) ?? shortId(ownerId)) : 'Unassigned'),
    [names],
  );
}
