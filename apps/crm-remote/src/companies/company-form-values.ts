import {
  COMPANY_NAME_MAX,
  COMPANY_SIZES,
  type Company,
  type CompanySize,
  type CreateCompanyInput,
  INDUSTRIES,
  type Industry,
  normaliseDomain,
} from '@tessera/data-access/contracts';

/** What the company dialog edits: strings as the inputs hold them. */
export interface CompanyFormValues {
  name: string;
  domain: string;
  industry: string;
  size: string;
  phone: string;
  address: string;
}

export type CompanyFormErrors = Partial<Record<keyof CompanyFormValues, string>>;

export const emptyCompanyForm = (): CompanyFormValues => ({
  name: '',
  domain: '',
  industry: '',
  size: '',
  phone: '',
  address: '',
});

export function companyFormFromCompany(company: Company): CompanyFormValues {
  return {
    name: company.name,
    domain: company.domain ?? '',
    industry: company.industry ?? '',
    size: company.size ?? '',
    phone: company.phone ?? '',
    address: company.address ?? '',
  };
}

const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The API's checks, said before sending (one message per field). */
export function validateCompanyForm(values: CompanyFormValues): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  if (!values.name.trim()) errors.name = 'Company name is required';
  else if (values.name.trim().length > COMPANY_NAME_MAX)
    errors.name = `Company name must be at most ${COMPANY_NAME_MAX} characters`;
  if (values.domain.trim() && !DOMAIN.test(normaliseDomain(values.domain)))
    errors.domain = 'Domain must be a web domain such as acme.com';
  if (values.industry && !(INDUSTRIES as readonly string[]).includes(values.industry))
    errors.industry = 'Choose an industry';
  if (values.size && !(COMPANY_SIZES as readonly string[]).includes(values.size))
    errors.size = 'Choose a size';
  if (values.phone.trim().length > 40) errors.phone = 'Phone must be at most 40 characters';
  if (values.address.trim().length > 500) errors.address = 'Address must be at most 500 characters';
  return errors;
}

/** The payload: cleared optional fields are sent as null (an edit clears them). */
export function companyInputFromForm(values: CompanyFormValues): CreateCompanyInput {
  const text = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    domain: values.domain.trim() ? normaliseDomain(values.domain) : null,
    industry: (values.industry || null) as Industry | null,
    size: (values.size || null) as CompanySize | null,
    phone: text(values.phone),
    address: text(values.address),
  };
}
