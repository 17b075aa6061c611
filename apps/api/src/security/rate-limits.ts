import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** A web form's submissions: per client address and per form (docs/product/web-forms.md#spam). */
export const WEB_FORM_SUBMISSION_ROUTE = 'POST /api/forms/:formId/submissions';

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
  const plugin = fastify.register(fastifyRateLimit, {
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
  await plugin;
  registerWebFormLimits(fastify, limits);
}

/**
 * Two budgets on each web form's submissions, both counted before the body is read: one per client
 * address across all forms (a bot on one network), one per form across all addresses (a botnet on
 * one form). Either one spent answers 429.
 */
function registerWebFormLimits(fastify: FastifyInstance, limits: RateLimitConfig): void {
  const timeWindow = limits.ipWindowSeconds * 1000;
  // createRateLimit, not rateLimit: the plugin's hook runs once per request, and both budgets count.
  const budgets = [
    fastify.createRateLimit({
      max: limits.webFormPerIp,
      timeWindow,
      keyGenerator: (request) => `web-form-ip:${request.ip}`,
    }),
    fastify.createRateLimit({
      max: limits.webFormPerForm,
      timeWindow,
      keyGenerator: (request) => `web-form:${(request.params as { formId?: string }).formId ?? ''}`,
    }),
  ];
  const checkBudgets = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const budget of budgets) {
      const result = await budget(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const seconds = Math.max(1, result.ttlInSeconds);
      void reply.header('Retry-After', String(seconds));
      throw new TooManyRequests(`Too many forms sent. Try again ${waitInWords(seconds)}.`, 429);
    }
  };
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => `${method} ${route.url}` === WEB_FORM_SUBMISSION_ROUTE)) return;
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [...existing, checkBudgets];
  });
}
