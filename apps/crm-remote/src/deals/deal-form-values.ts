import { DEAL_STAGES, type CreateDealInput, type Deal, type DealStage } from '@tessera/data-access/contracts';

/** What the deal dialog edits: strings as the inputs hold them. */
export interface DealFormValues {
  name: string;
  description: string;
  amount: string;
  probability: string;
  stage: DealStage;
  expected_close_date: string;
  contact_id: string;
  company_id: string;
}

export type DealFormErrors = Partial<Record<keyof DealFormValues, string>>;

export function emptyDealForm(stage: DealStage = 'prospecting'): DealFormValues {
  return {
    name: '',
    description: '',
    amount: '',
    probability: '',
    stage,
    expected_close_date: '',
    contact_id: '',
    company_id: '',
  };
}

export function dealFormFromDeal(deal: Deal): DealFormValues {
  return {
    name: deal.name ?? '',
    description: deal.description ?? '',
    amount: deal.amount === null || deal.amount === undefined ? '' : String(deal.amount),
    probability: deal.probability === null || deal.probability === undefined ? '' : String(deal.probability),
    stage: deal.stage ?? 'prospecting',
    expected_close_date: deal.expected_close_date?.slice(0, 10) ?? '',
    contact_id: deal.contact_id ?? '',
    company_id: deal.company_id ?? '',
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The checks the API makes, said before sending (one message per field, as the API answers). */
export function validateDealForm(values: DealFormValues): DealFormErrors {
  const errors: DealFormErrors = {};
  if (!values.name.trim()) errors.name = 'Deal name is required';
  else if (values.name.trim().length > 200) errors.name = 'Deal name must be at most 200 characters';
  if (values.amount.trim()) {
    const amount = Number(values.amount);
    if (!Number.isFinite(amount) || amount < 0) errors.amount = 'Amount must be a positive number';
    else if (Math.round(amount * 100) !== amount * 100) errors.amount = 'Amount can have at most 2 decimals';
  }
  if (values.probability.trim()) {
    const probability = Number(values.probability);
    if (!Number.isInteger(probability) || probability < 0 || probability > 100)
      errors.probability = 'Probability must be a whole number from 0 to 100';
  }
  if (!(DEAL_STAGES as readonly string[]).includes(values.stage)) errors.stage = 'Choose a stage';
  if (values.expected_close_date && !/^\d{4}-\d{2}-\d{2}$/.test(values.expected_close_date))
    errors.expected_close_date = 'Expected close date must be a date';
  if (values.company_id && !UUID.test(values.company_id.trim()))
    errors.company_id = 'Account must be a company id';
  return errors;
}

/** The payload for the API: empty inputs are left out (create) or cleared where the API allows. */
export function dealInputFromForm(values: DealFormValues): CreateDealInput {
  const input: CreateDealInput = { name: values.name.trim(), stage: values.stage };
  if (values.description.trim()) input.description = values.description.trim();
  if (values.amount.trim()) input.amount = Number(values.amount);
  if (values.probability.trim()) input.probability = Number(values.probability);
  if (values.expected_close_date) input.expected_close_date = values.expected_close_date;
  if (values.contact_id) input.contact_id = values.contact_id;
  if (values.company_id.trim()) input.company_id = values.company_id.trim();
  return input;
}
