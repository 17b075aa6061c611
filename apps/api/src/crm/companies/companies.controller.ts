import { Body, Controller, Query } from '@nestjs/common';
import type { Page } from '@tessera/data-access/contracts';
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
import { PageOf } from '../common/pagination.dto';
import { CompaniesService } from './companies.service';
import { CompanyEntity } from './company.entity';
import { CompanyDetailDto, CompanyListQueryDto, CreateCompanyDto, UpdateCompanyDto } from './dto/company.dto';

const CompanyPage = PageOf(CompanyEntity, 'CompanyPage');

@CrmApi('crm companies')
@Controller('crm/companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @ReadsCrm(undefined, CompanyPage)
  list(@Scope() scope: TenantScope, @Query() query: CompanyListQueryDto): Promise<Page<CompanyEntity>> {
    return this.companies.list(scope, query);
  }

  @ReadsCrm(':id', CompanyDetailDto)
  get(@Scope() scope: TenantScope, @RowId() id: string): Promise<CompanyDetailDto> {
    return this.companies.detail(scope, id);
  }

  @CreatesCrmRow(ChangesCrmRow('company'), CompanyEntity)
  create(@Scope() scope: TenantScope, @Body() body: CreateCompanyDto): Promise<CompanyEntity> {
    return this.companies.create(scope, body);
  }

  @UpdatesCrmRow(ChangesCrmRow('company'), CompanyEntity)
  update(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: UpdateCompanyDto,
  ): Promise<CompanyEntity> {
    return this.companies.update(scope, id, body);
  }

  @RemovesCrmRow(ChangesCrmRow('company'), 'Deleted; its contacts and deals stay, unlinked')
  remove(@Scope() scope: TenantScope, @RowId() id: string): Promise<void> {
    return this.companies.remove(scope, id);
  }
}
