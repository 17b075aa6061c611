import { Body, Controller, Get, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiOkResponse } from '@nestjs/swagger';
import type { SalesForecast } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { ApiFile } from '../../common/api-responses';
import { ChangesCrmRow, CrmApi, RowId } from '../common/crm-api.decorators';
import { DealEntity } from '../deals/deal.entity';
import { ForecastQueryDto, SetForecastCategoryDto } from './dto/forecast.dto';
import { SalesForecastBody } from './forecast.responses';
import { ForecastService } from './forecast.service';

@CrmApi('crm forecast')
@Controller('crm')
export class ForecastController {
  constructor(private readonly forecasts: ForecastService) {}

  @Get('forecast')
  @ApiOkResponse({ type: SalesForecastBody })
  @RequireModuleAccess('crm', 'read')
  forecast(@Scope() scope: TenantScope, @Query() query: ForecastQueryDto): Promise<SalesForecast> {
    return this.forecasts.forecast(scope, query.from, query.to);
  }

  @Get('forecast/export.csv')
  @ApiFile('text/csv', 'The forecast as CSV: owner, month, category, deals, amount, weighted (UTF-8)')
  @RequireModuleAccess('crm', 'read')
  async exportCsv(
    @Scope() scope: TenantScope,
    @Query() query: ForecastQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await this.forecasts.csv(scope, query.from, query.to);
    // Set once the CSV exists: a refused range answers JSON field messages, not a broken CSV.
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="forecast-${query.from}-to-${query.to}.csv"`);
    return csv;
  }

  @Put('deals/:id/forecast-category')
  @ApiOkResponse({ type: DealEntity })
  @ChangesCrmRow('deal')
  setCategory(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: SetForecastCategoryDto,
  ): Promise<DealEntity> {
    return this.forecasts.setCategory(scope, id, body.forecast_category);
  }
}
