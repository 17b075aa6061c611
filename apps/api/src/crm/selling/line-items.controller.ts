import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { DealLineItems } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { ChangesCrmRow, CrmApi } from '../common/crm-api.decorators';
import { CreateLineItemDto, UpdateLineItemDto } from './dto/line-item.dto';
import { LineItemsService } from './line-items.service';
import { DealLineItemsBody } from './selling.responses';

/** A deal's line items; every change answers the deal's lines and totals (the amount it now has). */
@CrmApi('crm line items')
@Controller('crm/deals/:id/line-items')
export class LineItemsController {
  constructor(private readonly lines: LineItemsService) {}

  @Get()
  @RequireModuleAccess('crm', 'read')
  @ApiOkResponse({ type: DealLineItemsBody })
  list(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) dealId: string): Promise<DealLineItems> {
    return this.lines.list(scope, dealId);
  }

  @Post()
  @ChangesCrmRow('deal')
  @ApiCreatedResponse({ type: DealLineItemsBody })
  create(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) dealId: string,
    @Body() body: CreateLineItemDto,
  ): Promise<DealLineItems> {
    return this.lines.create(scope, dealId, body);
  }

  @Patch(':lineId')
  @ChangesCrmRow('deal')
  @ApiOkResponse({ type: DealLineItemsBody })
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) dealId: string,
    @Param('lineId', ParseUUIDPipe) lineId: string,
    @Body() body: UpdateLineItemDto,
  ): Promise<DealLineItems> {
    return this.lines.update(scope, dealId, lineId, body);
  }

  @Delete(':lineId')
  @ChangesCrmRow('deal')
  @ApiOkResponse({ type: DealLineItemsBody })
  remove(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) dealId: string,
    @Param('lineId', ParseUUIDPipe) lineId: string,
  ): Promise<DealLineItems> {
    return this.lines.remove(scope, dealId, lineId);
  }
}
