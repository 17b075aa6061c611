import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newRequestHolder, tenantHolderSlot } from '../access/tenant-context';
import { requestContextSlot } from '../operations/request-context';
import { type AsyncScope, runInScope, scopeWith } from './async-scope';

type ScopedRequest = FastifyRequest & { asyncScope: AsyncScope | null; routeUrl: string | undefined };

/**
 * The request's route pattern (`/api/crm/deals/:id`), undefined when no route matched. Read once
 * when the request arrives: Fastify's `request.routeOptions` builds a new object on every read, and
 * the security headers, the guards and the metrics each need the pattern.
 */
export function routeUrlOf(request: FastifyRequest): string | undefined {
  return (request as ScopedRequest).routeUrl;
}

/**
 * Every request's async scope, entered in one step when it arrives: its request id (every log line
 * written while it is handled, and the jobs it enqueues) and its tenant holder, empty until the
 * tenant scope guard settles it (access/tenant-context.ts), so nothing org-scoped is visible before.
 * A body is read in the socket's own async context, which loses the scope: the preHandler, the last
 * step before Nest's guards and handler, enters the same scope again unless it is still the current
 * one. Registered before any other hook, so every hook after it already runs in the scope.
 */
export function registerRequestScope(fastify: FastifyInstance): void {
  fastify.decorateRequest('asyncScope', null);
  fastify.decorateRequest('routeUrl', undefined);
  fastify.addHook('onRequest', (request, _reply, done) => {
    (request as ScopedRequest).routeUrl = request.routeOptions.url;
    const scope = scopeWith(
      requestContextSlot.value({ requestId: request.id }),
      tenantHolderSlot.value(newRequestHolder()),
    );
    (request as ScopedRequest).asyncScope = scope;
    runInScope(scope, done);
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const scope = (request as ScopedRequest).asyncScope;
    if (scope) runInScope(scope, done);
    else done();
  });
}
