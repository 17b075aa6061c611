import type {
  CampaignAudience,
  CampaignAudienceCount,
  CampaignDelivery,
  CampaignDeliveryParams,
  CampaignListItem,
  CampaignTestSend,
  CreateCampaignInput,
  EmailCampaign,
  ScheduleCampaignInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** Email campaigns by scope, newest first, each with its figures (docs/product/campaigns.md). */
export function fetchCampaigns(
  institutionId: string | null,
  signal?: AbortSignal,
): Promise<Array<EmailCampaign & CampaignListItem>> {
  return apiFetch<Array<EmailCampaign & CampaignListItem>>('/api/crm/email-campaigns', {
    institutionId,
    signal,
  });
}

export function createCampaign(
  institutionId: string | null,
  input: CreateCampaignInput,
): Promise<EmailCampaign> {
  return apiFetch<EmailCampaign>('/api/crm/email-campaigns', { method: 'POST', institutionId, body: input });
}

/** Edits a draft (the API refuses others with 409). */
export function updateCampaign(
  institutionId: string | null,
  id: string,
  changes: Partial<CreateCampaignInput>,
): Promise<EmailCampaign> {
  return apiFetch<EmailCampaign>(`/api/crm/email-campaigns/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: changes,
  });
}

/** How many contacts a campaign to this audience would reach now. */
export function fetchAudienceCount(
  institutionId: string | null,
  audience: CampaignAudience,
  signal?: AbortSignal,
): Promise<CampaignAudienceCount> {
  return apiFetch<CampaignAudienceCount>('/api/crm/email-campaigns/audience-count', {
    method: 'POST',
    institutionId,
    body: { audience },
    signal,
  });
}

export function scheduleCampaign(
  institutionId: string | null,
  id: string,
  input: ScheduleCampaignInput,
): Promise<EmailCampaign> {
  return apiFetch<EmailCampaign>(`/api/crm/email-campaigns/${encodeURIComponent(id)}/schedule`, {
    method: 'POST',
    institutionId,
    body: input,
  });
}

export function cancelCampaignSchedule(institutionId: string | null, id: string): Promise<EmailCampaign> {
  return apiFetch<EmailCampaign>(`/api/crm/email-campaigns/${encodeURIComponent(id)}/cancel-schedule`, {
    method: 'POST',
    institutionId,
  });
}

/** A test message of the campaign to the signed-in user's own address. */
export function sendCampaignTest(institutionId: string | null, id: string): Promise<CampaignTestSend> {
  return apiFetch<CampaignTestSend>(`/api/crm/email-campaigns/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    institutionId,
  });
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
