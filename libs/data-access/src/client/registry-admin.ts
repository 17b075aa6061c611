import type {
  CreatedDeployToken,
  DeployTokenSummary,
  RegisteredRemote,
  RegisterRemoteInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

const segment = encodeURIComponent;

/** Every registered remote with its modules and latest release (super admins; docs/module-teams.md). */
export function fetchRegisteredRemotes(signal?: AbortSignal): Promise<RegisteredRemote[]> {
  return apiFetch('/api/platform/registry', { signal });
}

export function registerRemote(input: RegisterRemoteInput): Promise<RegisteredRemote> {
  return apiFetch('/api/platform/remotes', { method: 'POST', body: input });
}

export function fetchDeployTokens(remote: string, signal?: AbortSignal): Promise<DeployTokenSummary[]> {
  return apiFetch(`/api/platform/remotes/${segment(remote)}/deploy-tokens`, { signal });
}

/** The answer holds the token itself: the only time it is shown. */
export function createDeployToken(remote: string, name: string): Promise<CreatedDeployToken> {
  return apiFetch(`/api/platform/remotes/${segment(remote)}/deploy-tokens`, {
    method: 'POST',
    body: { name },
  });
}

export function revokeDeployToken(remote: string, id: string): Promise<void> {
  return apiFetch(`/api/platform/remotes/${segment(remote)}/deploy-tokens/${segment(id)}`, {
    method: 'DELETE',
  });
}
