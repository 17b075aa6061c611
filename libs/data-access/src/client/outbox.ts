import type { OutboxMessageDetail, OutboxPage } from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export interface OutboxPageRequest {
  limit: number;
  offset: number;
}

/** The institution's messages, newest first (owners and admins). */
export function fetchOutbox(
  institutionId: string,
  page: OutboxPageRequest,
  signal?: AbortSignal,
): Promise<OutboxPage> {
  return apiFetch<OutboxPage>('/api/outbox', { institutionId, signal, query: { ...page } });
}

export function fetchOutboxMessage(
  institutionId: string,
  messageId: string,
  signal?: AbortSignal,
): Promise<OutboxMessageDetail> {
  return apiFetch<OutboxMessageDetail>(`/api/outbox/${encodeURIComponent(messageId)}`, {
    institutionId,
    signal,
  });
}

/** Every message of the platform, password resets included (super admins). */
export function fetchPlatformOutbox(page: OutboxPageRequest, signal?: AbortSignal): Promise<OutboxPage> {
  return apiFetch<OutboxPage>('/api/platform/outbox', { signal, query: { ...page } });
}

export function fetchPlatformOutboxMessage(
  messageId: string,
  signal?: AbortSignal,
): Promise<OutboxMessageDetail> {
  return apiFetch<OutboxMessageDetail>(`/api/platform/outbox/${encodeURIComponent(messageId)}`, { signal });
}
