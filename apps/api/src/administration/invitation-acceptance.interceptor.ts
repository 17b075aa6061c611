import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { from, type Observable, switchMap } from 'rxjs';
import { AdministrationService } from './administration.service';

interface SignInAnswer {
  user?: { id?: string; email?: string };
}

/**
 * An invited person who already has an account gets the pending membership when they sign in:
 * after a successful sign-in, before the answer leaves, their invitations become memberships.
 */
@Injectable()
export class InvitationAcceptanceInterceptor implements NestInterceptor {
  constructor(private readonly administration: AdministrationService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const path = request.url.split('?')[0];
    if (request.method !== 'POST' || path !== '/api/auth/sign-in') return next.handle();
    return next.handle().pipe(
      switchMap((answer: SignInAnswer) => {
        const user = answer?.user;
        if (!user?.id || !user.email) return from([answer]);
        const { id, email } = user;
        return from(this.administration.acceptInvitations({ id, email }).then(() => answer));
      }),
    );
  }
}
