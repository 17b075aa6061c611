import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdministrationModule } from '../administration/administration.module';
import { ErrorReportsModule } from '../error-reports/error-reports.module';
import { InstitutionEntity } from '../institutions/institution.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { RegistryModule } from '../registry/registry.module';
import { RemotePinEntity } from '../registry/remote-pin.entity';
import { PlatformController } from './platform.controller';
import { PlatformService } from './platform.service';
import { SuperAdminGuard } from './super-admin.guard';

@Module({
  imports: [
    AdministrationModule,
    ErrorReportsModule,
    RegistryModule,
    TypeOrmModule.forFeature([InstitutionEntity, PlanEntity, RemotePinEntity]),
  ],
  controllers: [PlatformController],
  providers: [PlatformService, SuperAdminGuard],
})
export class PlatformModule {}
