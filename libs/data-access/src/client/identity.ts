import type {
  AuthSessionSummary,
  EndedSessions,
  SessionResponse,
  SsoDiscovery,
  SsoSettingsAnswer,
  SsoSettingsInput,
  TwoFactorDisable,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorSignIn,
  TwoFactorStatus,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** The code step of a sign-in (the pending cookie of the password step says whose). */
export function signInTwoFactor(answer: TwoFactorSignIn): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/auth/sign-in/two-factor', { method: 'POST', body: answer });
}

export function fetchAuthSessions(signal?: AbortSignal): Promise<AuthSessionSummary[]> {
  return apiFetch<AuthSessionSummary[]>('/api/auth/sessions', { signal });
}

export function endAuthSession(sessionId: string): Promise<void> {
  return apiFetch<void>(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

export function endOtherAuthSessions(): Promise<EndedSessions> {
  return apiFetch<EndedSessions>('/api/auth/sessions/end-others', { method: 'POST' });
}

export function fetchTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiFetch<TwoFactorStatus>('/api/auth/two-factor', { signal });
}

export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>('/api/auth/two-factor/setup', { method: 'POST' });
}

export function confirmTwoFactor(code: string): Promise<TwoFactorRecoveryCodes> {
  return apiFetch<TwoFactorRecoveryCodes>('/api/auth/two-factor/confirm', { method: 'POST', body: { code } });
}

export function disableTwoFactor(input: TwoFactorDisable): Promise<void> {
  return apiFetch<void>('/api/auth/two-factor/disable', { method: 'POST', body: input });
}

/** Whether an address signs in through its institution's provider (`Continue with <name>`). */
export function discoverSso(email: string, signal?: AbortSignal): Promise<SsoDiscovery> {
  return apiFetch<SsoDiscovery>(`/api/auth/sso?email=${encodeURIComponent(email)}`, { signal });
}

export function fetchSsoSettings(institutionId: string, signal?: AbortSignal): Promise<SsoSettingsAnswer> {
  return apiFetch<SsoSettingsAnswer>('/api/administration/sso', { institutionId, signal });
}

export function saveSsoSettings(institutionId: string, input: SsoSettingsInput): Promise<SsoSettingsAnswer> {
  return apiFetch<SsoSettingsAnswer>('/api/administration/sso', {
    method: 'PUT',
    body: input,
    institutionId,
  });
}

export function removeSsoSettings(institutionId: string): Promise<void> {
  return apiFetch<void>('/api/administration/sso', { method: 'DELETE', institutionId });
}

export function endMemberSessions(institutionId: string, userId: string): Promise<EndedSessions> {
  return apiFetch<EndedSessions>(`/api/administration/members/${encodeURIComponent(userId)}/end-sessions`, {
    method: 'POST',
    institutionId,
  });
}

export function setTwoFactorRequirement(institutionId: string, required: boolean): Promise<void> {
  return apiFetch<void>('/api/administration/two-factor-requirement', {
    method: 'PUT',
    body: { required },
    institutionId,
  });
}
