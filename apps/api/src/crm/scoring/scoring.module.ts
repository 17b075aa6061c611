import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ScoringRuleEntity } from './scoring-rule.entity';
import { ScoringRulesController } from './scoring-rules.controller';
import { ScoringRulesService } from './scoring-rules.service';

@Module({
  imports: [TypeOrmModule.forFeature([ScoringRuleEntity])],
  controllers: [ScoringRulesController],
  providers: [ScoringRulesService],
})
export class ScoringModule {}
