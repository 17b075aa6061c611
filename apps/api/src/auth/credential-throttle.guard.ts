import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { credentialRoute } from '../security/rate-limits';
import { TooManyRequestsError, waitInWords } from '../common/domain-errors';
import { AccountThrottle } from './account-throttle';
import { routeUrlOf } from '../common/request-scope';

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

  /** Synchronous on every route but the few credential ones: Nest awaits only a promise. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const route = credentialRoute(request.method, routeUrlOf(request));
    if (!route?.perAccount) return true;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    // A missing or malformed address is the validation pipe's 400 to give.
    if (typeof email !== 'string' || email.length > 254) return true;
    return this.countAttempt(route.perAccount, email);
  }

  private async countAttempt(perAccount: string, email: string): Promise<boolean> {
    const address = email.trim().toLowerCase();
    const { accountRequests, accountWindowSeconds, passwordResetsPerAddressPerHour } = this.config.rateLimits;
    // Each reset request may e-mail that address: besides the short window against guessing, a few per
    // hour at most, counted whether or not an account has the address, so the answer tells nothing.
    const windows: Array<[string, number, number]> = [
      [`${perAccount}:${address}`, accountRequests, accountWindowSeconds],
      [`${perAccount}-hourly:${address}`, passwordResetsPerAddressPerHour, 60 * 60],
    ];
    for (const [key, limit, seconds] of windows) {
      const verdict = await this.throttle.hit(key, limit, seconds);
      if (verdict.allowed) continue;
      throw new TooManyRequestsError(
        `Too many requests for this e-mail address. Try again ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      );
    }
    return true;
  }
}
