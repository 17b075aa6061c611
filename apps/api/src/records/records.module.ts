import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportsModule } from '../imports/imports.module';
import { RecordEntity } from './record.entity';
import { RecordImportsService } from './record-imports.service';
import { RecordInsightsService } from './record-insights.service';
import { RecordsController } from './records.controller';
import { RecordsService } from './records.service';

@Module({
  imports: [TypeOrmModule.forFeature([RecordEntity]), ImportsModule],
  controllers: [RecordsController],
  providers: [RecordsService, RecordImportsService, RecordInsightsService],
  exports: [RecordsService],
})
export class RecordsModule {}
