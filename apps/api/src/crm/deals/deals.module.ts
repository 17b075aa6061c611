import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationModule } from '../automation/automation.module';
import { DealEntity } from './deal.entity';
import { DealsController } from './deals.controller';
import { DealsService } from './deals.service';

@Module({
  imports: [TypeOrmModule.forFeature([DealEntity]), AutomationModule],
  controllers: [DealsController],
  providers: [DealsService],
})
export class DealsModule {}
