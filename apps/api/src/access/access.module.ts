import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../auth/user.entity';
import { InstitutionEntity } from '../institutions/institution.entity';
import { MembershipEntity } from '../institutions/membership.entity';
import { MeAccessController, PersonalisationController } from './access.controller';
import { AccessDecisions } from './access-decisions';
import { AccessService } from './access.service';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { ModuleAccessEntity } from './module-access.entity';
import { bindPoolToTenantContext } from './tenant-connection';
import { TenantScopeGuard } from './tenant-scope.guard';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
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
export class AccessModule implements OnModuleInit {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** From here on every pooled connection works as the app role in its caller's tenant context. */
  onModuleInit(): void {
    bindPoolToTenantContext((this.dataSource.driver as unknown as { master: Pool }).master);
  }
}
