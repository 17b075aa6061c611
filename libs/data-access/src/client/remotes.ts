import type { RemoteRegistry } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Where each remote's manifest is, for the selected institution (ARCHITECTURE: no URL in the shell). */
export function fetchRemoteRegistry(institutionId: string, signal?: AbortSignal): Promise<RemoteRegistry> {
  return apiFetch<RemoteRegistry>('/api/remotes', { institutionId, signal });
}
