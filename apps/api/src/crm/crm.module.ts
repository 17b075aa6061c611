import { Module } from '@nestjs/common';
import { ActivitiesModule } from './activities/activities.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AutomationModule } from './automation/automation.module';
import { CampaignsModule } from './campaigns/campaigns.module';
import { CompaniesModule } from './companies/companies.module';
import { ContactsModule } from './contacts/contacts.module';
import { DealsModule } from './deals/deals.module';
import { ForecastModule } from './forecast/forecast.module';
import { GoalsModule } from './goals/goals.module';
import { CrmEmailModule } from './email/crm-email.module';
import { EmailTrackingModule } from './email-tracking/email-tracking.module';
import { CrmImportsModule } from './imports/crm-imports.module';
import { LeadsModule } from './leads/leads.module';
import { MailboxesModule } from './mailboxes/mailboxes.module';
import { QualificationModule } from './qualification/qualification.module';
import { ScoringModule } from './scoring/scoring.module';
import { SegmentsModule } from './segments/segments.module';
import { WebFormsModule } from './web-forms/web-forms.module';
import { SequencesModule } from './sequences/sequences.module';
import { SellingModule } from './selling/selling.module';
import { WorkflowsModule } from './workflows/workflows.module';

/** The CRM domain (docs/product/crm.md): one Nest module per part, all under /api/crm. */
@Module({
  imports: [
    LeadsModule,
    QualificationModule,
    CompaniesModule,
    ContactsModule,
    DealsModule,
    ActivitiesModule,
    CampaignsModule,
    CrmEmailModule,
    EmailTrackingModule,
    AutomationModule,
    ScoringModule,
    WorkflowsModule,
    SegmentsModule,
    SequencesModule,
    AnalyticsModule,
    CrmImportsModule,
    WebFormsModule,
    ForecastModule,
    GoalsModule,
    SellingModule,
    MailboxesModule,
  ],
})
export class CrmModule {}
