import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportsModule } from '../imports/imports.module';
import { RecordEntity } from './record.entity';
import { RecordImportsService } from './record-imports.service';
import { RecordInsightsService } from './record-insights.service';
import { RecordsController } from './records.controller';
import { RecentlyViewedService } from './recently-viewed.service';
import { RecordsService } from './records.service';
import { SavedListViewsService } from './saved-list-views.service';

@Module({
  imports: [TypeOrmModule.forFeature([RecordEntity]), ImportsModule],
  controllers: [RecordsController],
  providers: [
    RecordsService,
    RecordImportsService,
    RecordInsightsService,
    SavedListViewsService,
    RecentlyViewedService,
  ],
  exports: [RecordsService, RecentlyViewedService],
})
export class RecordsModule {}
