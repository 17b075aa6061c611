import {
  confirmTwoFactor,
  disableTwoFactor,
  endAuthSession,
  endOtherAuthSessions,
  fetchAuthSessions,
  fetchTwoFactorStatus,
  setUpTwoFactor,
} from '@tessera/data-access/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export function authSessionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.authSessions(),
    queryFn: ({ signal }) => fetchAuthSessions(signal),
  });
}

export function useAuthSessions() {
  return useQuery(authSessionsQueryOptions());
}

export function useEndAuthSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAuthSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.authSessions() }),
  });
}

export function useEndOtherAuthSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherAuthSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.authSessions() }),
  });
}

export function twoFactorQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.twoFactor(),
    queryFn: ({ signal }) => fetchTwoFactorStatus(signal),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions());
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

/** Turning two-factor on or off changes what every institution lets the person reach: access is read again. */
function useTwoFactorChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor() });
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'me-access' });
    },
  });
}

export function useConfirmTwoFactor() {
  return useTwoFactorChange(confirmTwoFactor);
}

export function useDisableTwoFactor() {
  return useTwoFactorChange(disableTwoFactor);
}
