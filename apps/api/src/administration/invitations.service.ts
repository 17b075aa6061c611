import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AcceptedInvitation,
  INVITATION_ACCOUNT_EXISTS_MESSAGE,
  INVITATION_LINK_MESSAGES,
  type InvitationLookup,
  invitationForSomeoneElseMessage,
} from '@tessera/data-access/contracts';
import { hash } from 'argon2';
import type { DataSource, EntityManager } from 'typeorm';
import { AuthService, type IssuedSession } from '../auth/auth.service';
import { hashToken, looksLikeOneTimeToken, oneTimeTokenState } from '../common/one-time-token';
import { UserEntity } from '../auth/user.entity';
import { ConflictError, ForbiddenError, InvalidInputError } from '../common/domain-errors';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { AuditLogService } from './audit-log.service';
import { InvitationEntity } from './invitation.entity';
import { displayName } from './administration-rules';

interface InvitedSignUp {
  token: string;
  password: string;
  firstName: string;
  lastName: string;
}

type LinkProblem = keyof typeof INVITATION_LINK_MESSAGES;

function refused(problem: LinkProblem): InvalidInputError {
  const message = INVITATION_LINK_MESSAGES[problem];
  return new InvalidInputError(message, { token: [message] });
}

/** The invitation a link's token opens, only while it may be used; otherwise why not. */
function usable(invitation: InvitationEntity | null): InvitationEntity {
  const state = oneTimeTokenState(
    invitation && {
      expiresAt: invitation.expiresAt,
      usedAt: invitation.acceptedAt,
      revokedAt: invitation.revokedAt,
    },
  );
  if (state === 'valid' && invitation) return invitation;
  throw refused(state === 'used' ? 'accepted' : state === 'valid' ? 'invalid' : state);
}

/**
 * The invitee's side of an invitation (docs/product/invitations.md): the e-mailed link's token is
 * the only way to claim it. Without an account it creates one (the e-mail is the invitation's,
 * never typed); with one, the signed-in owner of the invited address accepts it.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly auth: AuthService,
    private readonly audit: AuditLogService,
  ) {}

  async lookup(token: string): Promise<InvitationLookup> {
    const invitation = usable(await this.findByToken(this.dataSource.manager, token));
    const manager = this.dataSource.manager;
    const institution = await manager.getRepository(InstitutionEntity).findOneByOrFail({
      id: invitation.institutionId,
    });
    const inviter = invitation.invitedBy
      ? await manager.getRepository(UserEntity).findOneBy({ id: invitation.invitedBy })
      : null;
    const account = await manager.getRepository(UserEntity).existsBy({ email: invitation.email });
    return {
      institution_id: institution.id,
      institution_name: institution.name,
      role: invitation.role,
      email: invitation.email,
      invited_by: inviter ? displayName(inviter) : null,
      expires_at: invitation.expiresAt.toISOString(),
      next: account ? 'sign_in' : 'sign_up',
    };
  }

  /** The account, its membership, the used invitation, the audit row and the session: one transaction. */
  async signUp(input: InvitedSignUp): Promise<{ session: IssuedSession; invitation: AcceptedInvitation }> {
    usable(await this.findByToken(this.dataSource.manager, input.token));
    // The slow hash only once the link is known to be good, and outside the transaction.
    const passwordHash = await hash(input.password);
    return this.dataSource.transaction(async (manager) => {
      const invitation = usable(await this.findByToken(manager, input.token, true));
      const users = manager.getRepository(UserEntity);
      if (await users.existsBy({ email: invitation.email })) {
        throw new ConflictError(INVITATION_ACCOUNT_EXISTS_MESSAGE);
      }
      const user = await users.save(
        users.create({
          email: invitation.email,
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          avatarUrl: null,
        }),
      );
      const accepted = await this.accept(manager, invitation, user);
      return { session: await this.auth.startSession(user, manager), invitation: accepted };
    });
  }

  /** A signed-in user accepts an invitation sent to their own address. */
  async acceptSignedIn(user: { id: string; email: string }, token: string): Promise<AcceptedInvitation> {
    usable(await this.findByToken(this.dataSource.manager, token));
    return this.dataSource.transaction(async (manager) => {
      const invitation = usable(await this.findByToken(manager, token, true));
      if (invitation.email !== user.email.toLowerCase()) {
        throw new ForbiddenError(invitationForSomeoneElseMessage(invitation.email));
      }
      return this.accept(manager, invitation, user);
    });
  }

  /** Membership (a member keeps their role), the invitation used, the audit row: in the caller's transaction. */
  async accept(
    manager: EntityManager,
    invitation: InvitationEntity,
    user: { id: string; email: string },
  ): Promise<AcceptedInvitation> {
    // Someone who is already a member keeps the role they have.
    await manager
      .createQueryBuilder()
      .insert()
      .into(MembershipEntity)
      .values({ institutionId: invitation.institutionId, userId: user.id, role: invitation.role })
      .orIgnore()
      .execute();
    await manager
      .getRepository(InvitationEntity)
      .update({ id: invitation.id }, { acceptedAt: new Date(), acceptedBy: user.id });
    await this.audit.record(
      {
        institutionId: invitation.institutionId,
        actor: { id: user.id, email: invitation.email },
        action: 'invitation.accepted',
        target: invitation.email,
        details: { role: invitation.role },
      },
      manager,
    );
    const institution = await manager
      .getRepository(InstitutionEntity)
      .findOneByOrFail({ id: invitation.institutionId });
    return { institution_id: institution.id, institution_name: institution.name, role: invitation.role };
  }

  /** `lock`: inside a transaction, so two uses of one link cannot both succeed. */
  private async findByToken(
    manager: EntityManager,
    token: string,
    lock = false,
  ): Promise<InvitationEntity | null> {
    if (!looksLikeOneTimeToken(token)) return null;
    const query = manager
      .getRepository(InvitationEntity)
      .createQueryBuilder('invitation')
      .where('invitation.tokenHash = :tokenHash', { tokenHash: hashToken(token) });
    if (lock) query.setLock('pessimistic_write');
    return query.getOne();
  }
}
