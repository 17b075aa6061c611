import type {
  ApiKeySummary,
  CreateApiKeyInput,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  CreateWebhookInput,
  WebhookDelivery,
  WebhookEndpointSummary,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

const segment = encodeURIComponent;

export function fetchApiKeys(institutionId: string, signal?: AbortSignal): Promise<ApiKeySummary[]> {
  return apiFetch('/api/administration/api-keys', { institutionId, signal });
}

/** The answer holds the key itself: the only time it is shown. */
export function createApiKey(institutionId: string, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return apiFetch('/api/administration/api-keys', { institutionId, method: 'POST', body: input });
}

export function revokeApiKey(institutionId: string, id: string): Promise<void> {
  return apiFetch(`/api/administration/api-keys/${segment(id)}`, { institutionId, method: 'DELETE' });
}

export function fetchWebhooks(
  institutionId: string,
  signal?: AbortSignal,
): Promise<WebhookEndpointSummary[]> {
  return apiFetch('/api/administration/webhooks', { institutionId, signal });
}

/** The answer holds the signing secret: the only time it is shown. */
export function createWebhook(
  institutionId: string,
  input: CreateWebhookInput,
): Promise<CreatedWebhookEndpoint> {
  return apiFetch('/api/administration/webhooks', { institutionId, method: 'POST', body: input });
}

export function deleteWebhook(institutionId: string, id: string): Promise<void> {
  return apiFetch(`/api/administration/webhooks/${segment(id)}`, { institutionId, method: 'DELETE' });
}

export function fetchWebhookDeliveries(
  institutionId: string,
  endpointId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  return apiFetch(`/api/administration/webhooks/${segment(endpointId)}/deliveries`, {
    institutionId,
    signal,
  });
}

export function resendWebhookDelivery(
  institutionId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return apiFetch(
    `/api/administration/webhooks/${segment(endpointId)}/deliveries/${segment(deliveryId)}/resend`,
    {
      institutionId,
      method: 'POST',
    },
  );
}
