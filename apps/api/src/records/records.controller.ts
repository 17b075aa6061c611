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
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type {
  ModuleInsights,
  RecordImportStatus,
  RecordItem,
  RecordPage,
} from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../access/tenant-scope';
import { ImportJobs } from '../imports/import-jobs.service';
import { PublishesLiveEvent } from '../live-updates/live-event.decorator';
import { CreateRecordDto, ImportRecordsDto, UpdateRecordDto } from './dto/record-body.dto';
import { ListRecordsQuery } from './dto/list-records.query';
import { RecordInsightsService } from './record-insights.service';
import { RecordsService } from './records.service';

const MODULE_PARAM = { param: 'moduleId' } as const;

/** Every record-keeping submodule of every module but the CRM, driven by the catalogue's schemas. */
@ApiTags('records')
@ApiHeader({ name: 'X-Institution-Id', required: false })
@Controller('modules/:moduleId')
export class RecordsController {
  constructor(
    private readonly records: RecordsService,
    private readonly imports: ImportJobs,
    private readonly insights: RecordInsightsService,
  ) {}

  @Get(':submoduleId/records')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  list(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Query() query: ListRecordsQuery,
  ): Promise<RecordPage> {
    return this.records.list(scope, { moduleId, submoduleId }, query);
  }

  @Get(':submoduleId/records/export.csv')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  exportCsv(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Query() query: ListRecordsQuery,
  ): Promise<string> {
    return this.records.exportCsv(scope, { moduleId, submoduleId }, query);
  }

  @Post(':submoduleId/records/import')
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
  @RequireModuleAccess(MODULE_PARAM, 'read')
  activeImports(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
  ): Promise<RecordImportStatus[]> {
    return this.imports.active(scope, { moduleId, submoduleId });
  }

  @Get(':submoduleId/imports/:importId')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  importStatus(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('importId', ParseUUIDPipe) importId: string,
  ): Promise<RecordImportStatus> {
    return this.imports.status(scope, { moduleId, submoduleId }, importId);
  }

  @Get(':submoduleId/records/:id')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  get(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('id') id: string,
  ): Promise<RecordItem> {
    return this.records.get(scope, { moduleId, submoduleId }, id);
  }

  @Post(':submoduleId/records')
  @PublishesLiveEvent('record')
  @RequireModuleAccess(MODULE_PARAM, 'write')
  create(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Body() body: CreateRecordDto,
  ): Promise<RecordItem> {
    return this.records.create(scope, { moduleId, submoduleId }, body.data);
  }

  @Patch(':submoduleId/records/:id')
  @PublishesLiveEvent('record')
  @RequireModuleAccess(MODULE_PARAM, 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
    @Param('id') id: string,
    @Body() body: UpdateRecordDto,
  ): Promise<RecordItem> {
    return this.records.update(scope, { moduleId, submoduleId }, id, body.data, body.version);
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
    return this.records.remove(scope, { moduleId, submoduleId }, id);
  }

  @Get(':submoduleId/insights')
  @RequireModuleAccess(MODULE_PARAM, 'read')
  insightsOf(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Param('submoduleId') submoduleId: string,
  ): Promise<ModuleInsights> {
    return this.insights.compute(scope, { moduleId, submoduleId });
  }
}
