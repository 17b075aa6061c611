import {
  confirmTwoFactor,
  disableTwoFactor,
  endMemberSessions,
  fetchSsoSettings,
  removeSsoSettings,
  saveSsoSettings,
  setTwoFactorRequirement,
  endAuthSession,
  endOtherAuthSessions,
  fetchAuthSessions,
  fetchTwoFactorStatus,
  setUpTwoFactor,
} from '@tessera/data-access/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SsoSettingsInput } from '@tessera/data-access/contracts';
import { administrationKeys, useInstitutionWrite } from './administration';
import { useCurrentInstitutionId } from './current-institution';
import { queryKeys, scopeKey } from './query-keys';

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

export const ssoKeys = {
  settings: (institutionId: string | null) => [scopeKey(institutionId), 'administration', 'sso'] as const,
};

export function ssoSettingsQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: ssoKeys.settings(institutionId),
    queryFn: ({ signal }) => fetchSsoSettings(institutionId as string, signal),
    enabled: enabled && Boolean(institutionId),
    retry: false,
  });
}

/** `enabled` false (not an owner) asks nothing. */
export function useSsoSettings(enabled = true) {
  return useQuery(ssoSettingsQueryOptions(useCurrentInstitutionId(), enabled));
}

const ssoViews = (institutionId: string) => [
  ssoKeys.settings(institutionId),
  administrationKeys.audit(institutionId),
];

export function useSaveSsoSettings() {
  return useInstitutionWrite(
    (institutionId, input: SsoSettingsInput) => saveSsoSettings(institutionId, input),
    ssoViews,
  );
}

export function useRemoveSsoSettings() {
  return useInstitutionWrite((institutionId, _: undefined) => removeSsoSettings(institutionId), ssoViews);
}

export function useEndMemberSessions() {
  return useInstitutionWrite(
    (institutionId, userId: string) => endMemberSessions(institutionId, userId),
    (institutionId) => [administrationKeys.audit(institutionId)],
  );
}

export function useSetTwoFactorRequirement() {
  return useInstitutionWrite(
    (institutionId, required: boolean) => setTwoFactorRequirement(institutionId, required),
    (institutionId) => [
      administrationKeys.overview(institutionId),
      administrationKeys.audit(institutionId),
      queryKeys.meAccess(institutionId),
    ],
  );
}
