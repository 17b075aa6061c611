import { useAccess, useInstitution } from '@tessera/auth';

/** Owners and admins of the current institution (and super admins) administer it: its members, outbox, integrations and plan. */
export function useAdministers(): boolean {
  const { currentInstitution } = useInstitution();
  const { isSuperAdmin } = useAccess();
  return isSuperAdmin || currentInstitution?.userRole === 'owner' || currentInstitution?.userRole === 'admin';
}
