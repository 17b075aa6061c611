import type {
  AuthUser,
  PasswordChange,
  ProfileUpdate,
  SessionResponse,
  SignInRequest,
  TwoFactorChallenge,
} from '@tessera/data-access/contracts';
import { isApiError } from './api-error';
import { apiFetch } from './api-fetch';

/** The signed-in user, or null when nobody is (a 401 is an answer here, not an error). */
export async function fetchAuthUser(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    return await apiFetch<AuthUser>('/api/auth/user', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** A session, or (two-factor on) the challenge: the code step comes next. */
export function signIn(credentials: SignInRequest): Promise<SessionResponse | TwoFactorChallenge> {
  return apiFetch<SessionResponse | TwoFactorChallenge>('/api/auth/sign-in', {
    method: 'POST',
    body: credentials,
  });
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
