import {
  composeDealEmail,
  connectMailbox,
  disconnectMailbox,
  type EmailThreadRecordKind,
  fetchEmailThreads,
  fetchMailboxes,
  replyToEmail,
  updateMailbox,
} from '@tessera/data-access/client';
import type {
  ConnectMailboxInput,
  ReplyEmailInput,
  SendCrmEmailInput,
  UpdateMailboxInput,
} from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityKeys } from './crm-activities';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

export const mailboxKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'mailboxes'] as const,
};

export const emailThreadKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'email-threads'] as const,
  of: (institutionId: string | null, kind: EmailThreadRecordKind, id: string) =>
    [scopeKey(institutionId), 'crm', 'email-threads', kind, id] as const,
};

/** While a mailbox waits for its first sync or syncs, its status is read again every few seconds. */
const SYNC_REFRESH_MS = 3_000;

export function mailboxesQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: mailboxKeys.all(institutionId),
    queryFn: ({ signal }) => fetchMailboxes(institutionId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((mailbox) => mailbox.status === 'pending' || mailbox.status === 'syncing')
        ? SYNC_REFRESH_MS
        : false,
  });
}

export function useMailboxes() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(mailboxesQueryOptions(institutionId));
}

export function useConnectMailbox() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectMailboxInput) => connectMailbox(institutionId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: mailboxKeys.all(institutionId) }),
  });
}

export function useUpdateMailbox() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateMailboxInput & { id: string }) =>
      updateMailbox(institutionId, id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: mailboxKeys.all(institutionId) }),
  });
}

export function useDisconnectMailbox() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => disconnectMailbox(institutionId, id),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: mailboxKeys.all(institutionId) });
      client.invalidateQueries({ queryKey: emailThreadKeys.all(institutionId) });
    },
  });
}

/** New mail arrives by the mailbox's sync, not by this screen: the threads are read again now and then. */
const THREADS_REFRESH_MS = 15_000;

export function emailThreadsQueryOptions(
  institutionId: string | null,
  kind: EmailThreadRecordKind,
  id: string,
) {
  return queryOptions({
    queryKey: emailThreadKeys.of(institutionId, kind, id),
    queryFn: ({ signal }) => fetchEmailThreads(institutionId, { kind, id }, signal),
    refetchInterval: THREADS_REFRESH_MS,
  });
}

export function useEmailThreads(kind: EmailThreadRecordKind, id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(emailThreadsQueryOptions(institutionId, kind, id));
}

/** Replies to a message of a thread; every page's threads and activities show it at once. */
export function useReplyToEmail() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, ...input }: ReplyEmailInput & { messageId: string; deal_id?: string }) =>
      replyToEmail(institutionId, messageId, input),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: emailThreadKeys.all(institutionId) });
      client.invalidateQueries({ queryKey: activityKeys.all(institutionId) });
    },
  });
}

/** A new e-mail on a deal, to its contact; the deal's conversations and activities show it at once. */
export function useComposeDealEmail(dealId: string) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendCrmEmailInput) => composeDealEmail(institutionId, dealId, input),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: emailThreadKeys.all(institutionId) });
      client.invalidateQueries({ queryKey: activityKeys.all(institutionId) });
    },
  });
}
