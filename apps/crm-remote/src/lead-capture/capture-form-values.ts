import type { CaptureFormInput, CaptureLeadInput } from '@tessera/data-access/contracts';

/** What the form holds: every field as text, '' meaning not filled. */
export type CaptureFormValues = Record<keyof Required<CaptureFormInput>, string>;

export const EMPTY_CAPTURE_FORM: CaptureFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  position: '',
  company: '',
  website: '',
  industry: '',
  company_size: '',
  budget_range: '',
  timeline: '',
  lead_source: '',
  pain_points: '',
  notes: '',
};

/** The form as the scoring function reads it (unfilled fields absent). */
export function toScoringInput(values: CaptureFormValues): CaptureFormInput {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value.trim() !== ''),
  ) as CaptureFormInput;
}

/** The request body: trimmed, empty fields left out (the API validates the enumerations). */
export function toCaptureRequest(values: CaptureFormValues): CaptureLeadInput {
  const trimmed = Object.fromEntries(
    Object.entries(values)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  return trimmed as unknown as CaptureLeadInput;
}
