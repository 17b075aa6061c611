import type {
  Company,
  CompanyDetail,
  CreateCompanyInput,
  Page,
  UpdateCompanyInput,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

/** The API's page cap; the companies list reads every company in scope page by page. */
export const COMPANY_PAGE_SIZE = 500;

/** Every company in scope, by name (docs/product/companies.md). */
export async function fetchCompanies(institutionId: string | null, signal?: AbortSignal): Promise<Company[]> {
  const companies: Company[] = [];
  for (let offset = 0; ; offset += COMPANY_PAGE_SIZE) {
    const page = await apiFetch<Page<Company>>('/api/crm/companies', {
      institutionId,
      signal,
      query: { limit: COMPANY_PAGE_SIZE, offset },
    });
    companies.push(...page.rows);
    if (page.rows.length < COMPANY_PAGE_SIZE || companies.length >= page.total) return companies;
  }
}

/** One company with its contacts, deals and latest activities. */
export function fetchCompany(
  institutionId: string | null,
  id: string,
  signal?: AbortSignal,
): Promise<CompanyDetail> {
  return apiFetch<CompanyDetail>(`/api/crm/companies/${encodeURIComponent(id)}`, { institutionId, signal });
}

export function createCompany(institutionId: string | null, input: CreateCompanyInput): Promise<Company> {
  return apiFetch<Company>('/api/crm/companies', { method: 'POST', institutionId, body: input });
}

export function updateCompany(
  institutionId: string | null,
  id: string,
  input: UpdateCompanyInput,
): Promise<Company> {
  return apiFetch<Company>(`/api/crm/companies/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    institutionId,
    body: input,
  });
}

export function deleteCompany(institutionId: string | null, id: string): Promise<void> {
  return apiFetch<void>(`/api/crm/companies/${encodeURIComponent(id)}`, { method: 'DELETE', institutionId });
}
