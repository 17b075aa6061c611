import { Inject, Injectable } from '@nestjs/common';
import type { OutboxMessageKind } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import { TooManyRequestsError, waitInWords } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

const HOUR_SECONDS = 60 * 60;

/** What one quota counts: messages of `kinds` in the last hour, to one address, of one institution or by one person. */
interface QuotaCount {
  kinds: OutboxMessageKind[];
  recipient?: string;
  orgId?: string;
  createdBy?: string;
}

/**
 * Limits on mail that one person's request sends to an address (docs/security.md, "Mail to other
 * people's addresses"): counted over the outbox itself, in the transaction that would queue the
 * message, so a refused request queues nothing and every API process counts the same messages. An
 * advisory lock per counted key makes two simultaneous requests count one after the other.
 */
@Injectable()
export class MailQuotas {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Invitations and their resends: a few per address and hour, a bounded number per institution. */
  async checkInvitation(manager: EntityManager, institutionId: string, recipient: string): Promise<void> {
    const limits = this.config.rateLimits;
    const to = recipient.trim().toLowerCase();
    await this.check(
      manager,
      { kinds: ['invitation'], recipient: to },
      limits.mailToAddressPerHour,
      (wait) => `Too many invitations have been sent to ${to} in the last hour. Try again ${wait}.`,
    );
    await this.check(
      manager,
      { kinds: ['invitation'], orgId: institutionId },
      limits.invitationsPerInstitutionPerHour,
      (wait) =>
        `This institution has sent ${limits.invitationsPerInstitutionPerHour} invitations in the last hour. Try again ${wait}.`,
    );
  }

  /** Campaign tests go to the sender's own address, but each is a real message: a bounded number per person. */
  async checkCampaignTest(manager: EntityManager, userId: string): Promise<void> {
    const limit = this.config.rateLimits.campaignTestsPerPersonPerHour;
    await this.check(
      manager,
      { kinds: ['test'], createdBy: userId },
      limit,
      (wait) => `You have sent ${limit} test messages in the last hour. Try again ${wait}.`,
    );
  }

  private async check(
    manager: EntityManager,
    count: QuotaCount,
    limit: number,
    refusal: (wait: string) => string,
  ): Promise<void> {
    const key = `mail-quota:${count.kinds.join(',')}:${count.recipient ?? ''}:${count.orgId ?? ''}:${count.createdBy ?? ''}`;
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    const [row]: Array<{ sent: number; retry_after_seconds: number }> = await manager.query(
      'SELECT sent, retry_after_seconds FROM mail_sent_recently($1, $2, $3, $4, $5)',
      [count.kinds, HOUR_SECONDS, count.recipient ?? null, count.orgId ?? null, count.createdBy ?? null],
    );
    if ((row?.sent ?? 0) < limit) return;
    const retryAfter = Math.max(1, row?.retry_after_seconds ?? HOUR_SECONDS);
    throw new TooManyRequestsError(refusal(waitInWords(retryAfter)), retryAfter);
  }
}
