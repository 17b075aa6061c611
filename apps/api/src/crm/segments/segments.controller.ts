import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CreateSegmentDto, UpdateSegmentDto } from './dto/segment.dto';
import { type SegmentWithLiveCount, SegmentsService } from './segments.service';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { SegmentWithLiveCountBody } from './segment.body';

@CrmApi('crm segments')
@Controller('crm/segments')
export class SegmentsController {
  constructor(private readonly segments: SegmentsService) {}

  @Get()
  @ApiOkResponse({ type: [SegmentWithLiveCountBody] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<SegmentWithLiveCount[]> {
    return this.segments.list(scope);
  }

  @Get(':id')
  @ApiOkResponse({ type: SegmentWithLiveCountBody })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<SegmentWithLiveCount> {
    return this.segments.get(scope, id);
  }

  @Post()
  @ApiCreatedResponse({ type: SegmentWithLiveCountBody })
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateSegmentDto): Promise<SegmentWithLiveCount> {
    return this.segments.create(scope, body);
  }

  @Patch(':id')
  @ApiOkResponse({ type: SegmentWithLiveCountBody })
  @RequireModuleAccess('crm', 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateSegmentDto,
  ): Promise<SegmentWithLiveCount> {
    return this.segments.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireModuleAccess('crm', 'write')
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.segments.remove(scope, id);
  }
}
