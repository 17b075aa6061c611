import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { DuplicateGroup, MergeResult } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { DuplicatesService } from './duplicates.service';
import {
  DuplicateEntityParam,
  DuplicateGroupDto,
  MergeDuplicatesDto,
  MergeResultDto,
} from './dto/duplicates.dto';

@CrmApi('crm duplicates')
@Controller('crm/duplicates')
export class DuplicatesController {
  constructor(private readonly duplicates: DuplicatesService) {}

  @Get(':entity')
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: [DuplicateGroupDto] })
  list(@Scope() scope: TenantScope, @Param() params: DuplicateEntityParam): Promise<DuplicateGroup[]> {
    return this.duplicates.list(scope, params.entity);
  }

  @Post(':entity/merge')
  @HttpCode(200)
  @RequireModuleAccess('crm', 'write')
  @ApiResponse({ status: 200, type: MergeResultDto })
  merge(
    @Scope() scope: TenantScope,
    @Param() params: DuplicateEntityParam,
    @Body() body: MergeDuplicatesDto,
  ): Promise<MergeResult> {
    return this.duplicates.merge(scope, params.entity, body);
  }
}
