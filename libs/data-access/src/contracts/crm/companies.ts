import type { CompanySize, Industry } from './enums';
import type { Activity, Contact, CrmOwnedRow, Deal } from './types';

/**
 * A company (the "account" of the pipeline's `Account #` and the deal's Link Account,
 * docs/product/companies.md): contacts and deals link to one through `company_id`.
 */
export interface Company extends CrmOwnedRow {
  name: string;
  /** The web domain, lower case, without scheme or path (`acme.com`). */
  domain: string | null;
  industry: Industry | null;
  size: CompanySize | null;
  phone: string | null;
  address: string | null;
}

export interface CreateCompanyInput {
  name: string;
  domain?: string | null;
  industry?: Industry | null;
  size?: CompanySize | null;
  phone?: string | null;
  address?: string | null;
}
export type UpdateCompanyInput = Partial<CreateCompanyInput>;

/** The company detail page: the company and what links to it. */
export interface CompanyDetail extends Company {
  contacts: Contact[];
  deals: Deal[];
  activities: Activity[];
}

/** The longest company name the API accepts (the database checks it too). */
export const COMPANY_NAME_MAX = 200;

/** A company's name is unique in its scope: the message for a name another company holds. */
export function companyNameTakenMessage(name: string): string {
  return `A company named “${name}” already exists`;
}

/** `https://www.Acme.com/about` → `acme.com`: one spelling per domain, so search and duplicates find it. */
export function normaliseDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}
