import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import type { IssuedSession } from './auth.service';

export const ACCESS_COOKIE = 'tessera_at';
export const REFRESH_COOKIE = 'tessera_rt';
/** Not secret: when the access token expires, so a reloaded page can refresh it in time. */
export const ACCESS_EXPIRY_COOKIE = 'tessera_at_expires';
/** Ties the two-factor step to the password check before it (access-tokens.ts, signPendingSignIn). */
export const PENDING_SIGN_IN_COOKIE = 'tessera_2fa';
/** The refresh token is only ever sent to the auth routes. */
const REFRESH_PATH = '/api/auth';

export function setSessionCookies(reply: FastifyReply, session: IssuedSession, config: AppConfig): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
  reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...base,
    path: '/',
    maxAge: config.accessTokenTtlSeconds,
  });
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...base,
    path: REFRESH_PATH,
    maxAge: config.refreshTokenTtlSeconds,
  });
  reply.setCookie(ACCESS_EXPIRY_COOKIE, session.accessExpiresAt.toISOString(), {
    ...base,
    httpOnly: false,
    path: '/',
    maxAge: config.accessTokenTtlSeconds,
  });
}

export function setPendingSignInCookie(
  reply: FastifyReply,
  token: string,
  config: AppConfig,
  maxAgeSeconds: number,
): void {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: REFRESH_PATH,
    maxAge: maxAgeSeconds,
  });
}

export function clearPendingSignInCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: REFRESH_PATH });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
  reply.clearCookie(ACCESS_EXPIRY_COOKIE, { path: '/' });
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[name];
}
