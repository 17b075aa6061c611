import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ModuleAccessEntity } from '../access/module-access.entity';
import { AuthModule } from '../auth/auth.module';
import { UserEntity } from '../auth/user.entity';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { AdministrationController } from './administration.controller';
import { AdministrationService } from './administration.service';
import { AuditEntryEntity } from './audit-entry.entity';
import { AuditLogService } from './audit-log.service';
import { InvitationEntity } from './invitation.entity';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

/** Institution administration and invitations; its audit log and plan rules serve subscriptions and the console too. */
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
  providers: [AdministrationService, AuditLogService, InvitationsService],
  exports: [AdministrationService, AuditLogService],
})
export class AdministrationModule {}
