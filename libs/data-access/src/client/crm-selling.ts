import type {
  CreateProductInput,
  CreateQuoteInput,
  DealLineItems,
  LineItemInput,
  Product,
  ProductListFilters,
  Quote,
  SendQuoteInput,
  UpdateLineItemInput,
  UpdateProductInput,
  UpdateQuoteInput,
} from '@tessera/data-access/contracts';
import { type ApiFile, apiDownload, apiFetch } from './api-fetch';

export interface ProductPage {
  rows: Product[];
  total: number;
  limit: number;
  offset: number;
}

const dealPath = (dealId: string) => `/api/crm/deals/${encodeURIComponent(dealId)}`;
const quotePath = (quoteId: string) => `/api/crm/quotes/${encodeURIComponent(quoteId)}`;

/** The catalogue (docs/adr/0019-products-and-quotes.md), searched by name or code. */
export function fetchProducts(
  institutionId: string | null,
  filters: ProductListFilters & { limit?: number } = {},
  signal?: AbortSignal,
): Promise<ProductPage> {
  return apiFetch<ProductPage>('/api/crm/products', {
    institutionId,
    signal,
    query: { q: filters.q || undefined, active: filters.active, limit: filters.limit ?? 200 },
  });
}

export function createProduct(institutionId: string | null, input: CreateProductInput): Promise<Product> {
  return apiFetch<Product>('/api/crm/products', { method: 'POST', institutionId, body: input });
}

export function updateProduct(
  institutionId: string | null,
  id: string,
  input: UpdateProductInput,
): Promise<Product> {
  return apiFetch<Product>(`/api/crm/products/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: input,
  });
}

export function fetchLineItems(
  institutionId: string | null,
  dealId: string,
  signal?: AbortSignal,
): Promise<DealLineItems> {
  return apiFetch<DealLineItems>(`${dealPath(dealId)}/line-items`, { institutionId, signal });
}

export function addLineItem(
  institutionId: string | null,
  dealId: string,
  input: LineItemInput,
): Promise<DealLineItems> {
  return apiFetch<DealLineItems>(`${dealPath(dealId)}/line-items`, {
    method: 'POST',
    institutionId,
    body: input,
  });
}

export function updateLineItem(
  institutionId: string | null,
  dealId: string,
  lineId: string,
  input: UpdateLineItemInput,
): Promise<DealLineItems> {
  return apiFetch<DealLineItems>(`${dealPath(dealId)}/line-items/${encodeURIComponent(lineId)}`, {
    method: 'PATCH',
    institutionId,
    body: input,
  });
}

export function removeLineItem(
  institutionId: string | null,
  dealId: string,
  lineId: string,
): Promise<DealLineItems> {
  return apiFetch<DealLineItems>(`${dealPath(dealId)}/line-items/${encodeURIComponent(lineId)}`, {
    method: 'DELETE',
    institutionId,
  });
}

export function fetchDealQuotes(
  institutionId: string | null,
  dealId: string,
  signal?: AbortSignal,
): Promise<Quote[]> {
  return apiFetch<Quote[]>(`${dealPath(dealId)}/quotes`, { institutionId, signal });
}

export function createQuote(
  institutionId: string | null,
  dealId: string,
  input: CreateQuoteInput,
): Promise<Quote> {
  return apiFetch<Quote>(`${dealPath(dealId)}/quotes`, { method: 'POST', institutionId, body: input });
}

export function updateQuote(
  institutionId: string | null,
  quoteId: string,
  input: UpdateQuoteInput,
): Promise<Quote> {
  return apiFetch<Quote>(quotePath(quoteId), { method: 'PATCH', institutionId, body: input });
}

export function sendQuote(
  institutionId: string | null,
  quoteId: string,
  input: SendQuoteInput,
): Promise<Quote> {
  return apiFetch<Quote>(`${quotePath(quoteId)}/send`, { method: 'POST', institutionId, body: input });
}

/** The quote's PDF (the scope header cannot ride on a plain link, so the screen fetches a Blob). */
export function downloadQuotePdf(institutionId: string | null, quoteId: string): Promise<ApiFile> {
  return apiDownload(`${quotePath(quoteId)}/pdf`, { institutionId });
}

/** The catalogue as CSV, one price column per currency. */
export function downloadProductsCsv(institutionId: string | null): Promise<ApiFile> {
  return apiDownload('/api/crm/products/export.csv', { institutionId });
}
