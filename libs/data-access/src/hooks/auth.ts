import { changePassword, fetchAuthUser, updateProfile } from '@tessera/data-access/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/** docs/product/sign-in-and-sessions.md#the-user-and-the-display-name: the user is cached for 5 minutes. */
export const AUTH_USER_STALE_TIME = 5 * 60 * 1000;

export function authUserQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.authUser(),
    queryFn: ({ signal }) => fetchAuthUser(signal),
    staleTime: AUTH_USER_STALE_TIME,
    retry: false,
  });
}

export function useAuthUserQuery() {
  return useQuery(authUserQueryOptions());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.authUser(), user),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
