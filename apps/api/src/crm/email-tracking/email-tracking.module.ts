import { Module } from '@nestjs/common';
import { AutomationModule } from '../automation/automation.module';
import { CrmEmailModule } from '../email/crm-email.module';
import { SequencesModule } from '../sequences/sequences.module';
import { WorkflowsModule } from '../workflows/workflows.module';
import { EmailTrackingController } from './email-tracking.controller';
import { EmailTrackingService } from './email-tracking.service';

/** Opens, clicks and unsubscribes of tracked messages, and what an open sets off. */
@Module({
  imports: [CrmEmailModule, AutomationModule, WorkflowsModule, SequencesModule],
  controllers: [EmailTrackingController],
  providers: [EmailTrackingService],
})
export class EmailTrackingModule {}
