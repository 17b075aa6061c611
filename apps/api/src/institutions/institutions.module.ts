import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdministrationModule } from '../administration/administration.module';
import { InstitutionEntity } from './institution.entity';
import { InstitutionLogoService } from './institution-logo.service';
import { InstitutionsController } from './institutions.controller';
import { InstitutionsService } from './institutions.service';
import { MembershipEntity } from './membership.entity';
import { PlanEntity } from './plan.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([InstitutionEntity, MembershipEntity, PlanEntity]),
    AdministrationModule,
  ],
  controllers: [InstitutionsController],
  providers: [InstitutionsService, InstitutionLogoService],
  exports: [InstitutionsService, InstitutionLogoService],
})
export class InstitutionsModule {}
