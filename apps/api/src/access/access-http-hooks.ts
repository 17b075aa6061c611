import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { AccessDecisions } from './access-decisions';

/** Where memberships, roles, levels, modules and institution status are changed. */
const ACCESS_CHANGING_ROUTES = [
  '/api/administration/',
  '/api/platform/',
  '/api/invitations/',
  '/api/subscription',
];

function changesAccess(method: string | string[], url: string): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return (
    methods.some((name) => name !== 'GET' && name !== 'HEAD') &&
    ACCESS_CHANGING_ROUTES.some((prefix) => url.startsWith(prefix))
  );
}

/**
 * The trigger's NOTIFY reaches this process too, but a moment after the commit; a change made here
 * is forgotten here before its answer leaves (success or error), so the administrator's next
 * request already sees it. Only the routes that can change access carry the hook: every other
 * route pays nothing for it. Must run before the app's routes are registered (before app.init).
 */
function forgetAccessOnChange(fastify: FastifyInstance, decisions: AccessDecisions): void {
  const forget: onSendHookHandler = (_request, _reply, payload, done) => {
    decisions.forgetAll();
    done(null, payload);
  };
  fastify.addHook('onRoute', (route) => {
    if (!changesAccess(route.method, route.url)) return;
    const existing = route.onSend;
    route.onSend = existing ? [...(Array.isArray(existing) ? existing : [existing]), forget] : [forget];
  });
}

/**
 * The access layer's part of every request, in Fastify's hooks (before app.init): access changes are
 * forgotten on the routes that make them. The tenant holder a request's guards and handler run in
 * is entered with the request's scope (common/request-scope.ts); only the tenant scope guard settles it.
 */
export function registerAccessHooks(app: NestFastifyApplication): void {
  forgetAccessOnChange(app.getHttpAdapter().getInstance(), app.get(AccessDecisions));
}
