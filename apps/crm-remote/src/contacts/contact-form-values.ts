import {
  CONTACT_STATUSES,
  type ContactStatus,
  type CreateContactInput,
} from '@tessera/data-access/contracts';

export interface ContactFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  title: string;
  status: ContactStatus;
  lead_source: string;
}

export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>;

export const emptyContactForm = (): ContactFormValues => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  company: '',
  title: '',
  status: 'active',
  lead_source: '',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** First and last name required, a well-formed email and phone when given (the API's limits). */
export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!values.first_name.trim()) errors.first_name = 'First name is required';
  else if (values.first_name.trim().length > 100)
    errors.first_name = 'First name must be at most 100 characters';
  if (!values.last_name.trim()) errors.last_name = 'Last name is required';
  else if (values.last_name.trim().length > 100)
    errors.last_name = 'Last name must be at most 100 characters';
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = 'Enter a valid email address';
  if (values.phone.trim() && !/^[+\d][\d\s().-]{3,39}$/.test(values.phone.trim()))
    errors.phone = 'Enter a valid phone number';
  if (values.company.length > 200) errors.company = 'Company must be at most 200 characters';
  if (values.title.length > 120) errors.title = 'Title must be at most 120 characters';
  if (!(CONTACT_STATUSES as readonly string[]).includes(values.status)) errors.status = 'Choose a status';
  return errors;
}

export function contactInputFromForm(values: ContactFormValues): CreateContactInput {
  const input: CreateContactInput = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    status: values.status,
  };
  for (const key of ['email', 'phone', 'company', 'title', 'lead_source'] as const) {
    const value = values[key].trim();
    if (value) input[key] = value;
  }
  return input;
}
