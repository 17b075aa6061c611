import {
  createDeployToken,
  fetchDeployTokens,
  fetchRegisteredRemotes,
  registerRemote,
  revokeDeployToken,
} from '@tessera/data-access/client';
import type { RegisterRemoteInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const registryAdminKeys = {
  remotes: () => ['platform', 'registry'] as const,
  tokens: (remote: string) => ['platform', 'registry', remote, 'deploy-tokens'] as const,
};

export function registeredRemotesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: registryAdminKeys.remotes(),
    queryFn: ({ signal }) => fetchRegisteredRemotes(signal),
    enabled,
    retry: false,
  });
}

export function useRegisteredRemotes(enabled = true) {
  return useQuery(registeredRemotesQueryOptions(enabled));
}

/** A new remote changes the catalogue every screen reads, and the console's lists. */
export function useRegisterRemote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterRemoteInput) => registerRemote(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['platform'] });
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'module-catalogue' });
    },
  });
}

export function useDeployTokens(remote: string) {
  return useQuery({
    queryKey: registryAdminKeys.tokens(remote),
    queryFn: ({ signal }) => fetchDeployTokens(remote, signal),
    retry: false,
  });
}

export function useCreateDeployToken(remote: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createDeployToken(remote, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: registryAdminKeys.tokens(remote) }),
  });
}

export function useRevokeDeployToken(remote: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeDeployToken(remote, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: registryAdminKeys.tokens(remote) }),
  });
}
