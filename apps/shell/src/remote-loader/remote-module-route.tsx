import { useAccess, useInstitution } from '@tessera/auth';
import type { RemoteModuleProps } from '@tessera/data-access/contracts';
import {
  useCurrentInstitutionId,
  useModuleCatalogue,
  useRecordRecentModule,
  useRemoteRegistry,
} from '@tessera/data-access/hooks';
import { EmptyState, PageHeader, PageTrail, Spinner } from '@tessera/ui';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { NotFoundPage } from '../not-found/not-found-page';
import { useRemoteOverrides } from './use-remote-overrides';
import { loadRemoteModule } from './load-remote-module';
import { ModuleErrorBoundary } from './module-error-boundary';
import { ModuleUnavailable } from './module-unavailable';
import { resolveRemoteTarget } from './remote-target';

/**
 * `/modules/:moduleId/*`: asks the registry which remote serves the module, loads its exposed
 * component at run time and renders it with `{ moduleId, basePath }`. Any failure (registry,
 * manifest, script, render) shows "Module unavailable" with Retry.
 */
export function RemoteModuleRoute() {
  const { moduleId = '' } = useParams();
  const catalogue = useModuleCatalogue();
  const module = catalogue.findModule(moduleId);
  const { currentInstitution } = useInstitution();
  const { canSeeModule, isLoading: accessLoading, isSuperAdmin } = useAccess();
  const overrides = useRemoteOverrides(isSuperAdmin);
  const institutionId = useCurrentInstitutionId();
  const registry = useRemoteRegistry();
  const recordVisit = useRecordRecentModule();
  const [attempt, setAttempt] = useState(0);

  const visible = module ? canSeeModule(module.id) : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one visit per module opened, not per render of the mutation
  useEffect(() => {
    if (module && visible && institutionId) recordVisit.mutate(module.id);
  }, [module?.id, visible, institutionId]);

  const target = useMemo(
    () =>
      registry.data && module
        ? resolveRemoteTarget(registry.data, module.id, window.location.href, overrides)
        : null,
    [registry.data, module, overrides],
  );

  const RemoteComponent = useMemo<ComponentType<RemoteModuleProps> | null>(() => {
    if (!target) return null;
    return lazy(async () => ({
      default: await loadRemoteModule(target, { force: attempt > 0, institutionId }),
    }));
  }, [target, attempt, institutionId]);

  if (!module) {
    if (catalogue.isPending) return <Spinner label="Loading modules" block />;
    return <NotFoundPage />;
  }
  const retry = () => {
    setAttempt((value) => value + 1);
    if (registry.isError) void registry.refetch();
  };
  const unavailable = <ModuleUnavailable moduleName={module.name} onRetry={retry} />;

  // Until the remote shows its own breadcrumb, the header already names the module.
  const loading = (
    <>
      <PageTrail crumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: module.name }]} />
      <Spinner label={`Loading ${module.name}`} block />
    </>
  );
  if (registry.isError) return unavailable;
  if (registry.isPending || accessLoading) return loading;
  if (!target || !RemoteComponent) {
    return (
      <>
        <PageHeader
          title={module.name}
          breadcrumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: module.name }]}
        />
        <EmptyState
          title={`${module.name} is not available to you`}
          description={`${currentInstitution?.name ?? 'This institution'} does not include ${module.name}, or your role does not give access to it.`}
          action={<Link to="/subscription/upgrade">See plans</Link>}
        />
      </>
    );
  }
  const basePath = `/modules/${module.id}`;
  return (
    <ModuleErrorBoundary key={`${module.id}-${attempt}`} moduleId={module.id} fallback={unavailable}>
      <Suspense fallback={loading}>
        <RemoteComponent moduleId={module.id} basePath={basePath} />
      </Suspense>
    </ModuleErrorBoundary>
  );
}
