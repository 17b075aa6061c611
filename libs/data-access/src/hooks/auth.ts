import { apiFetch } from '@tessera/data-access/client';
import type {
  AuthUser,
  PasswordChange,
  ProfileUpdate,
  SessionResponse,
  SignInRequest,
} from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@tessera/data-access/client';
import { queryKeys } from './query-keys';

/** docs/product/sign-in-and-sessions.md#the-user-and-the-display-name: the user is cached for 5 minutes. */
export const AUTH_USER_STALE_TIME = 5 * 60 * 1000;

/** The signed-in user, or null when nobody is (a 401 is an answer here, not an error). */
export async function fetchAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    return await apiFetch<AuthUser>('/api/auth/user', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function signIn(credentials: SignInRequest): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/auth/sign-in', { method: 'POST', body: credentials });
}

export function signOut(): Promise<void> {
  return apiFetch<void>('/api/auth/sign-out', { method: 'POST' });
}

export function updateProfile(update: ProfileUpdate): Promise<AuthUser> {
  return apiFetch<AuthUser>('/api/auth/user', { method: 'PATCH', body: update });
}

export function changePassword(change: PasswordChange): Promise<void> {
  return apiFetch<void>('/api/auth/password', { method: 'POST', body: change });
}

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
