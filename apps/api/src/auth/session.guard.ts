import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { NotAuthenticatedError } from '../common/domain-errors';
import { IS_PUBLIC } from '../common/public.decorator';

/** Global guard: every route needs a session unless marked @Public(). */
@Injectable()
export class SessionGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the signature is Passport's, inherited from AuthGuard.
  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: any): TUser {
    if (error || !user) throw new NotAuthenticatedError();
    return user as TUser;
  }
}
