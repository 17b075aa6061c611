import {
  createApiKey,
  createWebhook,
  deleteWebhook,
  fetchApiKeys,
  fetchWebhookDeliveries,
  fetchWebhooks,
  resendWebhookDelivery,
  revokeApiKey,
} from '@tessera/data-access/client';
import type { CreateApiKeyInput, CreateWebhookInput } from '@tessera/data-access/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { administrationKeys, useInstitutionWrite } from './administration';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

/** An open delivery log looks for new deliveries this often. */
export const DELIVERIES_REFRESH_MS = 2_000;

export const integrationKeys = {
  apiKeys: (institutionId: string | null) => [scopeKey(institutionId), 'integrations', 'api-keys'] as const,
  webhooks: (institutionId: string | null) => [scopeKey(institutionId), 'integrations', 'webhooks'] as const,
  deliveries: (institutionId: string | null, endpointId: string) =>
    [scopeKey(institutionId), 'integrations', 'webhooks', endpointId, 'deliveries'] as const,
};

export function apiKeysQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: integrationKeys.apiKeys(institutionId),
    queryFn: ({ signal }) => fetchApiKeys(institutionId as string, signal),
    enabled: enabled && Boolean(institutionId),
    retry: false,
  });
}

export function useApiKeys(enabled = true) {
  return useQuery(apiKeysQueryOptions(useCurrentInstitutionId(), enabled));
}

const keyViews = (institutionId: string) => [
  integrationKeys.apiKeys(institutionId),
  administrationKeys.audit(institutionId),
];

export function useCreateApiKey() {
  return useInstitutionWrite(
    (institutionId, input: CreateApiKeyInput) => createApiKey(institutionId, input),
    keyViews,
  );
}

/** Input: the key's id. */
export function useRevokeApiKey() {
  return useInstitutionWrite((institutionId, id: string) => revokeApiKey(institutionId, id), keyViews);
}

export function webhooksQueryOptions(institutionId: string | null, enabled = true) {
  return queryOptions({
    queryKey: integrationKeys.webhooks(institutionId),
    queryFn: ({ signal }) => fetchWebhooks(institutionId as string, signal),
    enabled: enabled && Boolean(institutionId),
    retry: false,
  });
}

export function useWebhooks(enabled = true) {
  return useQuery(webhooksQueryOptions(useCurrentInstitutionId(), enabled));
}

const webhookViews = (institutionId: string) => [
  integrationKeys.webhooks(institutionId),
  administrationKeys.audit(institutionId),
];

export function useCreateWebhook() {
  return useInstitutionWrite(
    (institutionId, input: CreateWebhookInput) => createWebhook(institutionId, input),
    webhookViews,
  );
}

/** Input: the endpoint's id. */
export function useDeleteWebhook() {
  return useInstitutionWrite((institutionId, id: string) => deleteWebhook(institutionId, id), webhookViews);
}

export function webhookDeliveriesQueryOptions(institutionId: string | null, endpointId: string) {
  return queryOptions({
    queryKey: integrationKeys.deliveries(institutionId, endpointId),
    queryFn: ({ signal }) => fetchWebhookDeliveries(institutionId as string, endpointId, signal),
    enabled: Boolean(institutionId),
    // Deliveries come from changes made elsewhere (a deal moved): the log keeps looking.
    refetchInterval: DELIVERIES_REFRESH_MS,
    retry: false,
  });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQueryOptions(useCurrentInstitutionId(), endpointId));
}

export function useResendWebhookDelivery(endpointId: string) {
  return useInstitutionWrite(
    (institutionId, deliveryId: string) => resendWebhookDelivery(institutionId, endpointId, deliveryId),
    (institutionId) => [
      integrationKeys.deliveries(institutionId, endpointId),
      ...webhookViews(institutionId),
    ],
  );
}
