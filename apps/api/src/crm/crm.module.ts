import { Module } from '@nestjs/common';
import { LeadsModule } from './leads/leads.module';

/** The CRM domain (spec §3–§9): one Nest module per part, all under /api/crm. */
@Module({
  imports: [LeadsModule],
})
export class CrmModule {}
