import { Module } from '@nestjs/common';
import { GoalsController } from './goals.controller';
import { GoalsService } from './goals.service';

/** Sales goals: /api/crm/goals. */
@Module({ controllers: [GoalsController], providers: [GoalsService] })
export class GoalsModule {}
