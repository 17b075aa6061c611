import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../auth/user.entity';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { MeAccessController, PersonalisationController } from './access.controller';
import { AccessService } from './access.service';
import { ModuleAccessEntity } from './module-access.entity';
import { TenantScopeGuard } from './tenant-scope.guard';
import { UserAccessControlEntity } from './user-access-control.entity';

/** Global: every domain module's routes are guarded by the tenant scope it provides. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([
      InstitutionEntity,
      MembershipEntity,
      ModuleAccessEntity,
      UserAccessControlEntity,
      UserEntity,
    ]),
  ],
  controllers: [MeAccessController, PersonalisationController],
  providers: [AccessService, TenantScopeGuard],
  exports: [AccessService, TenantScopeGuard],
})
export class AccessModule {}
