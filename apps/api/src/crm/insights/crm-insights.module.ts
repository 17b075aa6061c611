import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { WorkflowsModule } from '../workflows/workflows.module';
import { AiInsightsService } from './ai-insights.service';
import { CrmInsightsController } from './crm-insights.controller';
import { CrmReportService } from './crm-report.service';
import { SmartLeadsService } from './smart-leads.service';

/** Read models over the CRM (smart leads, analytics, insights) and the capture-with-workflows flow. */
@Module({
  imports: [LeadsModule, WorkflowsModule],
  controllers: [CrmInsightsController],
  providers: [SmartLeadsService, CrmReportService, AiInsightsService],
})
export class CrmInsightsModule {}
