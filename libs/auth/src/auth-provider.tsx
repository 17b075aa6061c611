import {
  onSessionRefreshed,
  refreshSession,
  signIn as signInCall,
  signInTwoFactor,
  signOut as signOutCall,
} from '@tessera/data-access/client';
import {
  type AuthUser,
  isTwoFactorChallenge,
  type SessionResponse,
  type SignInRequest,
  type TwoFactorSignIn,
} from '@tessera/data-access/contracts';
import { authUserQueryOptions, queryKeys } from '@tessera/data-access/hooks';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { emitAuthEvent } from './auth-events';
import { accessExpiryFromCookies, refreshDelay } from './refresh-schedule';

/** Drops every cached row of the session and marks the user signed out (docs/product/sign-in-and-sessions.md#the-user-and-the-display-name: cleared on sign-out). */
function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  queryClient.setQueryData(queryKeys.authUser(), null);
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** True until the first answer of GET /api/auth/user. */
  isLoading: boolean;
  /** The user, or null when the account has two-factor on and `completeTwoFactor` comes next. */
  signIn: (credentials: SignInRequest) => Promise<AuthUser | null>;
  /** The code step after a password that asked for one. */
  completeTwoFactor: (answer: TwoFactorSignIn) => Promise<AuthUser>;
  /** Adopts a session the API opened another way (sign-up through an invitation link). */
  startSession: (session: SessionResponse) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session: the user query (cached 5 minutes, docs/product/sign-in-and-sessions.md#the-user-and-the-display-name), sign-in and sign-out, and a timer that
 * rotates the cookies shortly before the access token expires. Emits SIGNED_IN / SIGNED_OUT /
 * TOKEN_REFRESHED for the providers below it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery(authUserQueryOptions());
  const user = userQuery.data ?? null;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const userRef = useRef<AuthUser | null>(user);
  userRef.current = user;

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const scheduleRefresh = useCallback(
    (session: SessionResponse) => {
      clearTimer();
      const delay = refreshDelay(session.access_expires_at);
      if (delay === null) return;
      timer.current = setTimeout(() => {
        // The listener below handles the answer (new user data or the end of the session).
        void refreshSession();
      }, delay);
    },
    [clearTimer],
  );

  useEffect(() => {
    const unsubscribe = onSessionRefreshed((session) => {
      if (session) {
        queryClient.setQueryData(queryKeys.authUser(), session.user);
        scheduleRefresh(session);
        emitAuthEvent('TOKEN_REFRESHED');
      } else if (userRef.current) {
        // The refresh token was refused: the session is over.
        clearTimer();
        forgetSession(queryClient);
        emitAuthEvent('SIGNED_OUT');
      }
    });
    return () => {
      unsubscribe();
      clearTimer();
    };
  }, [queryClient, scheduleRefresh, clearTimer]);

  // After a reload no refresh is scheduled yet: schedule it from the expiry the API left readable,
  // so a long task is never interrupted by an expired token.
  const userId = user?.id;
  useEffect(() => {
    if (!userId || timer.current) return;
    const expiresAt = accessExpiryFromCookies(document.cookie);
    const delay = expiresAt ? refreshDelay(expiresAt) : null;
    if (delay === null) return;
    timer.current = setTimeout(() => void refreshSession(), delay);
  }, [userId]);

  const startSession = useCallback(
    (session: SessionResponse) => {
      queryClient.setQueryData(queryKeys.authUser(), session.user);
      scheduleRefresh(session);
      emitAuthEvent('SIGNED_IN');
    },
    [queryClient, scheduleRefresh],
  );

  const signIn = useCallback(
    async (credentials: SignInRequest) => {
      const answer = await signInCall(credentials);
      if (isTwoFactorChallenge(answer)) return null;
      startSession(answer);
      return answer.user;
    },
    [startSession],
  );

  const completeTwoFactor = useCallback(
    async (answer: TwoFactorSignIn) => {
      const session = await signInTwoFactor(answer);
      startSession(session);
      return session.user;
    },
    [startSession],
  );

  const signOut = useCallback(async () => {
    clearTimer();
    try {
      await signOutCall();
    } finally {
      // Whatever the server said, this browser forgets everything of the session.
      forgetSession(queryClient);
      emitAuthEvent('SIGNED_OUT');
    }
  }, [queryClient, clearTimer]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isLoading: userQuery.isPending, signIn, completeTwoFactor, startSession, signOut }),
    [user, userQuery.isPending, signIn, completeTwoFactor, startSession, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
