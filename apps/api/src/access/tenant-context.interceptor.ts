import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable } from 'rxjs';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { runAsSystem, runInTenantContext } from './tenant-context';
import { SYSTEM_CONTEXT, type TenantScope } from './tenant-scope';

type RequestWithScope = { user?: AuthenticatedUser; tenantScope?: TenantScope };

/**
 * Runs each handler inside the tenant context the guards resolved: the institution of the tenant
 * scope, or the caller's personal rows. Requests without a signed-in caller run without one, so
 * the database shows them no tenant's rows unless the code enters a named system context.
 * (An interceptor rather than a guard: the handler must run inside the context, and only an
 * interceptor wraps the handler's execution.)
 */
@Injectable()
export class TenantContextInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const systemReason = this.reflector.getAllAndOverride<string | undefined>(SYSTEM_CONTEXT, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (systemReason) {
      return new Observable((subscriber) =>
        runAsSystem(systemReason, () => next.handle().subscribe(subscriber)),
      );
    }
    const request = context.switchToHttp().getRequest<RequestWithScope>();
    const tenant = request.tenantScope
      ? { institutionId: request.tenantScope.institutionId, userId: request.tenantScope.userId }
      : request.user
        ? { institutionId: null, userId: request.user.id }
        : null;
    if (!tenant) return next.handle();
    // Subscribing inside the context makes the handler (called on subscription) and all it awaits run in it.
    return new Observable((subscriber) =>
      runInTenantContext(tenant, () => next.handle().subscribe(subscriber)),
    );
  }
}
