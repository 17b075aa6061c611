import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, readCookie } from '../auth/auth-cookies';
import type { AppConfig } from '../config/app-config';
import { routeUrlOf } from '../common/request-scope';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes other sites' pages write to on purpose, with no session: a web form's submissions
 * (docs/product/web-forms.md). They never read a session cookie, so a forged request gains nothing
 * a visitor could not do; which sites may send to each form is the form's own allow-list, checked
 * by its controller.
 */
export const CROSS_SITE_WRITE_ROUTES: ReadonlySet<string> = new Set(['/api/forms/:formId/submissions']);

export const FOREIGN_ORIGIN_MESSAGE =
  'Request refused: changes made with a session cookie must come from this application’s own pages';

/** The origin a browser says a request comes from: Origin, else the origin of Referer. */
export function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery: a browser attaches the session cookies to a form another site posts
 * here; SameSite=Lax stops most of it but not a sibling subdomain or an older browser. So a
 * state-changing request that carries a session cookie must say it comes from an allowed origin.
 * A request authenticated by a Bearer header is exempt: no other site can make a browser send one.
 * A request with neither cookie nor Bearer header is checked too when it names a foreign origin,
 * so another site cannot sign a visitor in to an account of its choosing.
 */
export function registerOriginCheck(fastify: FastifyInstance, config: AppConfig): void {
  const allowed = new Set(config.allowedOrigins);
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const route = routeUrlOf(request);
    if (route !== undefined && CROSS_SITE_WRITE_ROUTES.has(route)) return done();
    const authorization = request.headers.authorization;
    if (typeof authorization === 'string' && /^Bearer\s/i.test(authorization)) return done();
    const hasSession =
      readCookie(request, ACCESS_COOKIE) !== undefined || readCookie(request, REFRESH_COOKIE) !== undefined;
    const origin = requestOrigin(request);
    if (origin === null ? !hasSession : allowed.has(origin)) return done();
    void reply.code(403).send({ statusCode: 403, message: FOREIGN_ORIGIN_MESSAGE, error: 'Forbidden' });
  });
}
