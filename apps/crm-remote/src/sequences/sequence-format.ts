import {
  describeWait,
  SEQUENCE_EXIT_LABELS,
  type SequenceEnrollment,
  type SequenceStep,
} from '@tessera/data-access/contracts';
import type { BadgeTone } from '@tessera/ui';

/** What a step does, in one line on the sequence page. */
export function describeStep(
  step: Pick<SequenceStep, 'type' | 'subject' | 'days' | 'business_days'>,
): string {
  if (step.type === 'wait') return describeWait(step);
  if (step.type === 'task') return `Task: ${step.subject ?? ''}`;
  return `E-mail: ${step.subject ?? ''}`;
}

/** Where a person is: the step they wait for, or why they left. */
export function enrollmentState(enrollment: Pick<SequenceEnrollment, 'status' | 'next_step'>): string {
  if (enrollment.status === 'active')
    return enrollment.next_step ? `At step ${enrollment.next_step}` : 'Active';
  return SEQUENCE_EXIT_LABELS[enrollment.status];
}

export function enrollmentTone(status: SequenceEnrollment['status']): BadgeTone {
  if (status === 'active') return 'primary';
  if (status === 'finished' || status === 'replied') return 'success';
  if (status === 'bounced' || status === 'unsubscribed') return 'destructive';
  return 'neutral';
}
