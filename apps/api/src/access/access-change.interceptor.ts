import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type Observable, tap } from 'rxjs';
import { AccessDecisions } from './access-decisions';

/** Where memberships, roles, levels, modules and institution status are changed. */
const ACCESS_CHANGING_ROUTES = [
  '/api/administration/',
  '/api/platform/',
  '/api/invitations/',
  '/api/subscription',
];

/**
 * The trigger's NOTIFY reaches this process too, but a moment after the commit; a change made here
 * is forgotten here before its answer leaves, so the administrator's next request already sees it.
 */
@Injectable()
export class AccessChangeInterceptor implements NestInterceptor {
  constructor(private readonly decisions: AccessDecisions) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const changes =
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      ACCESS_CHANGING_ROUTES.some((route) => request.url.startsWith(route));
    if (!changes) return next.handle();
    return next
      .handle()
      .pipe(tap({ next: () => this.decisions.forgetAll(), error: () => this.decisions.forgetAll() }));
  }
}
