import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CrmEmailModule } from '../email/crm-email.module';
import { AutomationRuleEntity } from './automation-rule.entity';
import { AutomationRuleRunEntity } from './automation-rule-run.entity';
import { AutomationController } from './automation.controller';
import { AutomationRunner } from './automation-runner';
import { AutomationService } from './automation.service';

@Module({
  imports: [TypeOrmModule.forFeature([AutomationRuleEntity, AutomationRuleRunEntity]), CrmEmailModule],
  controllers: [AutomationController],
  providers: [AutomationService, AutomationRunner],
  exports: [AutomationRunner],
})
export class AutomationModule {}
