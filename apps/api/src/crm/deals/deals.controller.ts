import { ApiResponse } from '@nestjs/swagger';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { ChangesCrmRow, CrmApi } from '../common/crm-api.decorators';
import { DealEntity } from './deal.entity';
import { DealsService } from './deals.service';
import { CreateDealDto, DealListQueryDto, UpdateDealDto } from './dto/deal.dto';

@CrmApi('crm deals')
@Controller('crm/deals')
export class DealsController {
  constructor(private readonly deals: DealsService) {}

  @Get()
  @ApiResponse({ status: 200, type: [DealEntity] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope, @Query() query: DealListQueryDto): Promise<DealEntity[]> {
    return this.deals.list(scope, query);
  }

  @Get(':id')
  @ApiResponse({ status: 200, type: DealEntity })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<DealEntity> {
    return this.deals.get(scope, id);
  }

  @Post()
  @ChangesCrmRow('deal')
  @ApiResponse({ status: 201, type: DealEntity })
  create(@Scope() scope: TenantScope, @Body() body: CreateDealDto): Promise<DealEntity> {
    return this.deals.create(scope, body);
  }

  @Patch(':id')
  @ChangesCrmRow('deal')
  @ApiResponse({ status: 200, type: DealEntity })
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateDealDto,
  ): Promise<DealEntity> {
    return this.deals.update(scope, id, body);
  }

  @Delete(':id')
  @ChangesCrmRow('deal')
  @HttpCode(204)
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.deals.remove(scope, id);
  }
}
