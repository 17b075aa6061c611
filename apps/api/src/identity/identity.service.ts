import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AuthSessionSummary,
  EndedSessions,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorSignIn,
  TwoFactorStatus,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { AccessDecisions } from '../access/access-decisions';
import type { TenantScope } from '../access/tenant-scope';
import { runInTenantContext } from '../access/tenant-context';
import { actorOf } from '../administration/administration-rules';
import { AuditLogService, type AuditRecord } from '../administration/audit-log.service';
import { AuthService } from '../auth/auth.service';
import { deviceOf } from '../common/client-info';
import { SessionsService } from '../auth/sessions.service';
import { TwoFactorService } from '../auth/two-factor.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../common/domain-errors';

const WRONG_CODE = 'The code is wrong or was already used';

/**
 * What a person does about their own sign-in (sessions, two-factor) and what an institution's
 * owners and admins do about it for their members — with the audit entries each leaves. A person's
 * own events go to the audit log of every institution they belong to: that is where each
 * institution's administrators look.
 */
@Injectable()
export class IdentityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditLogService,
    private readonly decisions: AccessDecisions,
  ) {}

  listSessions(user: AuthenticatedUser): Promise<AuthSessionSummary[]> {
    return this.sessions.list(user.id, user.sessionId);
  }

  async endSession(user: AuthenticatedUser, sessionId: string): Promise<void> {
    const ended = await this.sessions.endOne(user.id, sessionId);
    await this.recordForPerson(user, {
      action: 'session.ended',
      target: deviceOf(ended.user_agent),
      details: { session_id: sessionId, ip: ended.ip, own: sessionId === user.sessionId },
    });
  }

  async endOtherSessions(user: AuthenticatedUser): Promise<EndedSessions> {
    const ended = await this.sessions.endAllOf(user.id, user.sessionId);
    if (ended > 0) {
      await this.recordForPerson(user, {
        action: 'session.ended',
        target: 'every other session',
        details: { ended },
      });
    }
    return { ended };
  }

  /** Owners and admins end every session of a member (not an owner's, unless they are one). */
  async endMemberSessions(scope: TenantScope, institutionId: string, userId: string): Promise<EndedSessions> {
    const rows: Array<{ role: string; email: string }> = await this.dataSource.query(
      `SELECT m.role, u.email FROM institution_members m JOIN users u ON u.id = m.user_id
       WHERE m.institution_id = $1 AND m.user_id = $2`,
      [institutionId, userId],
    );
    const member = rows[0];
    if (!member) throw new NotFoundError('Member');
    const managesOwners = scope.isSuperAdmin || scope.role === 'owner' || scope.role === 'super_admin';
    if (member.role === 'owner' && !managesOwners) {
      throw new ForbiddenError('Only owners can end an owner’s sessions');
    }
    const ended = await this.sessions.endAllOf(userId);
    await this.audit.record({
      institutionId,
      actor: actorOf(scope),
      action: 'sessions.ended_by_admin',
      target: member.email,
      details: { ended },
    });
    return { ended };
  }

  twoFactorStatus(user: AuthenticatedUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user.id);
  }

  setUpTwoFactor(user: AuthenticatedUser): Promise<TwoFactorSetup> {
    return this.twoFactor.setup(user.id, user.email);
  }

  async confirmTwoFactor(user: AuthenticatedUser, code: string): Promise<TwoFactorRecoveryCodes> {
    const codes = await this.twoFactor.confirm(user.id, code);
    if (!codes) throw new InvalidInputError(WRONG_CODE, { code: [WRONG_CODE] });
    // This process drops its decisions now; the others hear the table's trigger.
    this.decisions.forgetAll();
    await this.recordForPerson(user, { action: 'two_factor.enabled', target: user.email });
    return { recovery_codes: codes };
  }

  async disableTwoFactor(user: AuthenticatedUser, password: string, answer: TwoFactorSignIn): Promise<void> {
    await this.auth.checkCurrentPassword(user.id, password, 'password');
    if (!(await this.twoFactor.isEnabled(user.id))) throw new ConflictError('Two-factor sign-in is not on');
    const required = await this.institutionsRequiringTwoFactor(user.id);
    if (required.length > 0) {
      throw new ForbiddenError(`${required.join(', ')} requires two-factor sign-in: it cannot be turned off`);
    }
    const verdict = await this.twoFactor.verify(user.id, answer);
    if (verdict !== 'accepted') {
      const field = answer.recovery_code && !answer.code ? 'recovery_code' : 'code';
      throw new InvalidInputError(WRONG_CODE, { [field]: [WRONG_CODE] });
    }
    await this.twoFactor.disable(user.id);
    this.decisions.forgetAll();
    await this.recordForPerson(user, { action: 'two_factor.disabled', target: user.email });
  }

  /** Owners only; an owner without two-factor cannot require it (they would be locked out at once). */
  async setTwoFactorRequired(scope: TenantScope, institutionId: string, required: boolean): Promise<void> {
    if (required && !(await this.twoFactor.isEnabled(scope.userId)) && !scope.isSuperAdmin) {
      throw new ConflictError('Turn on two-factor sign-in for yourself before requiring it');
    }
    await this.dataSource.query('UPDATE institutions SET require_two_factor = $2 WHERE id = $1', [
      institutionId,
      required,
    ]);
    this.decisions.forgetAll();
    await this.audit.record({
      institutionId,
      actor: actorOf(scope),
      action: 'two_factor.requirement_changed',
      target: required ? 'required' : 'not required',
    });
  }

  private async institutionsRequiringTwoFactor(userId: string): Promise<string[]> {
    const rows: Array<{ name: string }> = await this.dataSource.query(
      `SELECT i.name FROM institution_members m JOIN institutions i ON i.id = m.institution_id
       WHERE m.user_id = $1 AND i.require_two_factor ORDER BY i.name`,
      [userId],
    );
    return rows.map((row) => row.name);
  }

  /** One entry in each of the person's institutions, each written in that institution's own context. */
  private async recordForPerson(
    user: AuthenticatedUser,
    record: Omit<AuditRecord, 'institutionId' | 'actor'>,
  ): Promise<void> {
    const rows: Array<{ institution_id: string }> = await this.dataSource.query(
      'SELECT institution_id FROM institution_members WHERE user_id = $1',
      [user.id],
    );
    for (const { institution_id: institutionId } of rows) {
      await runInTenantContext({ institutionId, userId: user.id }, () =>
        this.audit.record({ ...record, institutionId, actor: { id: user.id, email: user.email } }),
      );
    }
  }
}
