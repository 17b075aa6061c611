import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxService } from '../../mail/outbox.service';

/** A tracking token as the outbox makes them (newTrackingToken); anything else is refused early. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The signature of a click redirect: without it /api/mail/c/… would send anyone anywhere under
 * the product's name (an open redirect). It binds the target to the message's token.
 */
export function clickSignature(key: Buffer, token: string, url: string): string {
  return createHmac('sha256', key).update(`${token}\n${url}`).digest('base64url').slice(0, 32);
}

export function isClickSigned(key: Buffer, token: string, url: string, signature: string): boolean {
  const expected = Buffer.from(clickSignature(key, token, url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Only web links are tracked and redirected to. */
export function isWebLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The links a tracked message carries, all on PUBLIC_URL: the open pixel, click redirects and
 * the unsubscribe page (docs/product/campaigns.md).
 */
@Injectable()
export class MailLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: OutboxService,
  ) {
    // A key of its own, derived from the server secret every API process shares.
    this.key = createHmac('sha256', config.jwtSecret).update('tessera mail click links').digest();
  }

  openPixel(token: string): string {
    return this.outbox.link(`/api/mail/o/${token}.gif`);
  }

  click(token: string, url: string): string {
    return this.outbox.link(`/api/mail/c/${token}`, { u: url, s: clickSignature(this.key, token, url) });
  }

  unsubscribe(token: string): string {
    return this.outbox.link(`/api/mail/u/${token}`);
  }

  isSigned(token: string, url: string, signature: string): boolean {
    return isClickSigned(this.key, token, url, signature);
  }
}
