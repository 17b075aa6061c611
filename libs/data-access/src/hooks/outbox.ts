import {
  fetchOutbox,
  fetchOutboxMessage,
  fetchPlatformOutbox,
  fetchPlatformOutboxMessage,
  type OutboxPageRequest,
} from '@tessera/data-access/client';
import type { OutboxPage } from '@tessera/data-access/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scopeKey } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

/** While a message waits for its delivery job, the page looks again this often. */
export const OUTBOX_REFRESH_MS = 3_000;

export const outboxKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'outbox'] as const,
  list: (institutionId: string | null, page: OutboxPageRequest) =>
    [scopeKey(institutionId), 'outbox', 'list', { limit: page.limit, offset: page.offset }] as const,
  message: (institutionId: string | null, messageId: string) =>
    [scopeKey(institutionId), 'outbox', 'message', messageId] as const,
  platformList: (page: OutboxPageRequest) =>
    ['platform', 'outbox', 'list', { limit: page.limit, offset: page.offset }] as const,
  platformMessage: (messageId: string) => ['platform', 'outbox', 'message', messageId] as const,
};

function refreshWhileQueued(data: OutboxPage | undefined): number | false {
  return data?.items.some((item) => item.status === 'queued') ? OUTBOX_REFRESH_MS : false;
}

export function outboxQueryOptions(institutionId: string | null, page: OutboxPageRequest, enabled = true) {
  return queryOptions({
    queryKey: outboxKeys.list(institutionId, page),
    queryFn: ({ signal }) => fetchOutbox(institutionId as string, page, signal),
    enabled: enabled && Boolean(institutionId),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshWhileQueued(query.state.data),
    retry: false,
  });
}

/** `enabled` false (not an owner or admin) asks nothing. */
export function useOutbox(page: OutboxPageRequest, enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(outboxQueryOptions(institutionId, page, enabled));
}

export function outboxMessageQueryOptions(
  institutionId: string | null,
  messageId: string | null,
  enabled = true,
) {
  return queryOptions({
    queryKey: outboxKeys.message(institutionId, messageId ?? 'none'),
    queryFn: ({ signal }) => fetchOutboxMessage(institutionId as string, messageId as string, signal),
    enabled: enabled && Boolean(institutionId && messageId),
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? OUTBOX_REFRESH_MS : false),
    retry: false,
  });
}

export function useOutboxMessage(messageId: string | null, enabled = true) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(outboxMessageQueryOptions(institutionId, messageId, enabled));
}

export function platformOutboxQueryOptions(page: OutboxPageRequest, enabled = true) {
  return queryOptions({
    queryKey: outboxKeys.platformList(page),
    queryFn: ({ signal }) => fetchPlatformOutbox(page, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshWhileQueued(query.state.data),
    retry: false,
  });
}

export function usePlatformOutbox(page: OutboxPageRequest, enabled = true) {
  return useQuery(platformOutboxQueryOptions(page, enabled));
}

export function platformOutboxMessageQueryOptions(messageId: string | null) {
  return queryOptions({
    queryKey: outboxKeys.platformMessage(messageId ?? 'none'),
    queryFn: ({ signal }) => fetchPlatformOutboxMessage(messageId as string, signal),
    enabled: Boolean(messageId),
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? OUTBOX_REFRESH_MS : false),
    retry: false,
  });
}

export function usePlatformOutboxMessage(messageId: string | null) {
  return useQuery(platformOutboxMessageQueryOptions(messageId));
}
