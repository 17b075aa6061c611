import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isTwoFactorCodeShape,
  normaliseRecoveryCode,
  normaliseTwoFactorCode,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_FAILURES,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_LOCK_SECONDS,
  type TwoFactorSetup,
  type TwoFactorSignIn,
  type TwoFactorStatus,
} from '@tessera/data-access/contracts';
import { Secret, TOTP } from 'otpauth';
import type { DataSource } from 'typeorm';
import { ConflictError, TooManyRequestsError, waitInWords } from '../common/domain-errors';
import { AccountThrottle } from './account-throttle';
import { hashToken } from '../common/one-time-token';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it changed. */
const WINDOW = 1;
/** 80 random bits per recovery code: out of reach of guessing even from a stolen table of SHA-256s. */
const RECOVERY_CODE_BYTES = 10;

interface TwoFactorRow {
  secret: string | null;
  pending_secret: string | null;
  enabled_at: Date | null;
  last_used_step: string | null;
}

export type TwoFactorVerdict = 'accepted' | 'wrong' | 'reused';

function totpFor(secret: string, email = ''): TOTP {
  return new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** `xxxx-xxxx-xxxx-xxxx` in lower-case base32: easy to copy by hand, no look-alike digits. */
function newRecoveryCode(): string {
  const text = new Secret({ buffer: randomBytes(RECOVERY_CODE_BYTES).buffer }).base32.toLowerCase();
  return text.match(/.{1,4}/g)?.join('-') ?? text;
}

/**
 * Two-factor sign-in with a time-based code (docs/product/sign-in-and-sessions.md). The TOTP maths
 * is otpauth's; the rules here are ours: a code works once (the last accepted time step is kept),
 * recovery codes once each, and five wrong answers in a row lock the step for 15 minutes.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly throttle: AccountThrottle,
  ) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const rows: Array<{ enabled: boolean; left: string }> = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM user_two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL) AS enabled,
              (SELECT count(*) FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL) AS left`,
      [userId],
    );
    return { enabled: rows[0]?.enabled === true, recovery_codes_left: Number(rows[0]?.left ?? 0) };
  }

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.status(userId)).enabled;
  }

  /** A new secret, kept aside until a first code proves the app has it. */
  async setup(userId: string, email: string): Promise<TwoFactorSetup> {
    if (await this.isEnabled(userId)) throw new ConflictError('Two-factor sign-in is already on');
    const secret = new Secret({ size: 20 }).base32;
    await this.dataSource.query(
      `INSERT INTO user_two_factor (user_id, pending_secret) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret, updated_at = now()`,
      [userId, secret],
    );
    return { secret, otpauth_url: totpFor(secret, email).toString() };
  }

  /**
   * Turns two-factor on when `code` comes from the pending secret; answers the recovery codes
   * (shown once: only their hashes are kept). Null when the code is wrong or there is no setup.
   */
  async confirm(userId: string, code: string): Promise<string[] | null> {
    await this.countAttempt(userId);
    const row = await this.row(userId);
    if (row?.enabled_at) throw new ConflictError('Two-factor sign-in is already on');
    const step = row?.pending_secret ? this.acceptedStep(row.pending_secret, code) : null;
    if (step === null) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE user_two_factor SET secret = pending_secret, pending_secret = NULL, enabled_at = now(),
                last_used_step = $2, updated_at = now()
         WHERE user_id = $1 AND pending_secret IS NOT NULL`,
        [userId, step],
      );
      await manager.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
      await manager.query(
        `INSERT INTO two_factor_recovery_codes (user_id, code_hash)
         SELECT $1, unnest($2::text[])`,
        [userId, codes.map((value) => hashToken(normaliseRecoveryCode(value)))],
      );
    });
    await this.throttle.clear(this.attemptsKey(userId));
    return codes;
  }

  /**
   * Checks a code or a recovery code of an account with two-factor on. Counted before checking:
   * the sixth attempt within the window is refused (429) whatever it holds.
   */
  async verify(userId: string, answer: TwoFactorSignIn): Promise<TwoFactorVerdict> {
    await this.countAttempt(userId);
    const verdict = answer.recovery_code
      ? await this.useRecoveryCode(userId, answer.recovery_code)
      : await this.useCode(userId, answer.code ?? '');
    if (verdict === 'accepted') await this.throttle.clear(this.attemptsKey(userId));
    return verdict;
  }

  async disable(userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM user_two_factor WHERE user_id = $1', [userId]);
    });
  }

  private async useCode(userId: string, code: string): Promise<TwoFactorVerdict> {
    const row = await this.row(userId);
    if (!row?.secret || !row.enabled_at) return 'wrong';
    const step = this.acceptedStep(row.secret, code);
    if (step === null) return 'wrong';
    // Conditional: of two requests with the same code, one wins; an older code after a newer one is refused too.
    const [, updated]: [unknown, number] = await this.dataSource.query(
      `UPDATE user_two_factor SET last_used_step = $2, updated_at = now()
       WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)`,
      [userId, step],
    );
    return updated > 0 ? 'accepted' : 'reused';
  }

  private async useRecoveryCode(userId: string, code: string): Promise<TwoFactorVerdict> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE two_factor_recovery_codes SET used_at = now()
       WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
         AND EXISTS (SELECT 1 FROM user_two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL)
       RETURNING id`,
      [userId, hashToken(normaliseRecoveryCode(code))],
    );
    return rows.length > 0 ? 'accepted' : 'wrong';
  }

  /** The time step the code belongs to, or null when it is none of the current window's. */
  private acceptedStep(secret: string, code: string): number | null {
    if (!isTwoFactorCodeShape(code)) return null;
    const now = Date.now();
    const delta = totpFor(secret).validate({
      token: normaliseTwoFactorCode(code),
      timestamp: now,
      window: WINDOW,
    });
    if (delta === null) return null;
    return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
  }

  private async row(userId: string): Promise<TwoFactorRow | undefined> {
    const rows: TwoFactorRow[] = await this.dataSource.query(
      'SELECT secret, pending_secret, enabled_at, last_used_step FROM user_two_factor WHERE user_id = $1',
      [userId],
    );
    return rows[0];
  }

  private attemptsKey(userId: string): string {
    return `two-factor:${userId}`;
  }

  private async countAttempt(userId: string): Promise<void> {
    const verdict = await this.throttle.hit(
      this.attemptsKey(userId),
      TWO_FACTOR_FAILURES,
      TWO_FACTOR_LOCK_SECONDS,
    );
    if (!verdict.allowed) {
      throw new TooManyRequestsError(
        `Too many wrong codes. Try again ${waitInWords(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      );
    }
  }
}
