import {
  addLineItem,
  createProduct,
  createQuote,
  fetchDealQuotes,
  fetchLineItems,
  fetchProducts,
  removeLineItem,
  sendQuote,
  updateLineItem,
  updateProduct,
  updateQuote,
} from '@tessera/data-access/client';
import type {
  CreateProductInput,
  CreateQuoteInput,
  DealLineItems,
  LineItemInput,
  ProductListFilters,
  Quote,
  SendQuoteInput,
  UpdateLineItemInput,
  UpdateProductInput,
} from '@tessera/data-access/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentInstitutionId } from './current-institution';
import { dealKeys } from './crm-deals';
import { scopeKey } from './query-keys';

/** Selling keys start with the institution id (libs/data-access/README.md). */
export const sellingKeys = {
  products: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'products'] as const,
  productList: (institutionId: string | null, filters: ProductListFilters) =>
    [scopeKey(institutionId), 'crm', 'products', 'list', filters] as const,
  lineItems: (institutionId: string | null, dealId: string) =>
    [scopeKey(institutionId), 'crm', 'deals', 'line-items', dealId] as const,
  quotes: (institutionId: string | null, dealId: string) =>
    [scopeKey(institutionId), 'crm', 'deals', 'quotes', dealId] as const,
};

export function productsQueryOptions(institutionId: string | null, filters: ProductListFilters = {}) {
  return queryOptions({
    queryKey: sellingKeys.productList(institutionId, filters),
    queryFn: ({ signal }) => fetchProducts(institutionId, filters, signal),
    staleTime: 30_000,
  });
}

export function useProducts(filters: ProductListFilters = {}) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(productsQueryOptions(institutionId, filters));
}

export function useCreateProduct() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProductInput) => createProduct(institutionId, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: sellingKeys.products(institutionId) }),
  });
}

export function useUpdateProduct() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateProductInput }) =>
      updateProduct(institutionId, id, changes),
    onSuccess: () => void client.invalidateQueries({ queryKey: sellingKeys.products(institutionId) }),
  });
}

export function lineItemsQueryOptions(institutionId: string | null, dealId: string, enabled = true) {
  return queryOptions({
    queryKey: sellingKeys.lineItems(institutionId, dealId),
    queryFn: ({ signal }) => fetchLineItems(institutionId, dealId, signal),
    enabled,
  });
}

export function useLineItems(dealId: string, enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(lineItemsQueryOptions(institutionId, dealId, enabled));
}

/** The lines the server answered replace the cached ones; the deal (its amount) and its lists reload. */
function storeLines(
  client: QueryClient,
  institutionId: string | null,
  dealId: string,
  lines: DealLineItems,
): void {
  client.setQueryData(sellingKeys.lineItems(institutionId, dealId), lines);
  void client.invalidateQueries({ queryKey: dealKeys.detail(institutionId, dealId) });
  void client.invalidateQueries({ queryKey: dealKeys.list(institutionId) });
}

export function useAddLineItem(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LineItemInput) => addLineItem(institutionId, dealId, input),
    onSuccess: (lines) => storeLines(client, institutionId, dealId, lines),
  });
}

export function useUpdateLineItem(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateLineItemInput }) =>
      updateLineItem(institutionId, dealId, id, changes),
    onSuccess: (lines) => storeLines(client, institutionId, dealId, lines),
  });
}

export function useRemoveLineItem(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => removeLineItem(institutionId, dealId, lineId),
    onSuccess: (lines) => storeLines(client, institutionId, dealId, lines),
  });
}

export function dealQuotesQueryOptions(institutionId: string | null, dealId: string) {
  return queryOptions({
    queryKey: sellingKeys.quotes(institutionId, dealId),
    queryFn: ({ signal }) => fetchDealQuotes(institutionId, dealId, signal),
  });
}

export function useDealQuotes(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(dealQuotesQueryOptions(institutionId, dealId));
}

function refreshQuotes(client: QueryClient, institutionId: string | null, dealId: string): void {
  void client.invalidateQueries({ queryKey: sellingKeys.quotes(institutionId, dealId) });
  // Sending logs an activity on the deal's timeline.
  void client.invalidateQueries({ queryKey: [scopeKey(institutionId), 'crm', 'activities'] });
}

export function useCreateQuote(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateQuoteInput) => createQuote(institutionId, dealId, input),
    onSuccess: () => refreshQuotes(client, institutionId, dealId),
  });
}

export function useReviseQuote(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: CreateQuoteInput }): Promise<Quote> =>
      updateQuote(institutionId, id, changes),
    onSuccess: () => refreshQuotes(client, institutionId, dealId),
  });
}

export function useSendQuote(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SendQuoteInput }) => sendQuote(institutionId, id, input),
    onSuccess: () => refreshQuotes(client, institutionId, dealId),
  });
}
