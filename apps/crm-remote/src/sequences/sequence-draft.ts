import {
  SEQUENCE_LIMITS,
  type Sequence,
  type SequenceInput,
  type SequenceStepType,
  sequenceStepProblems,
  unknownMergeFields,
  unknownMergeFieldsMessage,
} from '@tessera/data-access/contracts';

/** One step as the builder holds it: text fields as typed, and a key that survives reordering. */
export interface StepDraft {
  key: string;
  type: SequenceStepType;
  subject: string;
  body: string;
  days: string;
  businessDays: boolean;
}

export interface SequenceDraft {
  name: string;
  description: string;
  steps: StepDraft[];
}

/** Errors by field: `name`, `steps`, or `steps.<index>.<field>` as the API names them. */
export type SequenceDraftErrors = Record<string, string>;

let nextKey = 0;
const newKey = () => {
  nextKey += 1;
  return `step-${nextKey}`;
};

export function newStep(type: SequenceStepType): StepDraft {
  return {
    key: newKey(),
    type,
    subject: '',
    body: '',
    days: type === 'wait' ? '2' : '',
    businessDays: false,
  };
}

export function emptySequenceDraft(): SequenceDraft {
  return { name: '', description: '', steps: [newStep('email')] };
}

export function draftFromSequence(sequence: Sequence): SequenceDraft {
  return {
    name: sequence.name,
    description: sequence.description ?? '',
    steps: sequence.steps.map((step) => ({
      key: newKey(),
      type: step.type,
      subject: step.subject ?? '',
      body: step.body ?? '',
      days: step.days === null ? '' : String(step.days),
      businessDays: step.business_days,
    })),
  };
}

/** The step moved by `offset` places (−1 up, +1 down); unchanged at either end. */
export function moveStep(steps: StepDraft[], index: number, offset: -1 | 1): StepDraft[] {
  const target = index + offset;
  if (target < 0 || target >= steps.length) return steps;
  const moved = [...steps];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}

export function inputFromDraft(draft: SequenceDraft): SequenceInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    steps: draft.steps.map((step) =>
      step.type === 'wait'
        ? { type: 'wait', days: Number(step.days), business_days: step.businessDays }
        : { type: step.type, subject: step.subject.trim(), body: step.body.trim() || null },
    ),
  };
}

/** The API's checks, before asking it: the same rules (contracts), the same field names. */
export function validateSequenceDraft(draft: SequenceDraft): SequenceDraftErrors {
  const errors: SequenceDraftErrors = {};
  if (!draft.name.trim()) errors.name = 'Name is required';
  else if (draft.name.trim().length > SEQUENCE_LIMITS.name)
    errors.name = `At most ${SEQUENCE_LIMITS.name} characters`;
  if (draft.steps.length === 0) errors.steps = 'A sequence needs at least one step';
  if (draft.steps.length > SEQUENCE_LIMITS.steps) errors.steps = `At most ${SEQUENCE_LIMITS.steps} steps`;
  inputFromDraft(draft).steps.forEach((step, index) => {
    for (const [field, problem] of Object.entries(sequenceStepProblems(step)))
      errors[`steps.${index}.${field}`] = problem;
    if (step.type === 'email')
      for (const field of ['subject', 'body'] as const) {
        const unknown = unknownMergeFields(step[field] ?? '');
        if (unknown.length) errors[`steps.${index}.${field}`] = unknownMergeFieldsMessage(unknown);
      }
  });
  return errors;
}

/** The API's field errors (400) in the builder's shape: the first message of each field. */
export function draftErrorsFrom(fields: Record<string, string[] | string> | undefined): SequenceDraftErrors {
  return Object.fromEntries(
    Object.entries(fields ?? {})
      .map(([field, messages]): [string, string | undefined] => [
        field,
        Array.isArray(messages) ? messages[0] : messages,
      ])
      .filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

export const STEP_TYPE_LABEL: Record<SequenceStepType, string> = {
  email: 'E-mail',
  task: 'Task',
  wait: 'Wait',
};
