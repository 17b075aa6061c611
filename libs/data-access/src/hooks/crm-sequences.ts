import {
  createSequence,
  enrollInSequence,
  fetchSequence,
  fetchSequenceEnrollments,
  fetchSequences,
  unenrollFromSequence,
  updateSequence,
} from '@tessera/data-access/client';
import type { EnrollInSequenceInput, SequenceInput } from '@tessera/data-access/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentInstitutionId } from './current-institution';
import { scopeKey } from './query-keys';

export const sequenceKeys = {
  all: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'sequences'] as const,
  list: (institutionId: string | null) => [scopeKey(institutionId), 'crm', 'sequences', 'list'] as const,
  detail: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'sequences', 'detail', id] as const,
  enrollments: (institutionId: string | null, id: string) =>
    [scopeKey(institutionId), 'crm', 'sequences', 'enrollments', id] as const,
};

/** While people go through a sequence, its page reads its figures again this often. */
export const SEQUENCE_POLL_MS = 5_000;

export function sequencesQueryOptions(institutionId: string | null) {
  return queryOptions({
    queryKey: sequenceKeys.list(institutionId),
    queryFn: ({ signal }) => fetchSequences(institutionId, signal),
    staleTime: 15_000,
  });
}

export function useSequences() {
  const institutionId = useCurrentInstitutionId();
  return useQuery(sequencesQueryOptions(institutionId));
}

export function sequenceQueryOptions(institutionId: string | null, id: string) {
  return queryOptions({
    queryKey: sequenceKeys.detail(institutionId, id),
    queryFn: ({ signal }) => fetchSequence(institutionId, id, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => ((query.state.data?.enrollments.active ?? 0) > 0 ? SEQUENCE_POLL_MS : false),
  });
}

export function useSequence(id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(sequenceQueryOptions(institutionId, id));
}

export function sequenceEnrollmentsQueryOptions(institutionId: string | null, id: string) {
  return queryOptions({
    queryKey: sequenceKeys.enrollments(institutionId, id),
    queryFn: ({ signal }) => fetchSequenceEnrollments(institutionId, id, signal),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      (query.state.data ?? []).some((enrollment) => enrollment.status === 'active')
        ? SEQUENCE_POLL_MS
        : false,
  });
}

export function useSequenceEnrollments(id: string) {
  const institutionId = useCurrentInstitutionId();
  return useQuery(sequenceEnrollmentsQueryOptions(institutionId, id));
}

export function useCreateSequence() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SequenceInput) => createSequence(institutionId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: sequenceKeys.all(institutionId) }),
  });
}

export function useUpdateSequence() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<SequenceInput> }) =>
      updateSequence(institutionId, id, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: sequenceKeys.all(institutionId) }),
  });
}

export function useEnrollInSequence() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EnrollInSequenceInput }) =>
      enrollInSequence(institutionId, id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: sequenceKeys.all(institutionId) }),
  });
}

export function useUnenrollFromSequence() {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enrollmentId }: { id: string; enrollmentId: string }) =>
      unenrollFromSequence(institutionId, id, enrollmentId),
    onSuccess: () => client.invalidateQueries({ queryKey: sequenceKeys.all(institutionId) }),
  });
}
