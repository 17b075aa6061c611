import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadQualificationEntity } from './lead-qualification.entity';
import { QualificationController } from './qualification.controller';
import { QualificationService } from './qualification.service';

@Module({
  imports: [TypeOrmModule.forFeature([LeadQualificationEntity])],
  controllers: [QualificationController],
  providers: [QualificationService],
})
export class QualificationModule {}
