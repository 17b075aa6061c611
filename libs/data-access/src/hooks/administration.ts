import {
  changeMemberRole,
  changePlan,
  fetchAdministration,
  fetchAuditLog,
  fetchBilling,
  fetchPaymentsStatus,
  fetchInvitations,
  fetchMembers,
  fetchPlans,
  fetchPlatformInstitutions,
  fetchPlatformErrorReports,
  fetchRemoteVersions,
  inviteMember,
  pinRemoteVersion,
  removeMember,
  resendInvitation,
  revokeInvitation,
  setMemberModuleLevel,
  setModuleEnabled,
  setPlatformModuleEnabled,
  unpinRemoteVersion,
  updatePlatformInstitution,
} from '@tessera/data-access/client';
import type {
  ChangePlanInput,
  InstitutionRole,
  InviteMemberInput,
  RemoteKey,
  StoredAccessLevel,
  UpdatePlatformInstitutionInput,
} from '@tessera/data-access/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outboxKeys } from './outbox';
import { queryKeys, scopeKey } from './query-keys';
import { requireInstitution, useCurrentInstitutionId } from './current-institution';

/** Keys of the administration, billing and platform resources; org-scoped ones start with the institution id (libs/data-access/README.md). */
export const administrationKeys = {
  overview: (institutionId: string | null) => [scopeKey(institutionId), 'administration'] as const,
  members: (institutionId: string | null) => [scopeKey(institutionId), 'administration', 'members'] as const,
  invitations: (institutionId: string | null) =>
    [scopeKey(institutionId), 'administration', 'invitations'] as const,
  audit: (institutionId: string | null) => [scopeKey(institutionId), 'administration', 'audit'] as const,
  plans: (institutionId: string | null) => [scopeKey(institutionId), 'subscription', 'plans'] as const,
  billing: (institutionId: string | null) => [scopeKey(institutionId), 'subscription', 'billing'] as const,
  payments: (institutionId: string | null) => [scopeKey(institutionId), 'subscription', 'payments'] as const,
  platform: () => ['platform'] as const,
  platformInstitutions: () => ['platform', 'institutions'] as const,
  remoteVersions: () => ['platform', 'remotes'] as const,
  errorReports: () => ['platform', 'error-reports'] as const,
};

/** Everything of the institution that a change in administration may alter, including access. */
const institutionViews = (institutionId: string) => [
  administrationKeys.overview(institutionId),
  administrationKeys.billing(institutionId),
  queryKeys.meAccess(institutionId),
  queryKeys.remotes(institutionId),
];

export function administrationQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: administrationKeys.overview(institutionId),
    queryFn: ({ signal }) => fetchAdministration(institutionId as string, signal),
    enabled: enabled && Boolean(institutionId),
    retry: false,
  });
}

/** `enabled` false (not an owner or admin) asks nothing. */
export function useAdministration(enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(administrationQueryOptions(institutionId, enabled));
}

export function membersQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: administrationKeys.members(institutionId),
    queryFn: ({ signal }) => fetchMembers(institutionId as string, signal),
    enabled: Boolean(institutionId),
    retry: false,
  });
}

export function useMembers() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(membersQueryOptions(institutionId));
}

export function invitationsQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: administrationKeys.invitations(institutionId),
    queryFn: ({ signal }) => fetchInvitations(institutionId as string, signal),
    enabled: Boolean(institutionId),
    retry: false,
  });
}

export function useInvitations() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(invitationsQueryOptions(institutionId));
}

export function auditLogQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: administrationKeys.audit(institutionId),
    queryFn: ({ signal }) => fetchAuditLog(institutionId as string, signal),
    enabled: Boolean(institutionId),
    retry: false,
  });
}

export function useAuditLog() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(auditLogQueryOptions(institutionId));
}

/** A write to the selected institution; without one it is refused before any call. */
export function useInstitutionWrite<TInput, TResult>(
  call: (institutionId: string, input: TInput) => Promise<TResult>,
  /** The keys the write may change; invalidated whether it succeeded or not. */
  affected: (institutionId: string) => ReadonlyArray<readonly unknown[]>,
) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TInput>({
    mutationFn: (input) => call(requireInstitution(institutionId), input),
    onSettled: async () => {
      if (!institutionId) return;
      for (const queryKey of affected(institutionId)) await queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** A module switched on or off for the selected institution. */
export interface ModuleSwitch {
  moduleId: string;
  enabled: boolean;
}

export function useSetModuleEnabled() {
  return useInstitutionWrite(
    (institutionId, { moduleId, enabled }: ModuleSwitch) =>
      setModuleEnabled(institutionId, moduleId, enabled),
    (institutionId) => [
      ...institutionViews(institutionId),
      administrationKeys.members(institutionId),
      administrationKeys.audit(institutionId),
    ],
  );
}

export interface MemberRoleChange {
  userId: string;
  role: InstitutionRole;
}

export interface MemberLevelChange {
  userId: string;
  moduleId: string;
  level: StoredAccessLevel | null;
}

export interface MemberRemoval {
  userId: string;
}

/** A member's role, levels or membership changed: the list, the audit and access follow. */
const memberViews = (institutionId: string) => [
  administrationKeys.members(institutionId),
  administrationKeys.audit(institutionId),
  queryKeys.meAccess(institutionId),
];

export function useChangeMemberRole() {
  return useInstitutionWrite(
    (institutionId, { userId, role }: MemberRoleChange) => changeMemberRole(institutionId, userId, role),
    memberViews,
  );
}

export function useSetMemberModuleLevel() {
  return useInstitutionWrite(
    (institutionId, { userId, moduleId, level }: MemberLevelChange) =>
      setMemberModuleLevel(institutionId, userId, moduleId, level),
    memberViews,
  );
}

export function useRemoveMember() {
  return useInstitutionWrite(
    (institutionId, { userId }: MemberRemoval) => removeMember(institutionId, userId),
    memberViews,
  );
}

export type MemberInvitation = InviteMemberInput;

/** An invitation sent, resent or revoked: the list and the audit follow, and the outbox for a mail. */
const invitationViews = (institutionId: string) => [
  administrationKeys.invitations(institutionId),
  administrationKeys.audit(institutionId),
  outboxKeys.all(institutionId),
];

export function useInviteMember() {
  return useInstitutionWrite(
    (institutionId, input: MemberInvitation) => inviteMember(institutionId, input),
    invitationViews,
  );
}

/** Input: the invitation's id. */
export function useResendInvitation() {
  return useInstitutionWrite(
    (institutionId, invitationId: string) => resendInvitation(institutionId, invitationId),
    invitationViews,
  );
}

/** Input: the invitation's id. */
export function useRevokeInvitation() {
  return useInstitutionWrite(
    (institutionId, invitationId: string) => revokeInvitation(institutionId, invitationId),
    (institutionId) => [
      administrationKeys.invitations(institutionId),
      administrationKeys.audit(institutionId),
    ],
  );
}

// ─── Subscription ─────────────────────────────────────────────────────────────────────────────

export function plansQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: administrationKeys.plans(institutionId),
    queryFn: ({ signal }) => fetchPlans(institutionId as string, signal),
    enabled: enabled && Boolean(institutionId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePlans(enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(plansQueryOptions(institutionId, enabled));
}

export function billingQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: administrationKeys.billing(institutionId),
    queryFn: ({ signal }) => fetchBilling(institutionId as string, signal),
    enabled: Boolean(institutionId),
    retry: false,
  });
}

export function useBilling() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(billingQueryOptions(institutionId));
}

/** Whether this server can take payments at all: Upgrade Plan says so instead of offering a form. */
export function paymentsStatusQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: administrationKeys.payments(institutionId),
    queryFn: ({ signal }) => fetchPaymentsStatus(institutionId as string, signal),
    enabled: Boolean(institutionId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePaymentsStatus() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(paymentsStatusQueryOptions(institutionId));
}

export interface PlanChange extends ChangePlanInput {
  /** One per checkout attempt (newIdempotencyKey): the same key is charged once. */
  idempotencyKey: string;
}

export function useChangePlan() {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: PlanChange) =>
      changePlan(requireInstitution(institutionId), input, idempotencyKey),
    onSuccess: async () => {
      if (!institutionId) return;
      for (const queryKey of institutionViews(institutionId))
        await queryClient.invalidateQueries({ queryKey });
      // The plan shows in the institution list (header, billing).
      await queryClient.invalidateQueries({ queryKey: queryKeys.institutions() });
      await queryClient.invalidateQueries({ queryKey: administrationKeys.audit(institutionId) });
    },
  });
}

// ─── Super admin console ──────────────────────────────────────────────────────────────────────

export function platformInstitutionsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: administrationKeys.platformInstitutions(),
    queryFn: ({ signal }) => fetchPlatformInstitutions(signal),
    enabled,
    retry: false,
  });
}

export function usePlatformInstitutions(enabled = true) {
  return useQuery(platformInstitutionsQueryOptions(enabled));
}

export function remoteVersionsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: administrationKeys.remoteVersions(),
    queryFn: ({ signal }) => fetchRemoteVersions(signal),
    enabled,
    retry: false,
  });
}

export function useRemoteVersions(enabled = true) {
  return useQuery(remoteVersionsQueryOptions(enabled));
}

export function platformErrorReportsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: administrationKeys.errorReports(),
    queryFn: ({ signal }) => fetchPlatformErrorReports(signal),
    enabled,
    retry: false,
  });
}

export function usePlatformErrorReports(enabled = true) {
  return useQuery(platformErrorReportsQueryOptions(enabled));
}

async function invalidatePlatform(queryClient: QueryClient, institutionId: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: administrationKeys.platform() });
  await queryClient.invalidateQueries({ queryKey: [institutionId] });
  await queryClient.invalidateQueries({ queryKey: queryKeys.institutions() });
}

export function useUpdatePlatformInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ institutionId, ...input }: UpdatePlatformInstitutionInput & { institutionId: string }) =>
      updatePlatformInstitution(institutionId, input),
    onSettled: (_result, _error, { institutionId }) => invalidatePlatform(queryClient, institutionId),
  });
}

/** A module switched on or off for any institution, by a super admin. */
export interface ModuleEnablement extends ModuleSwitch {
  institutionId: string;
}

export function useSetPlatformModuleEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ institutionId, moduleId, enabled }: ModuleEnablement) =>
      setPlatformModuleEnabled(institutionId, moduleId, enabled),
    onSettled: (_result, _error, { institutionId }) => invalidatePlatform(queryClient, institutionId),
  });
}

export interface RemotePinChange {
  institutionId: string;
  remote: RemoteKey;
  /** null unpins: the institution follows the latest again. */
  version: string | null;
}

export function usePinRemoteVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ institutionId, remote, version }: RemotePinChange) =>
      version ? pinRemoteVersion(institutionId, remote, version) : unpinRemoteVersion(institutionId, remote),
    onSettled: (_result, _error, { institutionId }) => invalidatePlatform(queryClient, institutionId),
  });
}
