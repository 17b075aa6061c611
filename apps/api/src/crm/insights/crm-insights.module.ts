import { Module } from '@nestjs/common';
import { CrmEmailModule } from '../email/crm-email.module';
import { LeadsModule } from '../leads/leads.module';
import { AiInsightsService } from './ai-insights.service';
import { CrmInsightsController } from './crm-insights.controller';
import { CrmReportService } from './crm-report.service';
import { SmartLeadsService } from './smart-leads.service';
import { WorkflowRunnerService } from './workflow-runner.service';

/** Read models over the CRM (smart leads, analytics, insights) and the capture-with-workflows flow. */
@Module({
  imports: [LeadsModule, CrmEmailModule],
  controllers: [CrmInsightsController],
  providers: [SmartLeadsService, CrmReportService, AiInsightsService, WorkflowRunnerService],
  exports: [WorkflowRunnerService],
})
export class CrmInsightsModule {}
