import { useAccess, useInstitution } from '@tessera/auth';
import { SUSPENDED_INSTITUTION_MESSAGE } from '@tessera/data-access/contracts';
import { EmptyState } from '@tessera/ui';
import type { ReactNode } from 'react';

/**
 * A suspended institution's members get a clear message instead of the workspace
 * (the API refuses its data with the same words). Super admins still see it, to reactivate it.
 */
export function SuspendedGate({ children }: { children: ReactNode }) {
  const { currentInstitution } = useInstitution();
  const { isSuperAdmin } = useAccess();
  if (currentInstitution?.status === 'suspended' && !isSuperAdmin) {
    return (
      <div role="alert">
        <EmptyState
          title={`${currentInstitution.name} is suspended`}
          description={SUSPENDED_INSTITUTION_MESSAGE}
        />
      </div>
    );
  }
  return <>{children}</>;
}
