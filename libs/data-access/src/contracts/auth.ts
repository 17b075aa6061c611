/** The signed-in user as `GET /api/auth/user` returns it (docs/product/sign-in-and-sessions.md). */
export interface UserMetadata {
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
}

export interface AuthUser {
  id: string;
  email: string;
  user_metadata: UserMetadata;
}

/** What sign-in and refresh answer: the user and when the access cookie expires (the refresh timer). */
export interface SessionResponse {
  user: AuthUser;
  access_expires_at: string;
}

/** PATCH /api/auth/user: the profile fields to change (null or empty clears the avatar). */
export interface ProfileUpdate {
  first_name?: string | null;
  last_name?: string | null;
  avatar_url?: string | null;
}

/** POST /api/auth/password: every session ends and a fresh one starts. */
export interface PasswordChange {
  current_password: string;
  new_password: string;
}

export interface SignInRequest {
  email: string;
  password: string;
}

/** docs/product/sign-in-and-sessions.md#the-user-and-the-display-name: first plus last name, otherwise the e-mail before the @, otherwise `User`. */
export function displayName(user: Pick<AuthUser, 'email' | 'user_metadata'> | null | undefined): string {
  if (!user) return 'User';
  const first = user.user_metadata?.first_name?.trim() ?? '';
  const last = user.user_metadata?.last_name?.trim() ?? '';
  const full = [first, last].filter(Boolean).join(' ');
  if (full) return full;
  const local = user.email?.split('@')[0]?.trim();
  return local || 'User';
}

/** Initials from a display name: the first letters of its first two words, upper case. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  const letters = words.length === 1 ? words[0].slice(0, 2) : `${words[0][0]}${words[words.length - 1][0]}`;
  return letters.toUpperCase();
}
