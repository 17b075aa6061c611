import type { ModuleCatalogueAnswer, RemoteRegistry } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Where each remote's manifest is, for the selected institution (ARCHITECTURE: no URL in the shell). */
export function fetchRemoteRegistry(institutionId: string, signal?: AbortSignal): Promise<RemoteRegistry> {
  return apiFetch<RemoteRegistry>('/api/remotes', { institutionId, signal });
}

/** Every module of every registered remote (names, categories, routes, submodules). */
export function fetchModuleCatalogue(signal?: AbortSignal): Promise<ModuleCatalogueAnswer> {
  return apiFetch<ModuleCatalogueAnswer>('/api/modules', { signal });
}
