import {
  cancelCampaignSchedule,
  createCampaign,
  fetchAudienceCount,
  fetchCampaign,
  fetchCampaignDelivery,
  fetchCampaigns,
  scheduleCampaign,
  sendCampaign,
  sendCampaignTest,
  updateCampaign,
} from '@tessera/data-access/client';
import type {
  CampaignAudience,
  CampaignDelivery,
  CampaignDeliveryParams,
  CreateCampaignInput,
  ScheduleCampaignInput,
} from '@tessera/data-access/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  audienceCount: (institutionId: string | null, audience: CampaignAudience) =>
    [scopeKey(institutionId), 'crm', 'campaigns', 'audience-count', audience] as const,
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

/** Who an audience reaches now; the audience builder shows it before anything is sent. */
export function audienceCountQueryOptions(
  institutionId: string | null,
  audience: CampaignAudience,
  enabled = true,
) {
  return queryOptions({
    enabled,
    queryKey: campaignKeys.audienceCount(institutionId, audience),
    queryFn: ({ signal }) => fetchAudienceCount(institutionId, audience, signal),
    staleTime: 10_000,
    // The previous count stays on screen while the next one loads, instead of flashing away.
    placeholderData: keepPreviousData,
  });
}

export function useAudienceCount(audience: CampaignAudience, enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(audienceCountQueryOptions(institutionId, audience, enabled));
}

export function useCreateCampaign() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) => createCampaign(institutionId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all(institutionId) }),
  });
}

export function useUpdateCampaign() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<CreateCampaignInput> }) =>
      updateCampaign(institutionId, id, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all(institutionId) }),
  });
}

export function useScheduleCampaign() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ScheduleCampaignInput }) =>
      scheduleCampaign(institutionId, id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all(institutionId) }),
  });
}

export function useCancelCampaignSchedule() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelCampaignSchedule(institutionId, id),
    onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.all(institutionId) }),
  });
}

/** A test send changes no campaign: nothing to read again. */
export function useSendCampaignTest() {
  const institutionId = useCurrentInstitutionId();
  return useMutation({
    mutationFn: (id: string) => sendCampaignTest(institutionId, id),
  });
}
