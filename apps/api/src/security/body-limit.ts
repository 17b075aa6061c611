import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

const BODY_LIMIT_CONFIG = 'bodyLimit';

/**
 * A larger request body for one route (a CSV import) than the server's default: every other route
 * keeps the small limit. Read by registerRouteBodyLimits when Nest adds the route to Fastify.
 */
export const BodyLimit = (bytes: number) => RouteConfig({ [BODY_LIMIT_CONFIG]: bytes });

/** Must run before the app's routes are registered (before app.init). */
export function registerRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as Record<string, unknown> | undefined)?.[BODY_LIMIT_CONFIG];
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
