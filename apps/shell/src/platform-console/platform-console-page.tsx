import { useAccess } from '@tessera/auth';
import { usePlans } from '@tessera/data-access/hooks';
import { EmptyState, PageHeader, Stack } from '@tessera/ui';
import { PlatformOutboxCard } from '../outbox/platform-outbox-card';
import { ErrorReportsCard } from './error-reports-card';
import { InstitutionsCard } from './institutions-card';
import { ModuleRegistryCard } from './module-registry-card';
import { RemoteRegistryCard } from './remote-registry-card';

/** The super admin console (docs/product/platform-console.md): institutions, plans, status, modules and remote versions. */
export function PlatformConsolePage() {
  const { isSuperAdmin, isLoading } = useAccess();
  const plans = usePlans(isSuperAdmin);
  return (
    <>
      <PageHeader
        title="Platform Console"
        description="Every institution on Tessera and the versions of each remote they load."
        breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Platform Console' }]}
      />
      {!isLoading && !isSuperAdmin ? (
        <EmptyState title="Super admins only" description="The platform console is for super admins only." />
      ) : null}
      {isSuperAdmin ? (
        <Stack>
          <InstitutionsCard plans={plans.data ?? []} />
          <RemoteRegistryCard />
          <ModuleRegistryCard />
          <PlatformOutboxCard />
          <ErrorReportsCard />
        </Stack>
      ) : null}
    </>
  );
}
