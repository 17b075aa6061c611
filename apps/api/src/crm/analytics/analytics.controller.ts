import { Controller, Get, Query } from '@nestjs/common';
import type { CrmAnalytics, CrmCharts } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { AnalyticsService } from './analytics.service';
import { AnalyticsQueryDto } from './dto/analytics.dto';

@CrmApi('crm analytics')
@Controller('crm/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  @RequireModuleAccess('crm', 'read')
  summary(@Scope() scope: TenantScope, @Query() query: AnalyticsQueryDto): Promise<CrmAnalytics> {
    return this.analytics.summary(scope, query);
  }

  @Get('charts')
  @RequireModuleAccess('crm', 'read')
  charts(@Scope() scope: TenantScope): Promise<CrmCharts> {
    return this.analytics.charts(scope);
  }
}
