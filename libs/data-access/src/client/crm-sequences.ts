import type {
  EnrollInSequenceInput,
  Sequence,
  SequenceEnrollment,
  SequenceEnrollmentResult,
  SequenceInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

const sequencePath = (id: string) => `/api/crm/sequences/${encodeURIComponent(id)}`;

export function fetchSequences(institutionId: string | null, signal?: AbortSignal): Promise<Sequence[]> {
  return apiFetch<Sequence[]>('/api/crm/sequences', { institutionId, signal });
}

export function fetchSequence(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<Sequence> {
  return apiFetch<Sequence>(sequencePath(id), { institutionId, signal });
}

export function createSequence(institutionId: string | null, input: SequenceInput): Promise<Sequence> {
  return apiFetch<Sequence>('/api/crm/sequences', { method: 'POST', institutionId, body: input });
}

/** Steps can change only while nobody is going through the sequence (409 otherwise). */
export function updateSequence(
  institutionId: string | null,
  id: string,
  changes: Partial<SequenceInput>,
): Promise<Sequence> {
  return apiFetch<Sequence>(sequencePath(id), { method: 'PATCH', institutionId, body: changes });
}

export function fetchSequenceEnrollments(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<SequenceEnrollment[]> {
  return apiFetch<SequenceEnrollment[]>(`${sequencePath(id)}/enrollments`, { institutionId, signal });
}

export function enrollInSequence(
  institutionId: string | null,
  id: string,
  input: EnrollInSequenceInput,
): Promise<SequenceEnrollmentResult> {
  return apiFetch<SequenceEnrollmentResult>(`${sequencePath(id)}/enrollments`, {
    method: 'POST',
    institutionId,
    body: input,
  });
}

export function unenrollFromSequence(
  institutionId: string | null,
  id: string,
  enrollmentId: string,
): Promise<SequenceEnrollment> {
  return apiFetch<SequenceEnrollment>(`${sequencePath(id)}/enrollments/${encodeURIComponent(enrollmentId)}`, {
    method: 'DELETE',
    institutionId,
  });
}
