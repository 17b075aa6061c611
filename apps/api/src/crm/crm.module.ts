import { Module } from '@nestjs/common';
import { ActivitiesModule } from './activities/activities.module';
import { AutomationModule } from './automation/automation.module';
import { ContactsModule } from './contacts/contacts.module';
import { DealsModule } from './deals/deals.module';
import { LeadsModule } from './leads/leads.module';

/** The CRM domain (spec §3–§9): one Nest module per part, all under /api/crm. */
@Module({
  imports: [LeadsModule, ContactsModule, DealsModule, ActivitiesModule, AutomationModule],
})
export class CrmModule {}
