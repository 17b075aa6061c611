import { fetchModuleCatalogue } from '@tessera/data-access/client';
import type { ModuleCatalogueEntry, SubmoduleEntry } from '@tessera/data-access/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentInstitutionId } from './current-institution';
import { queryKeys } from './query-keys';

export function moduleCatalogueQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: queryKeys.moduleCatalogue(institutionId),
    queryFn: ({ signal }) => fetchModuleCatalogue(signal),
    staleTime: 60_000,
    retry: 1,
  });
}

export interface ModuleCatalogue {
  /** Every module of every registered remote, in catalogue order; empty until the first answer. */
  modules: readonly ModuleCatalogueEntry[];
  findModule(moduleId: string): ModuleCatalogueEntry | undefined;
  findSubmodule(moduleId: string, submoduleId: string): SubmoduleEntry | undefined;
  isPending: boolean;
  isError: boolean;
  refetch(): void;
}

const NO_MODULES: readonly ModuleCatalogueEntry[] = [];

/**
 * The module catalogue as the registry answers it (`GET /api/modules`): the sidebar, the quick
 * search, the module pages and every screen that names a module read it, so a module registered
 * on the running platform appears without a new shell.
 */
export function useModuleCatalogue(): ModuleCatalogue {
  const institutionId = useCurrentInstitutionId();
  const query = useQuery(moduleCatalogueQueryOptions(institutionId));
  const modules = query.data?.modules ?? NO_MODULES;
  const { refetch } = query;
  return useMemo(() => {
    const byId = new Map(modules.map((entry) => [entry.id, entry]));
    return {
      modules,
      findModule: (moduleId: string) => byId.get(moduleId),
      findSubmodule: (moduleId: string, submoduleId: string) =>
        byId.get(moduleId)?.submodules.find((sub) => sub.id === submoduleId),
      isPending: query.isPending,
      isError: query.isError,
      refetch: () => void refetch(),
    };
  }, [modules, query.isPending, query.isError, refetch]);
}
