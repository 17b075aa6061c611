import type {
  Contact,
  ContactSearchQuery,
  ContactWithCustomFields,
  CreateContactInput,
  Page,
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
