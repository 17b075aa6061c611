import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type {
  ModuleInsights,
  RecordImportStatus,
  RecordItem,
  RecordBulkResult,
  RecordPage,
  RelatedRecords,
  SavedListView,
} from '@tessera/data-access/contracts';
import { ReadsAcrossModules, RequireModuleAccess, Scope, type TenantScope } from '../access/tenant-scope';
import { ImportJobs } from '../imports/import-jobs.service';
import { PublishesLiveEvent } from '../live-updates/live-event.decorator';
import { CreateRecordDto, ImportRecordsDto, UpdateRecordDto } from './dto/record-body.dto';
import { ListRecordsQuery } from './dto/list-records.query';
import { RelatedRecordsResponse } from './dto/related-records.response';
import {
  BulkDeleteRecordsDto,
  BulkUpdateRecordsDto,
  RecordBulkResultResponse,
  SavedListViewResponse,
  SaveListViewDto,
} from './dto/record-bulk.dto';
import { RecentlyViewedService } from './recently-viewed.service';
import { SavedListViewsService } from './saved-list-views.service';
import { RecordInsightsService } from './record-insights.service';
import { RecordBulkService } from './record-bulk.service';
import { RecordCsvService } from './record-csv.service';
import { RecordListsService } from './record-lists.service';
import { RecordReferencesService } from './record-references.service';
import { RecordScope } from './record-scope.service';
import { RecordWritesService } from './record-writes.service';
import { ApiAcceptedResponse, ApiCreatedResponse } from '@nestjs/swagger';
import { ApiFile } from '../common/api-responses';
import {
  ModuleInsightsBody,
  RecordImportStatusBody,
  RecordItemBody,
  RecordPageBody,
} from './record.responses';

const MODULE_PARAM = { param: 'moduleId' } as const;

/** Every record-keeping submodule of every module but the CRM, driven by the catalogue's schemas. */
@ApiTags('records')
@ApiHeader({ name: 'X-Institution-Id', required: false })
@Controller('modules/:moduleId')
export class RecordsController {
  constructor(
    private readonly records: RecordScope,
    private readonly lists: RecordListsService,
    private readonly writes: RecordWritesService,
    private readonly bulk: RecordBulkService,
    private readonly references: RecordReferencesService,
    private readonly csv: RecordCsvService,
    private readonly imports: ImportJobs,
    private readonly insights: RecordInsightsService,
    private readonly savedViews: SavedListViewsService,
    private readonly recentlyViewed: RecentlyViewedService,
  ) {}

  @Get(':submoduleId/records')
  @ApiOkResponse({ type: RecordPageBody })
  @RequireModuleAccess(MODULE_PARAM, 'read')
  list(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Query() query: ListRecordsQuery,
  ): Promise<RecordPage> {
    return this.lists.list(scope, { moduleId, submoduleId }, query);
  }

  @Get(':submoduleId/records/export.csv')
  @ApiFile('text/csv', 'The records as CSV, one column per field (UTF-8)')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  exportCsv(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Query() query: ListRecordsQuery,
  ): Promise<string> {
    return this.csv.exportCsv(scope, { moduleId, submoduleId }, query);
  }

  @Post(':submoduleId/records/import')
  @ApiAcceptedResponse({ type: RecordImportStatusBody })
  @HttpCode(202)
  @RequireModuleAccess(MODULE_PARAM, 'write')
  startImport(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Body() body: ImportRecordsDto,
  ): Promise<RecordImportStatus> {
    return this.imports.start(scope, { moduleId, submoduleId }, body.csv);
  }

  /** The caller's imports of this submodule still under way, newest first: a reopened screen resumes them. */
  @Get(':submoduleId/imports/active')
  @ApiOkResponse({ type: [RecordImportStatusBody] })
  @RequireModuleAccess(MODULE_PARAM, 'read')
  activeImports(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
  ): Promise<RecordImportStatus[]> {
    return this.imports.active(scope, { moduleId, submoduleId });
  }

  @Get(':submoduleId/imports/:importId')
  @ApiOkResponse({ type: RecordImportStatusBody })
  @RequireModuleAccess(MODULE_PARAM, 'read')
  importStatus(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('importId', ParseUUIDPipe) importId: string,
  ): Promise<RecordImportStatus> {
    return this.imports.status(scope, { moduleId, submoduleId }, importId);
  }

  /** One status (or other enum value) for many records, all or nothing. */
  @Post(':submoduleId/records/bulk-update')
  @HttpCode(200)
  @RequireModuleAccess(MODULE_PARAM, 'write')
  @ApiResponse({ status: 200, type: RecordBulkResultResponse })
  async bulkUpdate(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Body() body: BulkUpdateRecordsDto,
  ): Promise<RecordBulkResult> {
    return { count: await this.bulk.bulkUpdate(scope, { moduleId, submoduleId }, body.ids, body.data) };
  }

  @Post(':submoduleId/records/bulk-delete')
  @HttpCode(200)
  @RequireModuleAccess(MODULE_PARAM, 'write')
  @ApiResponse({ status: 200, type: RecordBulkResultResponse })
  async bulkDelete(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Body() body: BulkDeleteRecordsDto,
  ): Promise<RecordBulkResult> {
    return { count: await this.bulk.bulkRemove(scope, { moduleId, submoduleId }, body.ids) };
  }

  /** The caller's own saved views of this list. */
  @Get(':submoduleId/saved-views')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  @ApiResponse({ status: 200, type: [SavedListViewResponse] })
  savedViewsOf(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
  ): Promise<SavedListView[]> {
    return this.savedViews.list(scope, this.records.schemaFor({ moduleId, submoduleId }));
  }

  @Post(':submoduleId/saved-views')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  @ApiResponse({ status: 201, type: SavedListViewResponse })
  saveView(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Body() body: SaveListViewDto,
  ): Promise<SavedListView> {
    return this.savedViews.save(
      scope,
      this.records.schemaFor({ moduleId, submoduleId }),
      body.name,
      body.query,
    );
  }

  @Delete(':submoduleId/saved-views/:viewId')
  @HttpCode(204)
  @RequireModuleAccess(MODULE_PARAM, 'read')
  @ApiResponse({ status: 204, description: 'The view is deleted' })
  deleteView(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('viewId', ParseUUIDPipe) viewId: string,
  ): Promise<void> {
    return this.savedViews.remove(scope, this.records.schemaFor({ moduleId, submoduleId }), viewId);
  }

  @Get(':submoduleId/records/:id')
  @ApiOkResponse({ type: RecordItemBody })
  @RequireModuleAccess(MODULE_PARAM, 'read')
  async get(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('id') id: string,
  ): Promise<RecordItem> {
    const record = await this.lists.get(scope, { moduleId, submoduleId }, id);
    // Opening a record's detail is what puts it on the home's "Recently viewed".
    if (scope.institutionId) await this.recentlyViewed.record(scope, record.id);
    return record;
  }

  @Get(':submoduleId/records/:id/related')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  // Records of other modules pointing here are listed from the modules the caller may read.
  @ReadsAcrossModules()
  @ApiOkResponse({ type: RelatedRecordsResponse })
  related(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('id') id: string,
  ): Promise<RelatedRecords> {
    return this.references.related(scope, { moduleId, submoduleId }, id);
  }

  @Post(':submoduleId/records')
  @ApiCreatedResponse({ type: RecordItemBody })
  @PublishesLiveEvent('record')
  @RequireModuleAccess(MODULE_PARAM, 'write')
  create(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Body() body: CreateRecordDto,
  ): Promise<RecordItem> {
    return this.writes.create(scope, { moduleId, submoduleId }, body.data);
  }

  @Patch(':submoduleId/records/:id')
  @ApiOkResponse({ type: RecordItemBody })
  @PublishesLiveEvent('record')
  @RequireModuleAccess(MODULE_PARAM, 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('id') id: string,
    @Body() body: UpdateRecordDto,
  ): Promise<RecordItem> {
    return this.writes.update(scope, { moduleId, submoduleId }, id, body.data, body.version);
  }

  @Delete(':submoduleId/records/:id')
  @PublishesLiveEvent('record')
  @HttpCode(204)
  @RequireModuleAccess(MODULE_PARAM, 'write')
  remove(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('id') id: string,
  ): Promise<void> {
    return this.writes.remove(scope, { moduleId, submoduleId }, id);
  }

  @Get(':submoduleId/insights')
  @ApiOkResponse({ type: ModuleInsightsBody })
  @RequireModuleAccess(MODULE_PARAM, 'read')
  insightsOf(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
  ): Promise<ModuleInsights> {
    return this.insights.compute(scope, { moduleId, submoduleId });
  }
}
