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
import { ApiResponse } from '@nestjs/swagger';
import type { Page } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { ChangesCrmRow, CrmApi } from '../common/crm-api.decorators';
import { PageOf } from '../common/pagination.dto';
import { CompaniesService } from './companies.service';
import { CompanyEntity } from './company.entity';
import { CompanyDetailDto, CompanyListQueryDto, CreateCompanyDto, UpdateCompanyDto } from './dto/company.dto';

const CompanyPage = PageOf(CompanyEntity, 'CompanyPage');

@CrmApi('crm companies')
@Controller('crm/companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: CompanyPage })
  list(@Scope() scope: TenantScope, @Query() query: CompanyListQueryDto): Promise<Page<CompanyEntity>> {
    return this.companies.list(scope, query);
  }

  @Get(':id')
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: CompanyDetailDto })
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<CompanyDetailDto> {
    return this.companies.detail(scope, id);
  }

  @Post()
  @ChangesCrmRow('company')
  @ApiResponse({ status: 201, type: CompanyEntity })
  create(@Scope() scope: TenantScope, @Body() body: CreateCompanyDto): Promise<CompanyEntity> {
    return this.companies.create(scope, body);
  }

  @Patch(':id')
  @ChangesCrmRow('company')
  @ApiResponse({ status: 200, type: CompanyEntity })
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateCompanyDto,
  ): Promise<CompanyEntity> {
    return this.companies.update(scope, id, body);
  }

  @Delete(':id')
  @ChangesCrmRow('company')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Deleted; its contacts and deals stay, unlinked' })
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.companies.remove(scope, id);
  }
}
