import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { credentialRoute } from '../security/rate-limits';
import { AccountThrottle, TooManyRequestsError, waitInWords } from './account-throttle';

/**
 * Per-account limits on the listed credential routes that name an account in the body (
 * password-reset request): so one address cannot be flooded with attempts or e-mails from many
 * networks. Counted before the handler does any expensive work (hashing, sending).
 */
@Injectable()
export class CredentialThrottleGuard implements CanActivate {
  constructor(
    private readonly throttle: AccountThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const route = credentialRoute(request.method, request.routeOptions.url);
    if (!route?.perAccount) return true;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    // A missing or malformed address is the validation pipe's 400 to give.
    if (typeof email !== 'string' || email.length > 254) return true;
    const { accountRequests, accountWindowSeconds } = this.config.rateLimits;
    const verdict = await this.throttle.hit(
      `${route.perAccount}:${email.trim().toLowerCase()}`,
      accountRequests,
      accountWindowSeconds,
    );
    if (verdict.allowed) return true;
    throw new TooManyRequestsError(
      `Too many requests for this e-mail address. Try again ${waitInWords(verdict.retryAfterSeconds)}.`,
      verdict.retryAfterSeconds,
    );
  }
}
