import { Body, Controller, Query } from '@nestjs/common';
import { Scope, type TenantScope } from '../../access/tenant-scope';
import {
  ChangesCrmRow,
  CreatesCrmRow,
  CrmApi,
  ReadsCrm,
  RemovesCrmRow,
  RowId,
  UpdatesCrmRow,
} from '../common/crm-api.decorators';
import { DealEntity } from './deal.entity';
import { DealsService } from './deals.service';
import { CreateDealDto, DealListQueryDto, UpdateDealDto } from './dto/deal.dto';

@CrmApi('crm deals')
@Controller('crm/deals')
export class DealsController {
  constructor(private readonly deals: DealsService) {}

  @ReadsCrm(undefined, [DealEntity])
  list(@Scope() scope: TenantScope, @Query() query: DealListQueryDto): Promise<DealEntity[]> {
    return this.deals.list(scope, query);
  }

  @ReadsCrm(':id', DealEntity)
  get(@Scope() scope: TenantScope, @RowId() id: string): Promise<DealEntity> {
    return this.deals.get(scope, id);
  }

  @CreatesCrmRow(ChangesCrmRow('deal'), DealEntity)
  create(@Scope() scope: TenantScope, @Body() body: CreateDealDto): Promise<DealEntity> {
    return this.deals.create(scope, body);
  }

  @UpdatesCrmRow(ChangesCrmRow('deal'), DealEntity)
  update(@Scope() scope: TenantScope, @RowId() id: string, @Body() body: UpdateDealDto): Promise<DealEntity> {
    return this.deals.update(scope, id, body);
  }

  @RemovesCrmRow(ChangesCrmRow('deal'))
  remove(@Scope() scope: TenantScope, @RowId() id: string): Promise<void> {
    return this.deals.remove(scope, id);
  }
}
