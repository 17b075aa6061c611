import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityEntity } from '../activities/activity.entity';
import { AutomationModule } from '../automation/automation.module';
import { LeadEntity } from './lead.entity';
import { LeadScoreRunEntity } from './lead-score-run.entity';
import { LeadScoreRunsService } from './lead-score-runs.service';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';

@Module({
  imports: [TypeOrmModule.forFeature([LeadEntity, ActivityEntity, LeadScoreRunEntity]), AutomationModule],
  controllers: [LeadsController],
  providers: [LeadsService, LeadScoreRunsService],
  exports: [LeadsService],
})
export class LeadsModule {}
