import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { AccessDecisions } from './access-decisions';
import { newRequestHolder, type RequestHolder, runRequest } from './tenant-context';

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

type HeldRequest = FastifyRequest & { tenantHolder: RequestHolder | null };

/**
 * The access layer's part of every request, in Fastify's hooks (before app.init): the request's
 * guards and handler run in a tenant context the tenant scope guard settles, and access changes are
 * forgotten on the routes that make them. The request's holder is entered when it arrives, together
 * with its request id (observeHttp); a body is read in the socket's own async context, which loses
 * it, so the preHandler (the last step before Nest's guards and handler, where the body has been
 * read) enters the same holder again, unless it is still the current one. Only the tenant scope
 * guard settles it, and it runs after that preHandler: the guards always start from an empty holder.
 */
export function registerAccessHooks(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorateRequest('tenantHolder', null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    const holder = newRequestHolder();
    (request as HeldRequest).tenantHolder = holder;
    runRequest(done, holder);
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    runRequest(done, (request as HeldRequest).tenantHolder ?? undefined);
  });
  forgetAccessOnChange(fastify, app.get(AccessDecisions));
}
