import { Module } from '@nestjs/common';
import { CrmEmailModule } from '../../email/crm-email.module';
import { SequencesModule } from '../../sequences/sequences.module';
import { AutomationActions } from './automation-actions';
import { AutomationEngine } from './automation-engine';

/** The one engine that runs automation rules and Smart Leads workflows. */
@Module({
  imports: [CrmEmailModule, SequencesModule],
  providers: [AutomationEngine, AutomationActions],
  exports: [AutomationEngine],
})
export class AutomationEngineModule {}
