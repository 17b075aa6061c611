/*
 * Two-factor sign-in and visible sessions (docs/product/sign-in-and-sessions.md): the shapes the API
 * answers and the screens read, and the rules both apply.
 */

/** One signed-in browser or device of the caller (`GET /api/auth/sessions`). */
export interface AuthSessionSummary {
  id: string;
  /** "Chrome on macOS", from the user agent; "Unknown device" when it says nothing usable. */
  device: string;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  /** The session this request was made with. */
  current: boolean;
}

/** How many sessions a request ended. */
export interface EndedSessions {
  ended: number;
}

/** `POST /api/auth/two-factor/setup`: the secret to enter in an authenticator app, and its QR code's text. */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
}

/** `POST /api/auth/two-factor/confirm`: the recovery codes, shown once. */
export interface TwoFactorRecoveryCodes {
  recovery_codes: string[];
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** Recovery codes not used yet. */
  recovery_codes_left: number;
}

/** `POST /api/auth/sign-in` for an account with two-factor on: no session yet, a code comes next. */
export interface TwoFactorChallenge {
  two_factor_required: true;
}

/** `POST /api/auth/sign-in/two-factor`: one of the two. */
export interface TwoFactorSignIn {
  code?: string;
  recovery_code?: string;
}

/** `POST /api/auth/two-factor/disable`: both the password and a code (or a recovery code). */
export interface TwoFactorDisable extends TwoFactorSignIn {
  password: string;
}

/** Wrong codes in a row before the step locks, and for how long (the password limiter's style). */
export const TWO_FACTOR_FAILURES = 5;
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;
export const RECOVERY_CODE_COUNT = 10;
/** The issuer authenticator apps show next to the account. */
export const TWO_FACTOR_ISSUER = 'Tessera';

/** Six digits, spaces allowed as people copy them from their app. */
export function normaliseTwoFactorCode(code: string): string {
  return code.replace(/\s+/g, '');
}

export function isTwoFactorCodeShape(code: string): boolean {
  return /^\d{6}$/.test(normaliseTwoFactorCode(code));
}

/** Recovery codes are shown as `xxxxx-xxxxx`; compared without case, spaces or the dash. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

/** The message a member of an institution that requires two-factor gets until they turn it on. */
export function twoFactorRequiredMessage(institutionName: string): string {
  return `${institutionName} requires two-factor sign-in. Turn it on in your profile to continue.`;
}

export function isTwoFactorChallenge(value: unknown): value is TwoFactorChallenge {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { two_factor_required?: unknown }).two_factor_required === true
  );
}
