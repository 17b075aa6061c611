import { Body, Controller, Get, Header, Query } from '@nestjs/common';
import { ApiFile } from '../../common/api-responses';
import type { Product } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CreatesCrmRow, CrmApi, ReadsCrm, RowId, UpdatesCrmRow } from '../common/crm-api.decorators';
import { CreateProductDto, ProductListQueryDto, UpdateProductDto } from './dto/product.dto';
import { ProductsService } from './products.service';
import { ProductBody, ProductPageBody } from './selling.responses';

/** The catalogue: every member reads it to sell; writing it is CRM write access. */
@CrmApi('crm products')
@Controller('crm/products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @ReadsCrm(undefined, ProductPageBody)
  list(
    @Scope() scope: TenantScope,
    @Query() query: ProductListQueryDto,
  ): Promise<{ rows: Product[]; total: number; limit: number; offset: number }> {
    return this.products.list(scope, query);
  }

  @Get('export.csv')
  @RequireModuleAccess('crm', 'read')
  @ApiFile('text/csv', 'The catalogue as CSV, one price column per currency (UTF-8)')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  exportCsv(@Scope() scope: TenantScope): Promise<string> {
    return this.products.exportCsv(scope);
  }

  @ReadsCrm(':id', ProductBody)
  get(@Scope() scope: TenantScope, @RowId() id: string): Promise<Product> {
    return this.products.get(scope, id);
  }

  @CreatesCrmRow(RequireModuleAccess('crm', 'write'), ProductBody)
  create(@Scope() scope: TenantScope, @Body() body: CreateProductDto): Promise<Product> {
    return this.products.create(scope, body);
  }

  @UpdatesCrmRow(RequireModuleAccess('crm', 'write'), ProductBody)
  update(@Scope() scope: TenantScope, @RowId() id: string, @Body() body: UpdateProductDto): Promise<Product> {
    return this.products.update(scope, id, body);
  }
}
