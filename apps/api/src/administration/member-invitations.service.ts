import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type InstitutionRole,
  INVITATION_ACCEPT_PATH,
  INVITATION_TTL_DAYS,
  type InvitationSummary,
  isSuperAdminEmail,
  linkWithToken,
  roleAtLeast,
  tokenFromFragment,
} from '@tessera/data-access/contracts';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import {
  hashToken,
  looksLikeOneTimeToken,
  newOneTimeToken,
  oneTimeTokenState,
} from '../common/one-time-token';
import { UserEntity } from '../auth/user.entity';
import { ConflictError, ForbiddenError, NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MembershipEntity } from '../institutions/membership.entity';
import { MailQuotas } from '../mail/mail-quotas';
import type { OutboxMessageEntity } from '../mail/outbox-message.entity';
import { type OutboxReader, OutboxService } from '../mail/outbox.service';
import {
  actorOf,
  canManageOwners,
  displayName,
  invitationSummary,
  requireInstitution,
} from './administration-rules';
import { AuditLogService } from './audit-log.service';
import { InvitationEntity } from './invitation.entity';
import { invitationMessage } from './invitation-message';

const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * The institution's side of invitations (docs/product/invitations.md): the pending list, invite,
 * resend and withdraw. Each change, its e-mail and its audit row share one transaction. The
 * invitee's side (opening and accepting a link) is InvitationsService.
 */
@Injectable()
export class MemberInvitationsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly outbox: OutboxService,
    private readonly quotas: MailQuotas,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.outbox.discloseSignInLinks('invitation', (message, link, reader) =>
      this.mayCopyInvitationLink(message, link, reader),
    );
  }

  /**
   * The inviter may copy their own invitation's link while it still opens, and only while they hold
   * the role it grants or higher: an admin never gets an owner's link, even one they could read.
   */
  private async mayCopyInvitationLink(
    message: OutboxMessageEntity,
    link: string,
    reader: OutboxReader,
  ): Promise<boolean> {
    let token: string | null;
    try {
      token = tokenFromFragment(new URL(link).hash);
    } catch {
      return false;
    }
    if (!token || !looksLikeOneTimeToken(token) || !message.orgId) return false;
    const invitation = await this.dataSource
      .getRepository(InvitationEntity)
      .findOneBy({ tokenHash: hashToken(token), institutionId: message.orgId });
    if (!invitation || invitation.invitedBy !== reader.userId) return false;
    const state = oneTimeTokenState({
      expiresAt: invitation.expiresAt,
      usedAt: invitation.acceptedAt,
      revokedAt: invitation.revokedAt,
    });
    return state === 'valid' && roleAtLeast(reader.role, invitation.role);
  }

  /** The pending invitations (not accepted, not withdrawn), expired ones included so they can be resent. */
  async listInvitations(institutionId: string): Promise<InvitationSummary[]> {
    const rows = await this.dataSource
      .getRepository(InvitationEntity)
      .createQueryBuilder('invitation')
      .leftJoinAndMapOne('invitation.inviter', UserEntity, 'inviter', 'inviter.id = invitation.invitedBy')
      .where('invitation.institutionId = :institutionId', { institutionId })
      .andWhere('invitation.acceptedAt IS NULL AND invitation.revokedAt IS NULL')
      .orderBy('invitation.createdAt', 'DESC')
      .getMany();
    return rows.map((row) =>
      invitationSummary(row, (row as InvitationEntity & { inviter?: UserEntity }).inviter?.email ?? null),
    );
  }

  /** The invitation and its e-mail are written in one transaction: no invitation without its message. */
  async invite(
    scope: TenantScope,
    institutionId: string,
    rawEmail: string,
    role: InstitutionRole,
  ): Promise<InvitationSummary> {
    const email = rawEmail.trim().toLowerCase();
    // An account at the product's own domain is a super admin: inviting one is handing that out.
    if (isSuperAdminEmail(email, this.config.superAdminDomain) && !scope.isSuperAdmin) {
      throw new ForbiddenError(
        `Only a super admin can invite an address at ${this.config.superAdminDomain}: accounts there are super admins`,
      );
    }
    if (role === 'owner' && !canManageOwners(scope))
      throw new ForbiddenError('Only owners can invite owners');
    return this.dataSource.transaction(async (manager) => {
      const existing = await manager
        .getRepository(MembershipEntity)
        .createQueryBuilder('membership')
        .innerJoin(UserEntity, 'user', 'user.id = membership.userId')
        .where('membership.institutionId = :institutionId', { institutionId })
        .andWhere('user.email = :email', { email })
        .getOne();
      if (existing) throw new ConflictError(`${email} is already a member of this institution`);
      const invitations = manager.getRepository(InvitationEntity);
      if (await invitations.findOneBy({ institutionId, email, acceptedAt: IsNull(), revokedAt: IsNull() })) {
        throw new ConflictError(
          `${email} has already been invited. Resend the invitation to send a new link.`,
        );
      }
      await this.quotas.checkInvitation(manager, institutionId, email);
      const link = newOneTimeToken(INVITATION_TTL_MS);
      const saved = await invitations.save(
        invitations.create({
          institutionId,
          email,
          role,
          invitedBy: scope.userId,
          tokenHash: link.hash,
          expiresAt: link.expiresAt,
          sentAt: new Date(),
          acceptedAt: null,
          acceptedBy: null,
          revokedAt: null,
        }),
      );
      await this.mailInvitation(manager, scope, saved, link.token);
      await this.audit.record(
        { institutionId, actor: actorOf(scope), action: 'member.invited', target: email, details: { role } },
        manager,
      );
      return invitationSummary(saved, scope.email);
    });
  }

  /** A new link with a new expiry; the previous link stops working at once. */
  async resendInvitation(
    scope: TenantScope,
    institutionId: string,
    invitationId: string,
  ): Promise<InvitationSummary> {
    return this.dataSource.transaction(async (manager) => {
      const invitation = await this.lockedPendingInvitation(manager, institutionId, invitationId);
      if (invitation.role === 'owner' && !canManageOwners(scope)) {
        throw new ForbiddenError('Only owners can resend an owner invitation');
      }
      await this.quotas.checkInvitation(manager, institutionId, invitation.email);
      const link = newOneTimeToken(INVITATION_TTL_MS);
      invitation.tokenHash = link.hash;
      invitation.expiresAt = link.expiresAt;
      invitation.sentAt = new Date();
      await manager
        .getRepository(InvitationEntity)
        .update(
          { id: invitation.id },
          { tokenHash: link.hash, expiresAt: invitation.expiresAt, sentAt: invitation.sentAt },
        );
      await this.mailInvitation(manager, scope, invitation, link.token);
      await this.audit.record(
        {
          institutionId,
          actor: actorOf(scope),
          action: 'invitation.resent',
          target: invitation.email,
          details: { role: invitation.role },
        },
        manager,
      );
      const inviter = invitation.invitedBy
        ? await manager.getRepository(UserEntity).findOneBy({ id: invitation.invitedBy })
        : null;
      return invitationSummary(invitation, inviter?.email ?? null);
    });
  }

  /** Withdraws a pending invitation: its link then answers that it was withdrawn. */
  async revokeInvitation(scope: TenantScope, institutionId: string, invitationId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const invitation = await this.lockedPendingInvitation(manager, institutionId, invitationId);
      if (invitation.role === 'owner' && !canManageOwners(scope)) {
        throw new ForbiddenError('Only owners can revoke an owner invitation');
      }
      await manager.getRepository(InvitationEntity).update({ id: invitation.id }, { revokedAt: new Date() });
      await this.audit.record(
        { institutionId, actor: actorOf(scope), action: 'invitation.revoked', target: invitation.email },
        manager,
      );
    });
  }

  private async lockedPendingInvitation(
    manager: EntityManager,
    institutionId: string,
    invitationId: string,
  ): Promise<InvitationEntity> {
    const invitation = await manager
      .getRepository(InvitationEntity)
      .createQueryBuilder('invitation')
      .setLock('pessimistic_write')
      .where('invitation.id = :invitationId AND invitation.institutionId = :institutionId', {
        invitationId,
        institutionId,
      })
      .andWhere('invitation.acceptedAt IS NULL AND invitation.revokedAt IS NULL')
      .getOne();
    if (!invitation) throw new NotFoundError('Invitation');
    return invitation;
  }

  private async mailInvitation(
    manager: EntityManager,
    scope: TenantScope,
    invitation: InvitationEntity,
    token: string,
  ): Promise<void> {
    const institution = await requireInstitution(manager, invitation.institutionId);
    const inviter = await manager.getRepository(UserEntity).findOneBy({ id: scope.userId });
    const message = invitationMessage({
      institutionName: institution.name,
      role: invitation.role,
      inviterName: inviter ? displayName(inviter) : scope.email,
      inviterEmail: scope.email,
      link: linkWithToken(this.outbox.link(INVITATION_ACCEPT_PATH), token),
      expiresAt: invitation.expiresAt,
    });
    await this.outbox.queue(manager, [
      {
        orgId: invitation.institutionId,
        kind: 'invitation',
        to: invitation.email,
        subject: message.subject,
        text: message.text,
        sensitive: true,
        createdBy: scope.userId,
      },
    ]);
  }
}
