import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  PASSWORD_RESET_LINK_MESSAGES,
  PASSWORD_RESET_PATH,
  PASSWORD_RESET_TTL_MINUTES,
  linkWithToken,
} from '@tessera/data-access/contracts';
import { hash } from 'argon2';
import { type DataSource, IsNull } from 'typeorm';
import { InvalidInputError } from '../common/domain-errors';
import { type JobContext, JobQueue } from '../jobs/job-queue.service';
import { OutboxService } from '../mail/outbox.service';
import { AuthService } from './auth.service';
import {
  hashToken,
  looksLikeOneTimeToken,
  newOneTimeToken,
  oneTimeTokenState,
} from '../common/one-time-token';
import { passwordResetMessage } from './password-reset-message';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { UserEntity } from './user.entity';

export const PASSWORD_RESET_JOB = 'auth.password-reset';

function refused(state: 'invalid' | 'expired' | 'used'): InvalidInputError {
  const message = PASSWORD_RESET_LINK_MESSAGES[state];
  return new InvalidInputError(message, { token: [message] });
}

/**
 * Password reset by e-mailed link (docs/product/password-reset.md). A request only enqueues a job
 * with the address, whatever the address: the answer and its timing are the same whether or not an
 * account exists. The job looks the account up and, when there is one, writes the link's token
 * (hashed) and its message in one transaction.
 */
@Injectable()
export class PasswordResetService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
    private readonly auth: AuthService,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ email: string }>({
      name: PASSWORD_RESET_JOB,
      handler: (data, job) => this.sendLink(data.email, job),
    });
  }

  async request(rawEmail: string): Promise<void> {
    await this.jobs.send(PASSWORD_RESET_JOB, { email: rawEmail.trim().toLowerCase() });
  }

  private async sendLink(email: string, job: JobContext): Promise<void> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email });
    if (!user) return;
    const { token, hash: tokenHash, expiresAt } = newOneTimeToken(PASSWORD_RESET_TTL_MINUTES * 60_000);
    await this.dataSource.transaction(async (manager) => {
      // Keyed by the job: a job that runs again after a crash finds its link made and sends nothing more.
      const inserted: Array<{ id: string }> = await manager.query(
        `INSERT INTO password_reset_tokens (user_id, token_hash, request_key, expires_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (request_key) DO NOTHING RETURNING id`,
        [user.id, tokenHash, `job:${job.id}`, expiresAt],
      );
      if (inserted.length === 0) return;
      const message = passwordResetMessage({
        email,
        link: linkWithToken(this.outbox.link(PASSWORD_RESET_PATH), token),
        expiresAt,
      });
      await this.outbox.queue(manager, [
        {
          orgId: null,
          kind: 'password_reset',
          to: email,
          subject: message.subject,
          text: message.text,
          sensitive: true,
          idempotencyKey: `password_reset:${inserted[0].id}`,
          createdBy: user.id,
        },
      ]);
    });
  }

  /** Sets the new password, uses up the link (and any other open one) and ends every session. */
  async confirm(token: string, password: string): Promise<void> {
    if (!looksLikeOneTimeToken(token)) throw refused('invalid');
    const tokens = this.dataSource.getRepository(PasswordResetTokenEntity);
    const tokenHash = hashToken(token);
    const before = oneTimeTokenState(await tokens.findOneBy({ tokenHash }));
    if (before !== 'valid') throw refused(before === 'revoked' ? 'invalid' : before);
    // The slow hash only once the link is known to be good.
    const passwordHash = await hash(password);
    await this.dataSource.transaction(async (manager) => {
      // TypeORM answers an UPDATE … RETURNING with [rows, count].
      const [[used]]: [Array<{ user_id: string }>, number] = await manager.query(
        `UPDATE password_reset_tokens SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash],
      );
      if (!used) {
        // Someone used it in the meantime, or it expired while the password was hashed.
        const now = oneTimeTokenState(
          await manager.getRepository(PasswordResetTokenEntity).findOneBy({ tokenHash }),
        );
        throw refused(now === 'valid' || now === 'revoked' ? 'used' : now);
      }
      await manager
        .getRepository(PasswordResetTokenEntity)
        .update({ userId: used.user_id, usedAt: IsNull() }, { usedAt: new Date() });
      await manager.getRepository(UserEntity).update({ id: used.user_id }, { passwordHash });
      await this.auth.endAllSessions(used.user_id, manager);
    });
  }
}
