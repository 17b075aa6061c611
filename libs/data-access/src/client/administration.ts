import type {
  AdministrationOverview,
  AuditEntry,
  BillingOverview,
  ChangePlanInput,
  ChangePlanResult,
  IncludedModules,
  InstitutionRole,
  InvitationSummary,
  InviteMemberInput,
  MemberSummary,
  PaymentsStatus,
  PaymentTestInput,
  PaymentTestResult,
  PlanSummary,
  PlatformErrorReport,
  PlatformInstitution,
  RemoteKey,
  RemoteVersionsOverview,
  RemovedRelease,
  StoredAccessLevel,
  UpdatePlatformInstitutionInput,
} from '@tessera/data-access/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@tessera/data-access/contracts';
import { type ApiFile, apiDownload, apiFetch } from './api-fetch';

const path = encodeURIComponent;

// ─── Institution administration (owners and admins) ───────────────────────────────────────────

export function fetchAdministration(
  institutionId: string,
  signal?: AbortSignal,
): Promise<AdministrationOverview> {
  return apiFetch('/api/administration', { institutionId, signal });
}

export function setModuleEnabled(
  institutionId: string,
  moduleId: string,
  enabled: boolean,
): Promise<IncludedModules> {
  return apiFetch(`/api/administration/modules/${path(moduleId)}`, {
    method: 'PUT',
    body: { enabled },
    institutionId,
  });
}

export function fetchMembers(institutionId: string, signal?: AbortSignal): Promise<MemberSummary[]> {
  return apiFetch('/api/administration/members', { institutionId, signal });
}

export function changeMemberRole(
  institutionId: string,
  userId: string,
  role: InstitutionRole,
): Promise<void> {
  return apiFetch(`/api/administration/members/${path(userId)}`, {
    method: 'PATCH',
    body: { role },
    institutionId,
  });
}

export function setMemberModuleLevel(
  institutionId: string,
  userId: string,
  moduleId: string,
  level: StoredAccessLevel | null,
): Promise<void> {
  return apiFetch(`/api/administration/members/${path(userId)}/modules/${path(moduleId)}`, {
    method: 'PUT',
    body: { level },
    institutionId,
  });
}

export function removeMember(institutionId: string, userId: string): Promise<void> {
  return apiFetch(`/api/administration/members/${path(userId)}`, { method: 'DELETE', institutionId });
}

export function fetchInvitations(institutionId: string, signal?: AbortSignal): Promise<InvitationSummary[]> {
  return apiFetch('/api/administration/invitations', { institutionId, signal });
}

export function inviteMember(institutionId: string, input: InviteMemberInput): Promise<InvitationSummary> {
  return apiFetch('/api/administration/invitations', { method: 'POST', body: input, institutionId });
}

/** A new link with a new expiry; the previous link stops working. */
export function resendInvitation(institutionId: string, invitationId: string): Promise<InvitationSummary> {
  return apiFetch(`/api/administration/invitations/${path(invitationId)}/resend`, {
    method: 'POST',
    institutionId,
  });
}

export function revokeInvitation(institutionId: string, invitationId: string): Promise<void> {
  return apiFetch(`/api/administration/invitations/${path(invitationId)}`, {
    method: 'DELETE',
    institutionId,
  });
}

export function fetchAuditLog(institutionId: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return apiFetch('/api/administration/audit', { institutionId, signal, query: { limit: 100 } });
}

// ─── Subscription ─────────────────────────────────────────────────────────────────────────────

export function fetchPlans(institutionId: string, signal?: AbortSignal): Promise<PlanSummary[]> {
  return apiFetch('/api/subscription/plans', { institutionId, signal });
}

export function fetchBilling(institutionId: string, signal?: AbortSignal): Promise<BillingOverview> {
  return apiFetch('/api/subscription/billing', { institutionId, signal });
}

export function fetchPaymentsStatus(institutionId: string, signal?: AbortSignal): Promise<PaymentsStatus> {
  return apiFetch('/api/subscription/payments', { institutionId, signal });
}

/**
 * A new key per checkout attempt: the server charges a key once, so a double click or a retried
 * request cannot pay twice. Made with getRandomValues, which (unlike randomUUID) plain http has.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function changePlan(
  institutionId: string,
  input: ChangePlanInput,
  idempotencyKey: string,
): Promise<ChangePlanResult> {
  return apiFetch('/api/subscription/change-plan', {
    method: 'POST',
    body: input,
    institutionId,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** The invoice as a file (text), for a download link. */
export function downloadInvoice(institutionId: string, invoiceId: string): Promise<ApiFile> {
  return apiDownload(`/api/subscription/invoices/${path(invoiceId)}/download`, { institutionId });
}

export function runPaymentTest(input: PaymentTestInput): Promise<PaymentTestResult> {
  return apiFetch('/api/subscription/payment-test', { method: 'POST', body: input });
}

// ─── Super admin console ──────────────────────────────────────────────────────────────────────

export function fetchPlatformInstitutions(signal?: AbortSignal): Promise<PlatformInstitution[]> {
  return apiFetch('/api/platform/institutions', { signal });
}

export function updatePlatformInstitution(
  institutionId: string,
  input: UpdatePlatformInstitutionInput,
): Promise<PlatformInstitution> {
  return apiFetch(`/api/platform/institutions/${path(institutionId)}`, { method: 'PATCH', body: input });
}

export function setPlatformModuleEnabled(
  institutionId: string,
  moduleId: string,
  enabled: boolean,
): Promise<IncludedModules> {
  return apiFetch(`/api/platform/institutions/${path(institutionId)}/modules/${path(moduleId)}`, {
    method: 'PUT',
    body: { enabled },
  });
}

/** docs/product/errors.md: what the screens reported, newest first (super admins). */
export function fetchPlatformErrorReports(signal?: AbortSignal): Promise<PlatformErrorReport[]> {
  return apiFetch('/api/platform/error-reports', { signal, query: { limit: 100 } });
}

export function fetchRemoteVersions(signal?: AbortSignal): Promise<RemoteVersionsOverview[]> {
  return apiFetch('/api/platform/remotes', { signal });
}

export function pinRemoteVersion(institutionId: string, remote: RemoteKey, version: string): Promise<void> {
  return apiFetch(`/api/platform/institutions/${path(institutionId)}/remotes/${path(remote)}`, {
    method: 'PUT',
    body: { version },
  });
}

/** Removes an old release: not the latest, pinned by no institution (docs/module-teams.md). */
export function removeRemoteRelease(remote: RemoteKey, version: string): Promise<RemovedRelease> {
  return apiFetch(`/api/platform/remotes/${path(remote)}/releases/${path(version)}`, { method: 'DELETE' });
}

export function unpinRemoteVersion(institutionId: string, remote: RemoteKey): Promise<void> {
  return apiFetch(`/api/platform/institutions/${path(institutionId)}/remotes/${path(remote)}`, {
    method: 'DELETE',
  });
}
