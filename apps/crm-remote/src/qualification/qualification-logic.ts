import {
  BANT_CRITERIA,
  type BantCriterion,
  bantColour,
  bantScore,
  isHighlyQualified,
  type Lead,
  type LeadQualification,
  type QualificationStepStatus,
} from '@tessera/data-access/contracts';
import { leadName } from '../shared/lead-format';

export type StepAction = 'start' | 'skip' | 'complete';

/** docs/product/lead-qualification.md#qualification-workflow: pending → Start (in_progress) or Skip (skipped); in_progress → Complete. */
export function stepActions(status: QualificationStepStatus): StepAction[] {
  if (status === 'pending') return ['start', 'skip'];
  if (status === 'in_progress') return ['complete'];
  return [];
}

export const ACTION_TARGET: Record<StepAction, QualificationStepStatus> = {
  start: 'in_progress',
  skip: 'skipped',
  complete: 'completed',
};

export const ACTION_LABEL: Record<StepAction, string> = {
  start: 'Start',
  skip: 'Skip',
  complete: 'Complete',
};

export const BANT_LABELS: Record<BantCriterion, { title: string; question: string }> = {
  budget: { title: 'Budget', question: 'Do they have budget set aside?' },
  authority: { title: 'Authority', question: 'Are we talking to the decision maker?' },
  need: { title: 'Need', question: 'Is there a clear business need?' },
  timing: { title: 'Timing', question: 'Will they buy within a defined timeframe?' },
};

/** The BANT answers with one criterion flipped, and what the screen shows for them. */
export function toggleBant(
  bant: LeadQualification['bant'],
  criterion: BantCriterion,
): LeadQualification['bant'] {
  return { ...bant, [criterion]: !bant[criterion] };
}

export function bantSummary(bant: LeadQualification['bant']) {
  const score = bantScore(bant);
  return {
    score,
    confirmed: BANT_CRITERIA.filter((criterion) => bant[criterion]).length,
    colour: bantColour(score),
    highlyQualified: isHighlyQualified(score),
  };
}

/** Completed steps out of those not skipped: how far the workflow has come. */
export function workflowProgress(steps: LeadQualification['steps']): number {
  const counted = steps.filter((step) => step.status !== 'skipped');
  if (counted.length === 0) return 100;
  return Math.round((counted.filter((step) => step.status === 'completed').length / counted.length) * 100);
}

/** The day after `today`, as the date input wants it (`2026-03-05`): a call's default date. */
export function nextDay(today: Date): string {
  return new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** A call scheduled on a day is due at 9:00 local time that day. */
export function callDueAt(day: string): string {
  return new Date(`${day}T09:00:00`).toISOString();
}

/** The lead picker's options; the lead shown is always among them, first when the list lacks it. */
export function leadOptions(rows: readonly Lead[], current: Lead): Array<{ value: string; label: string }> {
  const options = rows.map((row) => ({ value: row.id, label: leadName(row) }));
  if (!options.some((option) => option.value === current.id))
    options.unshift({ value: current.id, label: leadName(current) });
  return options;
}
