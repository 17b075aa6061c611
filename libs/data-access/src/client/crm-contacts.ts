import type {
  Contact,
  ContactSearchQuery,
  ContactStatus,
  ContactWithCustomFields,
  CreateContactInput,
  LeadStage,
  MoveContactResult,
  Page,
  UpdateContactInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** The API's page cap; the contacts list reads every contact in scope page by page. */
export const CONTACT_PAGE_SIZE = 500;

/** Every contact in scope (by scope: docs/product/contacts.md). */
export async function fetchContacts(institutionId: string | null, signal?: AbortSignal): Promise<Contact[]> {
  const contacts: Contact[] = [];
  for (let offset = 0; ; offset += CONTACT_PAGE_SIZE) {
    const page = await apiFetch<Page<Contact>>('/api/crm/contacts', {
      institutionId,
      signal,
      query: { limit: CONTACT_PAGE_SIZE, offset },
    });
    contacts.push(...page.rows);
    if (page.rows.length < CONTACT_PAGE_SIZE || contacts.length >= page.total) return contacts;
  }
}

/** Server-side search by text, status, lead_source and tags (docs/product/contacts.md). */
export function searchContacts(
  institutionId: string | null,
  query: ContactSearchQuery,
  signal?: AbortSignal,
): Promise<Page<Contact>> {
  return apiFetch<Page<Contact>>('/api/crm/contacts/search', {
    institutionId,
    signal,
    query: { ...query, tags: query.tags?.join(',') },
  });
}

/** One contact with its custom fields. */
export function fetchContact(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<ContactWithCustomFields> {
  return apiFetch<ContactWithCustomFields>(`/api/crm/contacts/${encodeURIComponent(id)}`, {
    institutionId,
    signal,
  });
}

export function createContact(
  institutionId: string | null,
  input: CreateContactInput,
): Promise<ContactWithCustomFields> {
  return apiFetch<ContactWithCustomFields>('/api/crm/contacts', {
    method: 'POST',
    institutionId,
    body: input,
  });
}

/** Every field of a contact (docs/product/contacts.md#editing-a-contact); custom fields are upserted by name. */
export function updateContact(
  institutionId: string | null,
  id: string,
  input: UpdateContactInput,
): Promise<Contact> {
  return apiFetch<Contact>(`/api/crm/contacts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: input,
  });
}

/** The contact's whole tag list (added and removed tags in one write). */
export function updateContactTags(
  institutionId: string | null,
  id: string,
  tags: string[],
): Promise<Contact> {
  return apiFetch<Contact>(`/api/crm/contacts/${encodeURIComponent(id)}/tags`, {
    method: 'PATCH',
    institutionId,
    body: { tags },
  });
}

/** Pipeline move: the status changes, a stage_change activity is logged and the automation rules run. */
export function moveContact(
  institutionId: string | null,
  id: string,
  stage: LeadStage,
): Promise<MoveContactResult> {
  return apiFetch<MoveContactResult>(`/api/crm/contacts/${encodeURIComponent(id)}/move`, {
    method: 'POST',
    institutionId,
    body: { stage },
  });
}

/** A status outside the pipeline (active, inactive): no activity, no rules. */
export function updateContactStatus(
  institutionId: string | null,
  id: string,
  status: ContactStatus,
): Promise<Contact> {
  return apiFetch<Contact>(`/api/crm/contacts/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    institutionId,
    body: { status },
  });
}
