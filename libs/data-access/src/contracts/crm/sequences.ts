import { localDay } from '../local-day';

/*
 * Sequences (docs/product/sequences.md): a series of e-mails, tasks and waits that a contact or a
 * lead goes through one step after another, until the last step or until they answer, unsubscribe,
 * bounce or are enrolled in another sequence by hand. The rules the API and the builder share.
 */

export const SEQUENCE_STEP_TYPES = ['email', 'task', 'wait'] as const;
export type SequenceStepType = (typeof SEQUENCE_STEP_TYPES)[number];

/** How long a sequence may be, and how long one wait may last. */
export const SEQUENCE_LIMITS = {
  steps: 20,
  waitDays: 90,
  subject: 200,
  body: 20_000,
  name: 120,
  enrollAtOnce: 500,
} as const;

/** Per sender and calendar day (UTC), unless SEQUENCE_DAILY_LIMIT says otherwise. */
export const SEQUENCE_DAILY_LIMIT_DEFAULT = 200;

export const SEQUENCE_ENROLLMENT_STATUSES = [
  'active',
  'finished',
  'replied',
  'unsubscribed',
  'bounced',
  'moved',
  'unenrolled',
] as const;
export type SequenceEnrollmentStatus = (typeof SEQUENCE_ENROLLMENT_STATUSES)[number];

/** Why someone left a sequence, as the sequence page says it. */
export const SEQUENCE_EXIT_LABELS: Record<Exclude<SequenceEnrollmentStatus, 'active'>, string> = {
  finished: 'Finished',
  replied: 'Replied',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  moved: 'Enrolled in another sequence',
  unenrolled: 'Unenrolled',
};

export const SEQUENCE_ENROLLMENT_SOURCES = ['manual', 'segment', 'automation'] as const;
export type SequenceEnrollmentSource = (typeof SEQUENCE_ENROLLMENT_SOURCES)[number];

/** One step as written in the builder. */
export interface SequenceStepInput {
  type: SequenceStepType;
  /** email: the subject (merge fields allowed); task: what to do. */
  subject?: string | null;
  /** email: the message (merge fields allowed); task: details. */
  body?: string | null;
  /** wait: how many days. */
  days?: number | null;
  /** wait: count Monday to Friday only. */
  business_days?: boolean | null;
}

export interface SequenceStepFigures {
  sent: number;
  opened: number;
  replied: number;
  meetings: number;
}

export interface SequenceStep {
  id: string;
  position: number;
  type: SequenceStepType;
  subject: string | null;
  body: string | null;
  days: number | null;
  business_days: boolean;
  figures: SequenceStepFigures;
}

export type SequenceEnrollmentCounts = Record<SequenceEnrollmentStatus, number>;

export interface Sequence {
  id: string;
  org_id: string | null;
  owner_id: string;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
  steps: SequenceStep[];
  enrollments: SequenceEnrollmentCounts;
}

export interface SequenceInput {
  name: string;
  description?: string | null;
  steps: SequenceStepInput[];
}

export interface SequenceEnrollment {
  id: string;
  sequence_id: string;
  contact_id: string | null;
  lead_id: string | null;
  name: string;
  email: string | null;
  status: SequenceEnrollmentStatus;
  source: SequenceEnrollmentSource;
  /** The step it waits for (1-based), null once it has left. */
  next_step: number | null;
  next_step_at: string | null;
  enrolled_at: string;
  exited_at: string | null;
}

export interface EnrollInSequenceInput {
  contact_ids?: string[];
  lead_ids?: string[];
  /** Every lead of this segment (its criteria as they match now). */
  segment_id?: string;
}

export interface SequenceEnrollmentResult {
  enrolled: number;
  /** Of those, how many left another sequence for this one. */
  moved: number;
  skipped: Array<{ contact_id: string | null; lead_id: string | null; reason: string }>;
}

const DAY_MS = 86_400_000;

function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}

/**
 * When a wait that starts at `from` ends: `days` later, or — counting business days — `days`
 * weekdays later at the same time of day (Saturday and Sunday are skipped; a wait started on a
 * weekend ends on a weekday). Days are calendar days in UTC: the CRM keeps no time zone per person.
 */
export function waitEnds(from: Date, wait: { days: number; business_days: boolean }): Date {
  const days = Math.max(0, Math.floor(wait.days));
  if (!wait.business_days) return new Date(from.getTime() + days * DAY_MS);
  let at = new Date(from.getTime());
  let counted = 0;
  while (counted < days) {
    at = new Date(at.getTime() + DAY_MS);
    if (!isWeekend(at)) counted += 1;
  }
  return at;
}

/** The calendar day (UTC) a send counts against in the daily limit, `YYYY-MM-DD`. */
export function sendingDay(at: Date): string {
  return localDay(at).day;
}

/** Where a step over the daily limit waits until: the start of the next day (UTC). */
export function nextSendingDay(at: Date): Date {
  return new Date(localDay(at).end);
}

/** A wait as the builder and the sequence page say it. */
export function describeWait(wait: { days: number | null; business_days: boolean | null }): string {
  const days = wait.days ?? 0;
  const unit = wait.business_days ? 'business day' : 'day';
  return `Wait ${days} ${unit}${days === 1 ? '' : 's'}`;
}

/** Problems of a step as written, by field (empty: the step is fine). */
export function sequenceStepProblems(step: SequenceStepInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (step.type === 'email') {
    if (!step.subject?.trim()) problems.subject = 'Subject is required';
    if (!step.body?.trim()) problems.body = 'Message is required';
  } else if (step.type === 'task') {
    if (!step.subject?.trim()) problems.subject = 'Task is required';
  } else if (step.type === 'wait') {
    const days = step.days;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > SEQUENCE_LIMITS.waitDays)
      problems.days = `Wait between 1 and ${SEQUENCE_LIMITS.waitDays} days`;
  }
  return problems;
}
