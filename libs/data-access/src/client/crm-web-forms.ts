import type {
  UpdateWebFormInput,
  WebForm,
  WebFormInput,
  WebFormSubmission,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

const path = (id?: string) => (id ? `/api/crm/forms/${encodeURIComponent(id)}` : '/api/crm/forms');

/** The scope's web forms, newest first (docs/product/web-forms.md). */
export function fetchWebForms(institutionId: string | null, signal?: AbortSignal): Promise<WebForm[]> {
  return apiFetch<WebForm[]>(path(), { institutionId, signal });
}

export function fetchWebForm(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<WebForm> {
  return apiFetch<WebForm>(path(id), { institutionId, signal });
}

/** A form's latest submissions, with each lead's score now. */
export function fetchWebFormSubmissions(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<WebFormSubmission[]> {
  return apiFetch<WebFormSubmission[]>(`${path(id)}/submissions`, { institutionId, signal });
}

export function createWebForm(institutionId: string | null, input: WebFormInput): Promise<WebForm> {
  return apiFetch<WebForm>(path(), { method: 'POST', institutionId, body: input });
}

export function updateWebForm(
  institutionId: string | null,
  id: string,
  changes: UpdateWebFormInput,
): Promise<WebForm> {
  return apiFetch<WebForm>(path(id), { method: 'PATCH', institutionId, body: changes });
}

export function deleteWebForm(institutionId: string | null, id: string): Promise<void> {
  return apiFetch<void>(path(id), { method: 'DELETE', institutionId });
}
