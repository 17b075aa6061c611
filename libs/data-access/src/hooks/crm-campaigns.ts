import {
  fetchCampaign,
  fetchCampaignDelivery,
  fetchCampaigns,
  sendCampaign,
} from '@tessera/data-access/client';
import type { CampaignDelivery, CampaignDeliveryParams } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

/** While a delivery is under way, its figures are read again this often. */
export const CAMPAIGN_DELIVERY_POLL_MS = 2_000;

export const campaignKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'campaigns'] as const,
  list: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'campaigns', 'list'] as const,
  detail: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'campaigns', 'detail', id] as const,
  delivery: (institutionId: string | null, id: string, params: CampaignDeliveryParams) =>
    [scopeKey(institutionId), 'crm', 'campaigns', 'delivery', id, params] as const,
};

/** A delivery still moves while it is being sent or any message waits for delivery. */
export function deliveryInProgress(delivery: CampaignDelivery | undefined): boolean {
  return delivery !== undefined && (delivery.status === 'sending' || delivery.queued > 0);
}

export function campaignsQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: campaignKeys.list(institutionId),
    queryFn: ({ signal }) => fetchCampaigns(institutionId, signal),
    staleTime: 15_000,
  });
}

export function useCampaigns() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(campaignsQueryOptions(institutionId));
}

/** One campaign; read again while it is being sent, so its status turns to sent on screen. */
export function campaignQueryOptions(institutionId: string | null, id: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(institutionId, id),
    queryFn: ({ signal }) => fetchCampaign(institutionId, id, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? CAMPAIGN_DELIVERY_POLL_MS : false),
  });
}

export function useCampaign(id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(campaignQueryOptions(institutionId, id));
}

export function campaignDeliveryQueryOptions(
  institutionId: string | null,
  id: string,
  params: CampaignDeliveryParams = {},
) {
  return queryOptions({
    queryKey: campaignKeys.delivery(institutionId, id, params),
    queryFn: ({ signal }) => fetchCampaignDelivery(institutionId, id, params, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => (deliveryInProgress(query.state.data) ? CAMPAIGN_DELIVERY_POLL_MS : false),
  });
}

export function useCampaignDelivery(id: string, params: CampaignDeliveryParams = {}) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(campaignDeliveryQueryOptions(institutionId, id, params));
}

export function useSendCampaign() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendCampaign(institutionId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all(institutionId) }),
  });
}
