import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { waitInWords } from '../common/domain-errors';
import type { AppConfig, RateLimitConfig } from '../config/app-config';

type PerIpLimit = keyof Pick<
  RateLimitConfig,
  'signInPerIp' | 'signUpPerIp' | 'passwordResetPerIp' | 'refreshPerIp'
>;

export interface CredentialRoute {
  /** Requests per client address and window (per process; see docs/security.md). */
  perIp: PerIpLimit;
  /**
   * Requests per e-mail address in the body and window, counted in PostgreSQL for every process.
   * Sign-in counts wrong passwords instead, in AuthService, so the right one resets the count.
   */
  perAccount: 'password-reset' | null;
}

/**
 * The routes that take credentials, by method and path. A route listed here is limited as soon as
 * it exists, so a new credential route is one line here and nothing in its controller.
 */
export const CREDENTIAL_ROUTES: Readonly<Record<string, CredentialRoute>> = {
  'POST /api/auth/sign-in': { perIp: 'signInPerIp', perAccount: null },
  'POST /api/auth/refresh': { perIp: 'refreshPerIp', perAccount: null },
  // The per-account limit of the code step is the two-factor lock (TwoFactorService), keyed on the pending sign-in's account.
  'POST /api/auth/sign-in/two-factor': { perIp: 'signInPerIp', perAccount: null },
  'GET /api/auth/sso/start': { perIp: 'signInPerIp', perAccount: null },
  'GET /api/auth/sso/callback': { perIp: 'signInPerIp', perAccount: null },
  // Sign-up names no address: it carries the invitation's e-mailed token, which cannot be guessed.
  'POST /api/invitations/sign-up': { perIp: 'signUpPerIp', perAccount: null },
  'POST /api/auth/password-reset': { perIp: 'passwordResetPerIp', perAccount: 'password-reset' },
  'POST /api/auth/password-reset/confirm': { perIp: 'passwordResetPerIp', perAccount: null },
};

export function credentialRoute(method: string, url: string | undefined): CredentialRoute | undefined {
  return url ? CREDENTIAL_ROUTES[`${method} ${url}`] : undefined;
}

class TooManyRequests extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/**
 * Per-IP limits with @fastify/rate-limit, checked in onRequest: a flood is refused before its
 * body is read or parsed. 429 carries Retry-After and the API's usual `{ statusCode, message }`.
 */
export async function registerRateLimits(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const limits = config.rateLimits;
  // Before the plugin's own onRoute hook, which reads config.rateLimit.
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = methods.map((method) => credentialRoute(method, route.url)).find(Boolean);
    if (!entry) return;
    route.config = {
      ...(route.config ?? {}),
      rateLimit: { max: limits[entry.perIp], timeWindow: limits.ipWindowSeconds * 1000 },
    };
  });
  await fastify.register(fastifyRateLimit, {
    global: false,
    hook: 'onRequest',
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new TooManyRequests(
        `Too many attempts from your network. Try again ${waitInWords(Math.max(1, Math.ceil(context.ttl / 1000)))}.`,
        context.statusCode,
      ),
  });
}
