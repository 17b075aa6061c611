import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { isSuperAdminEmail } from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ACCESS_COOKIE, readCookie } from './auth-cookies';
import { SessionRevocations } from './session-revocations';

export interface AccessTokenPayload {
  sub: string;
  email: string;
  /** The session (refresh-token family): what sign-out and a password change revoke. */
  sid: string;
  /** The institution whose single sign-on opened the session; absent for a password sign-in. */
  sso?: string;
}

interface VerifiedPayload extends Partial<AccessTokenPayload> {
  iat?: number;
  exp?: number;
}

const PENDING_SIGN_IN = 'two-factor-sign-in';
/** How long the code step waits after the password: long enough to open an authenticator app. */
export const PENDING_SIGN_IN_TTL_SECONDS = 5 * 60;

const BEARER = /^Bearer\s+(\S+)$/i;
/** Tokens whose signature was checked, kept until they expire: a browser sends the same one for minutes. */
const MAX_VERIFIED = 20_000;

/**
 * The token a request carries. A Bearer header wins over the cookie: such a request is
 * authenticated by its header, which no other site can make a browser send.
 */
export function accessTokenOf(request: FastifyRequest): { token: string; from: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (bearer) return { token: bearer, from: 'bearer' };
  const cookie = readCookie(request, ACCESS_COOKIE);
  return cookie ? { token: cookie, from: 'cookie' } : null;
}

/**
 * Signs and checks access tokens (HS256 JWTs). The per-request check is the signature, the
 * expiry and a lookup in the in-memory revocation list: no database round trip.
 */
@Injectable()
export class AccessTokens {
  /** Token → its checked payload, until the token expires. */
  private readonly verified = new Map<string, { payload: AccessTokenPayload; expiresAt: number }>();

  constructor(
    private readonly jwt: JwtService,
    private readonly revocations: SessionRevocations,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  sign(payload: AccessTokenPayload): Promise<string> {
    return this.jwt.signAsync(payload, { expiresIn: this.config.accessTokenTtlSeconds });
  }

  /**
   * The payload of a valid, unrevoked token; null for anything else. The signature and claims of
   * a token are checked once and remembered (by the whole token, signature included) until it
   * expires; revocation is checked on every call, so a remembered token still stops at once.
   */
  verify(token: string): AccessTokenPayload | null {
    const remembered = this.verified.get(token);
    const payload =
      remembered && remembered.expiresAt > Date.now() ? remembered.payload : this.checkSignature(token);
    if (!payload || this.revocations.isRevoked(payload.sid)) return null;
    return payload;
  }

  /**
   * The proof that a password was just checked for an account with two-factor on: it carries no
   * session (no `sid`), so it is never accepted as an access token, and lives for minutes.
   */
  signPendingSignIn(userId: string): Promise<string> {
    return this.signForPurpose(PENDING_SIGN_IN, { sub: userId }, PENDING_SIGN_IN_TTL_SECONDS);
  }

  /** The account whose password was checked, or null for anything else. */
  verifyPendingSignIn(token: string | undefined): string | null {
    const payload = this.verifyForPurpose(PENDING_SIGN_IN, token);
    return typeof payload?.sub === 'string' ? payload.sub : null;
  }

  /**
   * A short-lived signed note the browser carries between two steps of a sign-in (the code step,
   * a provider's redirect). Its purpose is part of it, so one kind is never taken for another, and
   * without a `sid` none is ever an access token.
   */
  signForPurpose(purpose: string, claims: Record<string, string>, ttlSeconds: number): Promise<string> {
    return this.jwt.signAsync({ ...claims, purpose }, { expiresIn: ttlSeconds });
  }

  verifyForPurpose(purpose: string, token: string | undefined): Record<string, unknown> | null {
    if (!token) return null;
    try {
      const payload = this.jwt.verify<Record<string, unknown>>(token);
      return payload.purpose === purpose ? payload : null;
    } catch {
      return null;
    }
  }

  private checkSignature(token: string): AccessTokenPayload | null {
    let payload: VerifiedPayload;
    try {
      payload = this.jwt.verify<VerifiedPayload>(token);
    } catch {
      this.verified.delete(token);
      return null;
    }
    const { sub, email, sid, sso, exp } = payload;
    // Tokens from before sessions carried an id cannot be revoked: refused, the client refreshes.
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string') return null;
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    const checked: AccessTokenPayload =
      typeof sso === 'string' ? { sub, email, sid, sso } : { sub, email, sid };
    if (typeof exp === 'number') this.verified.set(token, { payload: checked, expiresAt: exp * 1000 });
    return checked;
  }

  authenticate(request: FastifyRequest): (AuthenticatedUser & { sessionId: string }) | null {
    const found = accessTokenOf(request);
    const payload = found ? this.verify(found.token) : null;
    if (!payload) return null;
    return {
      id: payload.sub,
      email: payload.email,
      isSuperAdmin: isSuperAdminEmail(payload.email, this.config.superAdminDomain),
      sessionId: payload.sid,
      ...(payload.sso ? { ssoInstitutionId: payload.sso } : {}),
    };
  }
}
