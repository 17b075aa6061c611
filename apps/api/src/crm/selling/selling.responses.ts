import { ApiProperty } from '@nestjs/swagger';
import {
  LINE_RECURRENCES,
  type DealLineItem,
  type DealLineItems,
  type LineRecurrence,
  type Product,
  type ProductPrice,
  QUOTE_STATUSES,
  type Quote,
  type QuoteLine,
  type QuoteStatus,
  type SellingTotals,
} from '@tessera/data-access/contracts';

export class ProductPriceBody implements ProductPrice {
  @ApiProperty() currency!: string;
  @ApiProperty() unit_price!: number;
}

export class ProductBody implements Product {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) org_id!: string | null;
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) code!: string | null;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: String }) unit!: string | null;
  @ApiProperty({ type: [ProductPriceBody] }) prices!: ProductPriceBody[];
  @ApiProperty({ nullable: true, type: Number }) tax_percent!: number | null;
  @ApiProperty({ enum: LINE_RECURRENCES }) recurrence!: LineRecurrence;
  @ApiProperty() active!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ProductPageBody {
  @ApiProperty({ type: [ProductBody] }) rows!: ProductBody[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

class LineAmountsBody {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) product_id!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty() quantity!: number;
  @ApiProperty() unit_price!: number;
  @ApiProperty({ nullable: true, type: Number }) discount_percent!: number | null;
  @ApiProperty({ nullable: true, type: Number }) discount_amount!: number | null;
  @ApiProperty({ nullable: true, type: Number }) tax_percent!: number | null;
  @ApiProperty({ enum: LINE_RECURRENCES }) recurrence!: LineRecurrence;
  @ApiProperty({ description: 'quantity × unit price, rounded half-up to the minor unit' }) gross!: number;
  @ApiProperty() discount!: number;
  @ApiProperty() net!: number;
  @ApiProperty() tax!: number;
  @ApiProperty() total!: number;
}

export class QuoteLineBody extends LineAmountsBody implements QuoteLine {}

export class DealLineItemBody extends LineAmountsBody implements DealLineItem {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) deal_id!: string;
  @ApiProperty() position!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class SellingTotalsBody implements SellingTotals {
  @ApiProperty({ description: 'The deal’s amount: every line’s total' }) amount!: number;
  @ApiProperty() net!: number;
  @ApiProperty() tax!: number;
  @ApiProperty() one_time!: number;
  @ApiProperty({ description: 'Recurring revenue per month' }) monthly!: number;
  @ApiProperty({ description: 'Recurring revenue per year' }) yearly!: number;
}

export class DealLineItemsBody implements DealLineItems {
  @ApiProperty({ format: 'uuid' }) deal_id!: string;
  @ApiProperty() currency!: string;
  @ApiProperty({ type: [DealLineItemBody] }) items!: DealLineItemBody[];
  @ApiProperty({ type: SellingTotalsBody }) totals!: SellingTotalsBody;
}

export class QuoteBody implements Quote {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) deal_id!: string;
  @ApiProperty({ example: 'Q-2026-0001' }) number!: string;
  @ApiProperty() revision!: number;
  @ApiProperty({ enum: QUOTE_STATUSES }) status!: QuoteStatus;
  @ApiProperty() currency!: string;
  @ApiProperty({ format: 'date' }) valid_until!: string;
  @ApiProperty({ nullable: true, type: String }) terms!: string | null;
  @ApiProperty() win_on_accept!: boolean;
  @ApiProperty({ type: [QuoteLineBody] }) lines!: QuoteLineBody[];
  @ApiProperty({ type: SellingTotalsBody }) totals!: SellingTotalsBody;
  @ApiProperty({ nullable: true, type: String }) recipient_email!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) sent_at!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) decided_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}
