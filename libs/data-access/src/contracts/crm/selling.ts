import type { LineRecurrence } from '../money';

/*
 * Products, a deal's line items and quotes (docs/adr/0019-products-and-quotes.md). Amounts in these
 * answers are in the currency's major units (`19.99`), exact: the API keeps them as integer minor
 * units and converts with fromMinorUnits(); inputs are refused when they have more decimals than
 * the currency has.
 */

export interface ProductPrice {
  currency: string;
  unit_price: number;
}

export interface Product {
  id: string;
  org_id: string | null;
  owner_id: string;
  name: string;
  code: string | null;
  description: string | null;
  unit: string | null;
  prices: ProductPrice[];
  tax_percent: number | null;
  recurrence: LineRecurrence;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface CreateProductInput {
  name: string;
  code?: string | null;
  description?: string | null;
  unit?: string | null;
  prices?: ProductPrice[];
  tax_percent?: number | null;
  recurrence?: LineRecurrence;
  active?: boolean;
}
export type UpdateProductInput = Partial<CreateProductInput>;

export interface ProductListFilters {
  /** Case-insensitive match of the name or the code. */
  q?: string;
  active?: boolean;
}

/** POST /api/crm/deals/:id/line-items: a product's line (price and tax from the catalogue unless given) or a free line. */
export interface LineItemInput {
  product_id?: string;
  name?: string;
  quantity: number;
  unit_price?: number;
  discount_percent?: number | null;
  discount_amount?: number | null;
  tax_percent?: number | null;
  recurrence?: LineRecurrence;
}
export type UpdateLineItemInput = Partial<LineItemInput>;

export interface DealLineItem {
  id: string;
  deal_id: string;
  product_id: string | null;
  position: number;
  name: string;
  quantity: number;
  unit_price: number;
  discount_percent: number | null;
  discount_amount: number | null;
  tax_percent: number | null;
  recurrence: LineRecurrence;
  /** quantity × unit price, then − discount = net, + tax = total (rounded per line). */
  gross: number;
  discount: number;
  net: number;
  tax: number;
  total: number;
  created_at: string;
  updated_at: string;
}

export interface SellingTotals {
  /** The deal's amount once it has lines: every line's total. */
  amount: number;
  net: number;
  tax: number;
  one_time: number;
  /** Recurring revenue, apart. */
  monthly: number;
  yearly: number;
}

export interface DealLineItems {
  deal_id: string;
  currency: string;
  items: DealLineItem[];
  totals: SellingTotals;
}

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'superseded'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A line as the quote copied it from the deal. */
export type QuoteLine = Omit<DealLineItem, 'id' | 'deal_id' | 'position' | 'created_at' | 'updated_at'>;

export interface Quote {
  id: string;
  deal_id: string;
  /** Q-<year>-<sequence>, per institution; a revision keeps its number. */
  number: string;
  revision: number;
  status: QuoteStatus;
  currency: string;
  valid_until: string;
  terms: string | null;
  /** The deal moves to Closed Won when the customer accepts. */
  win_on_accept: boolean;
  lines: QuoteLine[];
  totals: SellingTotals;
  recipient_email: string | null;
  sent_at: string | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreateQuoteInput {
  valid_until?: string;
  terms?: string | null;
  win_on_accept?: boolean;
}
export type UpdateQuoteInput = CreateQuoteInput;

export interface SendQuoteInput {
  to: string;
  message?: string;
}

/** `Q-2026-0001`: at least four digits, more once an institution passes 9,999 quotes in a year. */
export function quoteNumber(year: number, sequence: number): string {
  return `Q-${year}-${String(sequence).padStart(4, '0')}`;
}

/** How screens and the PDF name a quote: its number, and its revision after the first. */
export function quoteLabel(quote: Pick<Quote, 'number' | 'revision'>): string {
  return quote.revision > 1 ? `${quote.number} rev. ${quote.revision}` : quote.number;
}

/** Days a new quote stays valid when no date is given. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
