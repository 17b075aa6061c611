import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { NotAuthenticatedError } from '../common/domain-errors';
import { IS_PUBLIC } from '../common/public.decorator';
import { RouteMetadataCache } from '../common/route-metadata-cache';
import { ApiKeyCredentials, apiKeyOf } from '../integrations/api-key-credentials';
import { AccessTokens } from './access-tokens';

/**
 * Global guard: every route needs a caller unless marked @Public(). The caller is a session (its
 * access token, checked in memory) or an API key (`Bearer tsk_…`, checked against its row), whose
 * scopes the tenant scope guard then holds the route to.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly isPublic = new RouteMetadataCache<boolean>(
    (targets) => this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) === true,
  );

  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
    private readonly apiKeys: ApiKeyCredentials,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (this.isPublic.of(context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    const apiKey = apiKeyOf(request);
    if (apiKey) return this.authenticateKey(apiKey, request, context.switchToHttp().getResponse());
    const user = this.tokens.authenticate(request);
    if (!user) throw new NotAuthenticatedError();
    request.user = user;
    return true;
  }

  private async authenticateKey(
    secret: string,
    request: FastifyRequest & { user?: AuthenticatedUser },
    reply: FastifyReply,
  ): Promise<boolean> {
    request.user = await this.apiKeys.authenticate(secret, reply);
    return true;
  }
}
