import type {
  PasswordResetAnswer,
  PasswordResetConfirmation,
  PasswordResetRequest,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Always the same answer, whether or not the address has an account. */
export function requestPasswordReset(input: PasswordResetRequest): Promise<PasswordResetAnswer> {
  return apiFetch<PasswordResetAnswer>('/api/auth/password-reset', { method: 'POST', body: input });
}

/** Sets the new password with the e-mailed link's token; every session of the account ends. */
export function confirmPasswordReset(input: PasswordResetConfirmation): Promise<PasswordResetAnswer> {
  return apiFetch<PasswordResetAnswer>('/api/auth/password-reset/confirm', { method: 'POST', body: input });
}
