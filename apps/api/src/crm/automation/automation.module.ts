import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationRuleEntity } from './automation-rule.entity';
import { AutomationRuleRunEntity } from './automation-rule-run.entity';
import { AutomationController } from './automation.controller';
import { AutomationRunner } from './automation-runner';
import { AutomationService } from './automation.service';
import { AutomationEngineModule } from './engine/automation-engine.module';

@Module({
  imports: [
    TypeOrmModule.forFeature([AutomationRuleEntity, AutomationRuleRunEntity]),
    AutomationEngineModule,
  ],
  controllers: [AutomationController],
  providers: [AutomationService, AutomationRunner],
  exports: [AutomationRunner],
})
export class AutomationModule {}
