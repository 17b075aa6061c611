import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../auth/user.entity';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { MeAccessController, PersonalisationController } from './access.controller';
import { AccessDecisions } from './access-decisions';
import { AccessService } from './access.service';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
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
  providers: [AccessService, AccessDecisions, ModuleCatalogue, TenantScopeGuard],
  exports: [AccessService, AccessDecisions, ModuleCatalogue, TenantScopeGuard],
})
export class AccessModule {}
