import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../common/authenticated-user';
import type { AppConfig } from '../config/app-config';
import type { RequestLog } from './logger';
import { MetricsService } from './metrics.service';
import { requestIdFrom } from './request-context';
import { routeUrlOf } from '../common/request-scope';

/** Server options that belong with the request log: ids, timeouts, how connections close. */
export function httpServerOptions() {
  return {
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
      requestIdFrom(request.headers['x-request-id']),
    // On shutdown idle keep-alive sockets close at once; busy ones finish their request first.
    forceCloseConnections: 'idle' as const,
    // A client has this long to send its whole request (slow uploads included).
    requestTimeout: 60_000,
    // A connection silent this long is dropped (live-update streams beat every 25 s).
    connectionTimeout: 120_000,
    // Longer than a load balancer's upstream keep-alive, so the balancer closes first.
    keepAliveTimeout: 75_000,
  };
}

type ObservedRequest = FastifyRequest & {
  user?: AuthenticatedUser;
  tenantScope?: { institutionId: string | null };
};

/** Probes and scrapes come every few seconds: logged only at debug level. */
const QUIET_ROUTES = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/**
 * One log line and one metrics sample per request, a request id on every response. The same id is in
 * every log line written while the request is handled, jobs it enqueues included: the request's
 * scope carries it (common/request-scope.ts).
 */
export function observeHttp(app: NestFastifyApplication, requestLog: RequestLog, config: AppConfig): void {
  const metrics = app.get(MetricsService);
  const fastify = app.getHttpAdapter().getInstance();
  const instanceName = config.instanceName;
  fastify.addHook('onRequest', (request: ObservedRequest, reply, done) => {
    reply.header('X-Request-Id', request.id);
    // Names the process that answered, to prove a balancer alternates (set only when asked).
    if (instanceName) reply.header('X-Tessera-Instance', instanceName);
    done();
  });
  fastify.addHook('onResponse', (request: ObservedRequest, reply, done) => {
    const route = routeUrlOf(request) ?? 'unmatched';
    const status = reply.statusCode;
    const durationMs = reply.elapsedTime;
    metrics.observeRequest(request.method, route, status, durationMs / 1000);
    const level = QUIET_ROUTES.has(route) ? 'debug' : status >= 500 ? 'error' : 'info';
    // The line is built only when it will be written (probes and scrapes, at info level, are not).
    if (requestLog.enabled(level)) {
      requestLog.write(level, {
        requestId: request.id,
        method: request.method,
        route,
        status,
        durationMs: Math.round(durationMs * 10) / 10,
        userId: request.user?.id,
        institutionId: request.tenantScope?.institutionId ?? undefined,
      });
    }
    done();
  });
}
