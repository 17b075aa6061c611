import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ModuleAccessEntity } from '../access/module-access.entity';
import { AuthModule } from '../auth/auth.module';
import { UserEntity } from '../auth/user.entity';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { AdministrationController } from './administration.controller';
import { AuditEntryEntity } from './audit-entry.entity';
import { AuditLogService } from './audit-log.service';
import { InvitationEntity } from './invitation.entity';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { InstitutionModulesService } from './institution-modules.service';
import { MemberInvitationsService } from './member-invitations.service';
import { MembersService } from './members.service';

/**
 * Institution administration, one service per concern: modules within the plan, members and their
 * levels, invitations (both sides), the audit log. The audit log and the module switch serve
 * subscriptions and the platform console too.
 */
@Module({
  imports: [
    AuthModule,
    TypeOrmModule.forFeature([
      AuditEntryEntity,
      InvitationEntity,
      InstitutionEntity,
      MembershipEntity,
      ModuleAccessEntity,
      PlanEntity,
      UserEntity,
    ]),
  ],
  controllers: [AdministrationController, InvitationsController],
  providers: [
    InstitutionModulesService,
    MembersService,
    MemberInvitationsService,
    InvitationsService,
    AuditLogService,
  ],
  exports: [InstitutionModulesService, AuditLogService, InvitationsService],
})
export class AdministrationModule {}
