import { Controller, Get, Query } from '@nestjs/common';
import type { CrmAnalytics, CrmCharts } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { AnalyticsService } from './analytics.service';
import { AnalyticsQueryDto } from './dto/analytics.dto';
import { ApiOkResponse } from '@nestjs/swagger';
import { CrmAnalyticsBody, CrmChartsBody } from '../insights/crm-insights.responses';

@CrmApi('crm analytics')
@Controller('crm/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  @ApiOkResponse({ type: CrmAnalyticsBody })
  @RequireModuleAccess('crm', 'read')
  summary(@Scope() scope: TenantScope, @Query() query: AnalyticsQueryDto): Promise<CrmAnalytics> {
    return this.analytics.summary(scope, query);
  }

  @Get('charts')
  @ApiOkResponse({ type: CrmChartsBody })
  @RequireModuleAccess('crm', 'read')
  charts(@Scope() scope: TenantScope): Promise<CrmCharts> {
    return this.analytics.charts(scope);
  }
}
