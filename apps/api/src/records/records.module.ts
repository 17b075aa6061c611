import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImportsModule } from '../imports/imports.module';
import { RecordEntity } from './record.entity';
import { RecordImportsService } from './record-imports.service';
import { RecordBulkService } from './record-bulk.service';
import { RecordCsvService } from './record-csv.service';
import { RecordInsightsService } from './record-insights.service';
import { RecordListsService } from './record-lists.service';
import { RecordReferencesService } from './record-references.service';
import { RecordScope } from './record-scope.service';
import { RecordWritesService } from './record-writes.service';
import { RecordsController } from './records.controller';
import { RecentlyViewedService } from './recently-viewed.service';
import { SavedListViewsService } from './saved-list-views.service';

@Module({
  imports: [TypeOrmModule.forFeature([RecordEntity]), ImportsModule],
  controllers: [RecordsController],
  providers: [
    RecordScope,
    RecordListsService,
    RecordWritesService,
    RecordBulkService,
    RecordReferencesService,
    RecordCsvService,
    RecordImportsService,
    RecordInsightsService,
    SavedListViewsService,
    RecentlyViewedService,
  ],
  exports: [RecordScope, RecentlyViewedService],
})
export class RecordsModule {}
