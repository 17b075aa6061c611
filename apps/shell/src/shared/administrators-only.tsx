import { EmptyState } from '@tessera/ui';
import type { ReactNode } from 'react';

/**
 * A page's content for those who administer the institution (useAdministers); anyone else is told who
 * may, and what they could do there (`read its outbox`).
 */
export function AdministratorsOnly({
  allowed,
  can,
  children,
}: {
  allowed: boolean;
  can: string;
  children: ReactNode;
}) {
  if (!allowed)
    return (
      <EmptyState
        title="Administrators only"
        description={`Only the institution’s owners and admins can ${can}.`}
      />
    );
  return <>{children}</>;
}
