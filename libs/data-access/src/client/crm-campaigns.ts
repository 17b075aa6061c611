import type { CampaignDelivery, CampaignDeliveryParams, EmailCampaign } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Email campaigns by scope, newest first (docs/product/campaigns.md). */
export function fetchCampaigns(institutionId: string | null, signal?: AbortSignal): Promise<EmailCampaign[]> {
  return apiFetch<EmailCampaign[]>('/api/crm/email-campaigns', { institutionId, signal });
}

export function fetchCampaign(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<EmailCampaign> {
  return apiFetch<EmailCampaign>(`/api/crm/email-campaigns/${encodeURIComponent(id)}`, {
    institutionId,
    signal,
  });
}

/** A campaign's delivery from the queue: totals by status, opens, clicks, unsubscribes, recipients. */
export function fetchCampaignDelivery(
  institutionId: string | null,
  id: string,
  params: CampaignDeliveryParams = {},
  signal?: AbortSignal,
): Promise<CampaignDelivery> {
  return apiFetch<CampaignDelivery>(`/api/crm/email-campaigns/${encodeURIComponent(id)}/delivery`, {
    institutionId,
    signal,
    query: { ...params },
  });
}

/** Sends a campaign: it answers at once with the campaign `sending`; jobs deliver the messages. */
export function sendCampaign(institutionId: string | null, id: string): Promise<EmailCampaign> {
  return apiFetch<EmailCampaign>(`/api/crm/email-campaigns/${encodeURIComponent(id)}/send`, {
    method: 'POST',
    institutionId,
  });
}
