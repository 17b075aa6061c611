import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type DealLineItem,
  type DealLineItems,
  dealLineTotals,
  fromMinorUnits,
  LineAmountError,
  type LineInput,
  type LineItemInput,
  lineTotals,
  minorDigits,
  type SellingTotals,
  toMinorUnits,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ownership, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { WebhookEvents } from '../../integrations/webhook-events.service';
import { DEAL_COLUMNS } from '../deals/deals.service';
import type { UpdateLineItemDto } from './dto/line-item.dto';

export interface LineItemRow {
  id: string;
  deal_id: string;
  product_id: string | null;
  position: number;
  name: string;
  quantity: string;
  unit_price_minor: string;
  discount_percent: string | null;
  discount_amount_minor: string | null;
  tax_percent: string | null;
  recurrence: DealLineItem['recurrence'];
  created_at: Date;
  updated_at: Date;
}

const LINE_COLUMNS = `l.id, l.deal_id, l.product_id, l.position, l.name, l.quantity, l.unit_price_minor,
  l.discount_percent, l.discount_amount_minor, l.tax_percent, l.recurrence, l.created_at, l.updated_at`;

const nullableNumber = (value: string | null): number | null => (value === null ? null : Number(value));

/** A stored line as the contracts' arithmetic reads it. */
export function lineInput(row: LineItemRow): LineInput {
  return {
    quantity: row.quantity,
    unit_price_minor: Number(row.unit_price_minor),
    discount_percent: row.discount_percent,
    discount_amount_minor: nullableNumber(row.discount_amount_minor),
    tax_percent: row.tax_percent,
    recurrence: row.recurrence,
  };
}

/** The amounts of a line in major units of `currency`, computed by the contracts (once per line). */
export function lineAnswer(row: LineItemRow, currency: string): DealLineItem {
  const totals = lineTotals(lineInput(row));
  const major = (minor: number) => fromMinorUnits(minor, currency);
  return {
    id: row.id,
    deal_id: row.deal_id,
    product_id: row.product_id,
    position: row.position,
    name: row.name,
    quantity: Number(row.quantity),
    unit_price: major(Number(row.unit_price_minor)),
    discount_percent: nullableNumber(row.discount_percent),
    discount_amount: row.discount_amount_minor === null ? null : major(Number(row.discount_amount_minor)),
    tax_percent: nullableNumber(row.tax_percent),
    recurrence: row.recurrence,
    gross: major(totals.gross_minor),
    discount: major(totals.discount_minor),
    net: major(totals.net_minor),
    tax: major(totals.tax_minor),
    total: major(totals.total_minor),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function sellingTotals(lines: LineInput[], currency: string): SellingTotals {
  const sums = dealLineTotals(lines);
  const major = (minor: number) => fromMinorUnits(minor, currency);
  return {
    amount: major(sums.total_minor),
    net: major(sums.net_minor),
    tax: major(sums.tax_minor),
    one_time: major(sums.one_time_minor),
    monthly: major(sums.monthly_minor),
    yearly: major(sums.yearly_minor),
  };
}

function exactMinor(amount: number, currency: string, field: string): number {
  const minor = toMinorUnits(amount, currency);
  if (minor === null)
    throw new InvalidInputError(`${field} has more decimals than ${currency} has`, {
      [field]: [`${field} must have at most ${minorDigits(currency)} decimals in ${currency}`],
    });
  return minor;
}

interface DealHead {
  id: string;
  currency: string;
  org_id: string | null;
  owner_id: string;
}

/** What a line will store, before its amounts are checked and computed. */
interface LineValues {
  product_id: string | null;
  name: string;
  quantity: number;
  unit_price_minor: number;
  discount_percent: number | null;
  discount_amount_minor: number | null;
  tax_percent: number | null;
  recurrence: DealLineItem['recurrence'];
}

/**
 * A deal's line items (docs/adr/0019-products-and-quotes.md). Each change runs in one transaction
 * that holds the deal's row, recomputes the amount from every line and stores it on the deal, so
 * every deal answer (the view, the list, the board, analytics) reads the derived amount as it reads
 * a typed one.
 */
@Injectable()
export class LineItemsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhookEvents,
  ) {}

  async list(scope: TenantScope, dealId: string): Promise<DealLineItems> {
    return this.dataSource.transaction(async (manager) => {
      const deal = await this.deal(manager, scope, dealId, false);
      return this.answer(manager, deal);
    });
  }

  async create(scope: TenantScope, dealId: string, input: LineItemInput): Promise<DealLineItems> {
    return this.dataSource.transaction(async (manager) => {
      const deal = await this.deal(manager, scope, dealId, true);
      const values = await this.values(manager, scope, deal, input, null);
      await manager.query(
        `INSERT INTO crm_deal_line_items
           (org_id, owner_id, deal_id, product_id, position, name, quantity, unit_price_minor, discount_percent,
            discount_amount_minor, tax_percent, recurrence, gross_minor, discount_minor, net_minor, tax_minor, total_minor)
         SELECT $1, $2, $3, $4, coalesce(max(position) + 1, 0), $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16
           FROM crm_deal_line_items WHERE deal_id = $3`,
        [
          ...Object.values(ownership(scope)),
          deal.id,
          values.product_id,
          values.name,
          values.quantity,
          values.unit_price_minor,
          values.discount_percent,
          values.discount_amount_minor,
          values.tax_percent,
          values.recurrence,
          ...this.computed(values),
        ],
      );
      return this.refreshAmount(manager, deal);
    });
  }

  async update(
    scope: TenantScope,
    dealId: string,
    id: string,
    input: UpdateLineItemDto,
  ): Promise<DealLineItems> {
    return this.dataSource.transaction(async (manager) => {
      const deal = await this.deal(manager, scope, dealId, true);
      const current = await this.line(manager, deal.id, id);
      const values = await this.values(manager, scope, deal, input, current);
      await manager.query(
        `UPDATE crm_deal_line_items SET product_id = $2, name = $3, quantity = $4, unit_price_minor = $5,
           discount_percent = $6, discount_amount_minor = $7, tax_percent = $8, recurrence = $9,
           gross_minor = $10, discount_minor = $11, net_minor = $12, tax_minor = $13, total_minor = $14, updated_at = now()
         WHERE id = $1`,
        [
          id,
          values.product_id,
          values.name,
          values.quantity,
          values.unit_price_minor,
          values.discount_percent,
          values.discount_amount_minor,
          values.tax_percent,
          values.recurrence,
          ...this.computed(values),
        ],
      );
      return this.refreshAmount(manager, deal);
    });
  }

  async remove(scope: TenantScope, dealId: string, id: string): Promise<DealLineItems> {
    return this.dataSource.transaction(async (manager) => {
      const deal = await this.deal(manager, scope, dealId, true);
      await this.line(manager, deal.id, id);
      await manager.query('DELETE FROM crm_deal_line_items WHERE id = $1', [id]);
      return this.refreshAmount(manager, deal);
    });
  }

  /** The deal in scope (404 otherwise); `lock` holds it while its lines and amount change. */
  async deal(manager: EntityManager, scope: TenantScope, dealId: string, lock: boolean): Promise<DealHead> {
    const where = scopeSql(scope, 'd', 2);
    const [deal]: DealHead[] = await manager.query(
      `SELECT d.id, d.currency, d.org_id, d.owner_id FROM crm_deals d WHERE d.id = $1 AND ${where.sql}${lock ? ' FOR UPDATE' : ''}`,
      [dealId, ...where.params],
    );
    if (!deal) throw new NotFoundError('Deal');
    return deal;
  }

  async rows(manager: EntityManager, dealId: string): Promise<LineItemRow[]> {
    return manager.query(
      `SELECT ${LINE_COLUMNS} FROM crm_deal_line_items l WHERE l.deal_id = $1 ORDER BY l.position, l.created_at, l.id`,
      [dealId],
    );
  }

  private async line(manager: EntityManager, dealId: string, id: string): Promise<LineItemRow> {
    const [row]: LineItemRow[] = await manager.query(
      `SELECT ${LINE_COLUMNS} FROM crm_deal_line_items l WHERE l.id = $1 AND l.deal_id = $2`,
      [id, dealId],
    );
    if (!row) throw new NotFoundError('Line item');
    return row;
  }

  private async answer(manager: EntityManager, deal: DealHead): Promise<DealLineItems> {
    const rows = await this.rows(manager, deal.id);
    return {
      deal_id: deal.id,
      currency: deal.currency,
      items: rows.map((row) => lineAnswer(row, deal.currency)),
      totals: sellingTotals(rows.map(lineInput), deal.currency),
    };
  }

  /** Stores the derived amount on the deal (a deal without lines keeps its typed amount). */
  private async refreshAmount(manager: EntityManager, deal: DealHead): Promise<DealLineItems> {
    const answer = await this.answer(manager, deal);
    if (answer.items.length === 0) return answer;
    // The deal's amount changed as if typed: integrations hear of it as of any change of the deal.
    const [changed] = (await manager.query(
      `UPDATE crm_deals d SET amount = $2::numeric WHERE d.id = $1 AND d.amount IS DISTINCT FROM $2::numeric
       RETURNING ${DEAL_COLUMNS}`,
      [deal.id, String(answer.totals.amount)],
    )) as [object[], number];
    const row = changed[0];
    if (row) await this.webhooks.emit(manager, deal.org_id, 'deal.updated', row);
    return answer;
  }

  private computed(values: LineValues): number[] {
    const totals = lineTotals({
      quantity: values.quantity,
      unit_price_minor: values.unit_price_minor,
      discount_percent: values.discount_percent,
      discount_amount_minor: values.discount_amount_minor,
      tax_percent: values.tax_percent,
    });
    return [
      totals.gross_minor,
      totals.discount_minor,
      totals.net_minor,
      totals.tax_minor,
      totals.total_minor,
    ];
  }

  /**
   * The line to store: the input over the current line (an update) or over the catalogue product
   * (its name, its price in the deal's currency, its tax and recurrence), checked exact.
   */
  private async values(
    manager: EntityManager,
    scope: TenantScope,
    deal: DealHead,
    input: Partial<LineItemInput>,
    current: LineItemRow | null,
  ): Promise<LineValues> {
    const errors: Record<string, string[]> = {};
    let product: {
      id: string;
      name: string;
      prices: Record<string, number>;
      tax_percent: string | null;
      recurrence: LineValues['recurrence'];
    } | null = null;
    const productId = input.product_id !== undefined ? input.product_id : (current?.product_id ?? null);
    if (input.product_id) {
      const where = scopeSql(scope, 'p', 2);
      [product] = await manager.query(
        `SELECT p.id, p.name, p.prices, p.tax_percent, p.recurrence FROM crm_products p WHERE p.id = $1 AND ${where.sql}`,
        [input.product_id, ...where.params],
      );
      if (!product) throw new NotFoundError('Product');
    }
    const name = input.name?.trim() ?? current?.name ?? product?.name;
    if (!name) errors.name = ['name is required for a line without a product'];
    let unitPriceMinor: number | undefined;
    if (input.unit_price !== undefined)
      unitPriceMinor = exactMinor(input.unit_price, deal.currency, 'unit_price');
    else if (current) unitPriceMinor = Number(current.unit_price_minor);
    else if (product) unitPriceMinor = product.prices[deal.currency];
    if (unitPriceMinor === undefined)
      errors.unit_price = [
        product
          ? `The product has no price in ${deal.currency}: give unit_price`
          : 'unit_price is required for a line without a product',
      ];
    if (Object.keys(errors).length > 0) throw new InvalidInputError('The line is not complete', errors);
    const discountAmount =
      input.discount_amount !== undefined
        ? input.discount_amount === null
          ? null
          : exactMinor(input.discount_amount, deal.currency, 'discount_amount')
        : input.discount_percent !== undefined && input.discount_percent !== null
          ? null
          : nullableNumber(current?.discount_amount_minor ?? null);
    const discountPercent =
      input.discount_percent !== undefined
        ? input.discount_percent
        : input.discount_amount !== undefined && input.discount_amount !== null
          ? null
          : nullableNumber(current?.discount_percent ?? null);
    const values: LineValues = {
      product_id: productId,
      name: name as string,
      quantity: input.quantity ?? Number(current?.quantity ?? 1),
      unit_price_minor: unitPriceMinor as number,
      discount_percent: discountPercent,
      discount_amount_minor: discountAmount,
      tax_percent:
        input.tax_percent !== undefined
          ? input.tax_percent
          : current
            ? nullableNumber(current.tax_percent)
            : nullableNumber(product?.tax_percent ?? null),
      recurrence: input.recurrence ?? current?.recurrence ?? product?.recurrence ?? 'one_time',
    };
    try {
      this.computed(values);
    } catch (error) {
      if (!(error instanceof LineAmountError)) throw error;
      const field = /discount_amount/.test(error.message)
        ? 'discount_amount'
        : /not both/.test(error.message)
          ? 'discount_percent'
          : 'quantity';
      throw new InvalidInputError(error.message, { [field]: [error.message] });
    }
    return values;
  }
}
