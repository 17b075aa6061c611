import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityEntity } from '../activities/activity.entity';
import { LeadEntity } from './lead.entity';
import { LeadScoreRunEntity } from './lead-score-run.entity';
import { LeadScoreRunsService } from './lead-score-runs.service';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';

@Module({
  imports: [TypeOrmModule.forFeature([LeadEntity, ActivityEntity, LeadScoreRunEntity])],
  controllers: [LeadsController],
  providers: [LeadsService, LeadScoreRunsService],
  exports: [LeadsService],
})
export class LeadsModule {}
