/**
 * Invitations by e-mail and password reset links (docs/product/invitations.md,
 * docs/product/password-reset.md): what the API answers and the accept and reset pages show.
 */
import type { InstitutionRole } from './access';
import type { AuthUser } from './auth';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** The pages the e-mailed links open; the secret rides in the fragment (`#token=…`). */
export const INVITATION_ACCEPT_PATH = '/invitations/accept';
export const PASSWORD_RESET_PATH = '/reset-password';

/**
 * One rule for every new password (sign-up by invitation, profile change, reset): long enough,
 * counted in characters as a person types them (not UTF-16 units or bytes), and not only spaces.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export type PasswordRuleBreak = 'short' | 'long' | 'blank';

/** Which part of the password rule `password` breaks, if any. */
export function passwordRuleBreak(password: string): PasswordRuleBreak | null {
  const characters = [...password].length;
  if (characters > PASSWORD_MAX_LENGTH) return 'long';
  if (password.trim() === '') return 'blank';
  if (characters < PASSWORD_MIN_LENGTH) return 'short';
  return null;
}

/** The rule's message for one field: `password must be at least 10 characters` as the API says it. */
export function passwordRuleMessage(field: string, broken: PasswordRuleBreak): string {
  switch (broken) {
    case 'short':
      return `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`;
    case 'long':
      return `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`;
    case 'blank':
      return `${field} must not be only spaces`;
  }
}

/**
 * A link that carries a secret in its fragment: browsers never send the fragment to a server, so
 * the token stays out of request logs and Referer headers.
 */
export function linkWithToken(pageUrl: string, token: string): string {
  return `${pageUrl}#token=${encodeURIComponent(token)}`;
}

/** The token of a link's fragment (`#token=…`), or null. */
export function tokenFromFragment(hash: string): string | null {
  for (const part of hash.replace(/^#/, '').split('&')) {
    const [name, value = ''] = part.split('=');
    if (name !== 'token') continue;
    try {
      const token = decodeURIComponent(value.replace(/\+/g, ' ')).trim();
      return token || null;
    } catch {
      return null;
    }
  }
  return null;
}

export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords differ.';

const PASSWORD_PROBLEMS: Record<PasswordRuleBreak, string> = {
  short: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  long: `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  blank: 'The password must not be only spaces.',
};

/** What a new password must be, checked in the browser before asking the API (which checks the same). */
export function newPasswordProblems(password: string, confirmation?: string): string[] {
  const problems: string[] = [];
  const broken = passwordRuleBreak(password);
  if (broken) problems.push(PASSWORD_PROBLEMS[broken]);
  if (confirmation !== undefined && confirmation !== password) problems.push(PASSWORDS_DIFFER_MESSAGE);
  return problems;
}

// ─── Invitations ──────────────────────────────────────────────────────────────────────────────

export const INVITATION_LINK_MESSAGES = {
  invalid:
    'This invitation link is not valid. Check that you opened the whole link, or ask for a new invitation.',
  expired: 'This invitation link has expired. Ask for a new one.',
  accepted: 'This invitation has already been accepted. Sign in to continue.',
  revoked: 'This invitation has been withdrawn. Ask an administrator of the institution for a new one.',
} as const;

export const INVITATION_ACCOUNT_EXISTS_MESSAGE =
  'An account with this e-mail already exists. Sign in to accept the invitation.';

export function invitationForSomeoneElseMessage(invitedEmail: string): string {
  return `This invitation is for ${invitedEmail}. Sign in with that e-mail to accept it.`;
}

/** The body of lookup, accept and sign-up: the secret of the e-mailed link. */
export interface InvitationTokenInput {
  token: string;
}

/** What the accept page shows before anything is created. */
export interface InvitationLookup {
  institution_id: string;
  institution_name: string;
  role: InstitutionRole;
  email: string;
  /** The inviter's name, or null when their account is gone. */
  invited_by: string | null;
  expires_at: string;
  /** `sign_up`: no account has this e-mail yet; `sign_in`: one has, it accepts after signing in. */
  next: 'sign_up' | 'sign_in';
}

/** Sign-up through an invitation link: the e-mail is the invitation's, never typed. */
export interface InvitedSignUpInput extends InvitationTokenInput {
  password: string;
  first_name: string;
  last_name: string;
}

export interface AcceptedInvitation {
  institution_id: string;
  institution_name: string;
  role: InstitutionRole;
}

/** Sign-up answers with the new session (cookies) and the institution joined. */
export interface InvitedSignUpAnswer {
  user: AuthUser;
  access_expires_at: string;
  invitation: AcceptedInvitation;
}

export type InvitationStatus = 'pending' | 'expired';

export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  expired: 'Expired',
};

/** Whether a link with this expiry still works at `now`. */
export function isLinkExpired(expiresAt: Date | string, now: Date = new Date()): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

// ─── Password reset ───────────────────────────────────────────────────────────────────────────

/** The one answer to a reset request, whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail, we have sent a link to reset your password. The link works once, within 1 hour.';

export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with your new password.';

export const PASSWORD_RESET_LINK_MESSAGES = {
  invalid:
    'This password reset link is not valid. Check that you opened the whole link, or ask for a new one.',
  expired: 'This password reset link has expired. Ask for a new one.',
  used: 'This password reset link has already been used. Ask for a new one if you still need it.',
} as const;

export interface PasswordResetRequest {
  email: string;
}

export interface PasswordResetConfirmation {
  token: string;
  password: string;
}

export interface PasswordResetAnswer {
  message: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * An instant as the e-mails state a link's expiry, the same on every server whatever its locale
 * or time zone: `30 November 2026, 09:05 UTC`.
 */
export function formatUtcInstant(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}`;
  return `${instant.getUTCDate()} ${MONTHS[instant.getUTCMonth()]} ${instant.getUTCFullYear()}, ${time} UTC`;
}
