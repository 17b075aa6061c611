import { ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Get, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { ActivitiesService } from './activities.service';
import { ActivityEntity } from './activity.entity';
import { ActivityListQueryDto, CreateActivityDto } from './dto/activity.dto';

@CrmApi('crm activities')
@Controller('crm/activities')
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  @Get()
  @ApiResponse({ status: 200, type: [ActivityEntity] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope, @Query() query: ActivityListQueryDto): Promise<ActivityEntity[]> {
    return this.activities.list(scope, query);
  }

  @Post()
  @ApiResponse({ status: 201, type: ActivityEntity })
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateActivityDto): Promise<ActivityEntity> {
    return this.activities.create(scope, body);
  }

  @Patch(':id/complete')
  @ApiResponse({ status: 200, type: ActivityEntity })
  @RequireModuleAccess('crm', 'write')
  complete(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<ActivityEntity> {
    return this.activities.complete(scope, id);
  }
}
