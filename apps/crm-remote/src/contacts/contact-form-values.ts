import {
  CONTACT_EMAIL_PATTERN,
  CONTACT_FIELD_LIMITS,
  CONTACT_PHONE_PATTERN,
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

/** First and last name required, a well-formed email and phone when given (the API's limits). */
export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const limits = CONTACT_FIELD_LIMITS;
  if (!values.first_name.trim()) errors.first_name = 'First name is required';
  else if (values.first_name.trim().length > limits.first_name)
    errors.first_name = `First name must be at most ${limits.first_name} characters`;
  if (!values.last_name.trim()) errors.last_name = 'Last name is required';
  else if (values.last_name.trim().length > limits.last_name)
    errors.last_name = `Last name must be at most ${limits.last_name} characters`;
  if (values.email.trim() && !CONTACT_EMAIL_PATTERN.test(values.email.trim()))
    errors.email = 'Enter a valid email address';
  if (values.phone.trim() && !CONTACT_PHONE_PATTERN.test(values.phone.trim()))
    errors.phone = 'Enter a valid phone number';
  if (values.company.length > limits.company)
    errors.company = `Company must be at most ${limits.company} characters`;
  if (values.title.length > limits.title) errors.title = `Title must be at most ${limits.title} characters`;
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
