import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { NotAuthenticatedError } from '../common/domain-errors';
import { IS_PUBLIC } from '../common/public.decorator';
import { RouteMetadataCache } from '../common/route-metadata-cache';
import { AccessTokens } from './access-tokens';

/** Global guard: every route needs a session unless marked @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly isPublic = new RouteMetadataCache<boolean>(
    (targets) => this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) === true,
  );

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.isPublic.of(context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const user = this.tokens.authenticate(request);
    if (!user) throw new NotAuthenticatedError();
    request.user = user;
    return true;
  }
}
