import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { LiveAction, LiveEvent, LiveResource } from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import { type Observable, tap } from 'rxjs';
import type { TenantScope } from '../access/tenant-scope';
import { LiveEventBus } from './live-event-bus';

export const LIVE_EVENT = 'tessera:liveEvent';

export interface LiveEventSpec {
  resource: LiveResource;
  /** Fixed, or else from the HTTP method (POST created, DELETE deleted, a stage in the body moved). */
  action?: LiveAction;
}

type ScopedRequest = FastifyRequest & { tenantScope?: TenantScope };

function actionOf(spec: LiveEventSpec, request: ScopedRequest): LiveAction {
  if (spec.action) return spec.action;
  if (request.method === 'POST') return 'created';
  if (request.method === 'DELETE') return 'deleted';
  const body = request.body as { stage?: unknown } | undefined;
  return body && typeof body === 'object' && 'stage' in body ? 'moved' : 'updated';
}

/** The changed row's id: the route's `:id`, else the answer's (`{ id }` or `{ contact: { id } }`). */
function idOf(request: ScopedRequest, result: unknown): string | null {
  const params = request.params as Record<string, string> | undefined;
  if (params?.id) return params.id;
  const answer = result as { id?: unknown; contact?: { id?: unknown } } | null | undefined;
  if (typeof answer?.id === 'string') return answer.id;
  if (typeof answer?.contact?.id === 'string') return answer.contact.id;
  return null;
}

/** Publishes the event a @PublishesLiveEvent route declares, after the route succeeded. */
@Injectable()
export class LiveEventInterceptor implements NestInterceptor {
  private readonly logger = new Logger('LiveUpdates');

  constructor(
    private readonly reflector: Reflector,
    private readonly bus: LiveEventBus,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<LiveEventSpec | undefined>(LIVE_EVENT, context.getHandler());
    if (!spec) return next.handle();
    const request = context.switchToHttp().getRequest<ScopedRequest>();
    return next.handle().pipe(
      tap((result) => {
        const scope = request.tenantScope;
        // Personal rows (no institution) have no other viewers.
        const institutionId = scope?.institutionId;
        const id = idOf(request, result);
        if (!scope || !institutionId || !id) return;
        const params = request.params as Record<string, string>;
        const event: LiveEvent = {
          resource: spec.resource,
          action: actionOf(spec, request),
          id,
          institutionId,
          moduleId: spec.resource === 'record' ? params.moduleId : 'crm',
          ...(spec.resource === 'record' ? { submoduleId: params.submoduleId } : {}),
          actorId: scope.userId,
        };
        this.bus.publish(event).catch((error: unknown) => {
          this.logger.warn(
            `live event not published: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      }),
    );
  }
}
