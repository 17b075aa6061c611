import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { CRM_IMPORT_BODY_LIMIT_BYTES, type CrmImportStatus } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { BodyLimit } from '../../security/body-limit';
import { CrmApi } from '../common/crm-api.decorators';
import { CrmImportsService } from './crm-imports.service';
import { CrmImportStatusDto, CrmImportsQueryDto, StartCrmImportDto } from './dto/crm-import.dto';

@CrmApi('crm imports')
@Controller('crm/imports')
export class CrmImportsController {
  constructor(private readonly imports: CrmImportsService) {}

  /** 100,000 rows of a wide export are ~20 MB of JSON: this route alone takes up to 32 MB. */
  @Post()
  @HttpCode(202)
  @BodyLimit(CRM_IMPORT_BODY_LIMIT_BYTES)
  @RequireModuleAccess('crm', 'write')
  @ApiResponse({ status: 202, type: CrmImportStatusDto })
  start(@Scope() scope: TenantScope, @Body() body: StartCrmImportDto): Promise<CrmImportStatus> {
    return this.imports.start(scope, body);
  }

  @Get()
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: [CrmImportStatusDto] })
  history(@Scope() scope: TenantScope, @Query() query: CrmImportsQueryDto): Promise<CrmImportStatus[]> {
    return this.imports.history(scope, query.entity);
  }

  @Get(':id')
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: CrmImportStatusDto })
  status(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<CrmImportStatus> {
    return this.imports.status(scope, id);
  }

  @Post(':id/undo')
  @HttpCode(200)
  @RequireModuleAccess('crm', 'write')
  @ApiResponse({ status: 200, type: CrmImportStatusDto })
  undo(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<CrmImportStatus> {
    return this.imports.undo(scope, id);
  }
}
