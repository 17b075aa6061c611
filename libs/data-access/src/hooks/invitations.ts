import { acceptInvitation, lookupInvitation, signUpInvited } from '@tessera/data-access/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export const invitationKeys = {
  lookup: (token: string) => ['invitations', 'lookup', token] as const,
};

export function invitationLookupQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: invitationKeys.lookup(token ?? 'none'),
    queryFn: ({ signal }) => lookupInvitation(token as string, signal),
    enabled: Boolean(token),
    // A refused link stays refused; asking again only repeats the message.
    retry: false,
    staleTime: 60_000,
  });
}

export function useInvitationLookup(token: string | null) {
  return useQuery(invitationLookupQueryOptions(token));
}

/** After joining, the institution list must include the new institution before it is selected. */
export function useInvitedSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpInvited,
    onSuccess: async (_answer, { token }) => {
      queryClient.removeQueries({ queryKey: invitationKeys.lookup(token) });
    },
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (_answer, token) => {
      queryClient.removeQueries({ queryKey: invitationKeys.lookup(token) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.institutions() });
    },
  });
}
