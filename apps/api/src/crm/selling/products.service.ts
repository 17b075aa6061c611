import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CreateProductInput,
  fromMinorUnits,
  type Product,
  type ProductPrice,
  toCsv,
  toMinorUnits,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { ownership, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { ConflictError, InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { readRows } from '../../database/read-rows';
import type { ProductListQueryDto, UpdateProductDto } from './dto/product.dto';

interface ProductRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  name: string;
  code: string | null;
  description: string | null;
  unit: string | null;
  prices: Record<string, number>;
  tax_percent: string | null;
  recurrence: Product['recurrence'];
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export const PRODUCT_COLUMNS = `p.id, p.org_id, p.owner_id, p.name, p.code, p.description, p.unit, p.prices,
  p.tax_percent, p.recurrence, p.active, p.created_at, p.updated_at`;

export function productAnswer(row: ProductRow): Product {
  return {
    ...row,
    prices: Object.entries(row.prices)
      .map(([currency, minor]) => ({ currency, unit_price: fromMinorUnits(minor, currency) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    tax_percent: row.tax_percent === null ? null : Number(row.tax_percent),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** `{ USD: 1999 }` from the prices given, exact; a currency given twice or an inexact price is refused. */
function storedPrices(prices: ProductPrice[]): Record<string, number> {
  const stored: Record<string, number> = {};
  for (const price of prices) {
    const minor = toMinorUnits(price.unit_price, price.currency);
    if (minor === null)
      throw new InvalidInputError('A price has more decimals than its currency', {
        prices: [`unit_price ${price.unit_price} has more decimals than ${price.currency} has`],
      });
    if (price.currency in stored)
      throw new InvalidInputError('A currency is priced twice', {
        prices: [`${price.currency} is priced twice`],
      });
    stored[price.currency] = minor;
  }
  return stored;
}

function duplicateCode(error: unknown): never {
  if ((error as { driverError?: { code?: string } }).driverError?.code === '23505')
    throw new ConflictError('Another product has this code', { code: ['Another product has this code'] });
  throw error;
}

/** The product catalogue of a scope (docs/adr/0019-products-and-quotes.md). */
@Injectable()
export class ProductsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(
    scope: TenantScope,
    filters: ProductListQueryDto,
  ): Promise<{ rows: Product[]; total: number; limit: number; offset: number }> {
    const where = scopeSql(scope, 'p', 1);
    const params: unknown[] = [...where.params];
    const conditions = [where.sql];
    if (filters.q?.trim()) {
      params.push(`%${filters.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      conditions.push(`(p.name ILIKE $${params.length} OR p.code ILIKE $${params.length})`);
    }
    if (filters.active !== undefined) {
      params.push(filters.active);
      conditions.push(`p.active = $${params.length}`);
    }
    const limit = filters.limit ?? 50;
    const offset = filters.offset ?? 0;
    const rows = await readRows<ProductRow & { total: string }>(
      this.dataSource,
      `SELECT ${PRODUCT_COLUMNS}, count(*) OVER () AS total FROM crm_products p
        WHERE ${conditions.join(' AND ')}
        ORDER BY lower(p.name), p.id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    return {
      rows: rows.map(({ total: _total, ...row }) => productAnswer(row)),
      total: Number(rows[0]?.total ?? 0),
      limit,
      offset,
    };
  }

  /**
   * The whole catalogue as CSV (UTF-8, RFC 4180, formulas made inert): one price column per currency
   * any product has, in the currency's major unit.
   */
  async exportCsv(scope: TenantScope): Promise<string> {
    const where = scopeSql(scope, 'p', 1);
    const rows = await readRows<ProductRow>(
      this.dataSource,
      `SELECT ${PRODUCT_COLUMNS} FROM crm_products p WHERE ${where.sql} ORDER BY lower(p.name), p.id`,
      where.params,
    );
    const products = rows.map(productAnswer);
    const currencies = [
      ...new Set(products.flatMap((product) => product.prices.map((price) => price.currency))),
    ].sort();
    const header = [
      'Name',
      'Code',
      'Unit',
      'Description',
      'Tax %',
      'Billing',
      'Active',
      ...currencies.map((c) => `Price ${c}`),
    ];
    return toCsv([
      header,
      ...products.map((product) => [
        product.name,
        product.code ?? '',
        product.unit ?? '',
        product.description ?? '',
        product.tax_percent ?? '',
        product.recurrence,
        product.active ? 'yes' : 'no',
        ...currencies.map(
          (currency) => product.prices.find((price) => price.currency === currency)?.unit_price ?? '',
        ),
      ]),
    ]);
  }

  async get(scope: TenantScope, id: string): Promise<Product> {
    const where = scopeSql(scope, 'p', 2);
    const [row] = await readRows<ProductRow>(
      this.dataSource,
      `SELECT ${PRODUCT_COLUMNS} FROM crm_products p WHERE p.id = $1 AND ${where.sql}`,
      [id, ...where.params],
    );
    if (!row) throw new NotFoundError('Product');
    return productAnswer(row);
  }

  async create(scope: TenantScope, input: CreateProductInput): Promise<Product> {
    const owner = ownership(scope);
    const [row]: ProductRow[] = await this.dataSource
      .query(
        `INSERT INTO crm_products AS p (org_id, owner_id, name, code, description, unit, prices, tax_percent, recurrence, active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${PRODUCT_COLUMNS}`,
        [
          owner.org_id,
          owner.owner_id,
          input.name.trim(),
          input.code?.trim() || null,
          input.description ?? null,
          input.unit?.trim() || null,
          JSON.stringify(storedPrices(input.prices ?? [])),
          input.tax_percent ?? null,
          input.recurrence ?? 'one_time',
          input.active ?? true,
        ],
      )
      .catch(duplicateCode);
    return productAnswer(row as ProductRow);
  }

  async update(scope: TenantScope, id: string, input: UpdateProductDto): Promise<Product> {
    await this.get(scope, id);
    const params: unknown[] = [];
    const assignments: string[] = [];
    const assign = (column: string, value: unknown) => {
      params.push(value);
      assignments.push(`${column} = $${params.length}`);
    };
    if (input.name !== undefined) assign('name', input.name.trim());
    if (input.code !== undefined) assign('code', input.code?.trim() || null);
    if (input.description !== undefined) assign('description', input.description);
    if (input.unit !== undefined) assign('unit', input.unit?.trim() || null);
    if (input.prices !== undefined) assign('prices', JSON.stringify(storedPrices(input.prices)));
    if (input.tax_percent !== undefined) assign('tax_percent', input.tax_percent);
    if (input.recurrence !== undefined) assign('recurrence', input.recurrence);
    if (input.active !== undefined) assign('active', input.active);
    if (assignments.length === 0) return this.get(scope, id);
    const where = scopeSql(scope, 'p', params.length + 2);
    const [rows] = await this.dataSource
      .query(
        `UPDATE crm_products p SET ${assignments.join(', ')}, updated_at = now()
          WHERE p.id = $${params.length + 1} AND ${where.sql} RETURNING ${PRODUCT_COLUMNS}`,
        [...params, id, ...where.params],
      )
      .catch(duplicateCode);
    const row = (rows as ProductRow[])[0];
    if (!row) throw new NotFoundError('Product');
    return productAnswer(row);
  }
}
