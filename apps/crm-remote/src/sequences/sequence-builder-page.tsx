import { isApiError } from '@tessera/data-access/client';
import { CRM_MERGE_FIELDS, type Sequence, type SequenceStepType } from '@tessera/data-access/contracts';
import { useCreateSequence, useSequence, useUpdateSequence } from '@tessera/data-access/hooks';
import {
  Actions,
  Button,
  Card,
  EmptyState,
  FieldError,
  FieldRow,
  Label,
  Spinner,
  Switch,
  Textarea,
  TextField,
  toast,
} from '@tessera/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CrmPageFrame } from '../shared/crm-page-frame';
import { READ_ONLY_NOTE, useCrmCanWrite } from '../shared/use-crm-can-write';
import {
  draftErrorsFrom,
  draftFromSequence,
  emptySequenceDraft,
  inputFromDraft,
  moveStep,
  newStep,
  type SequenceDraft,
  type SequenceDraftErrors,
  STEP_TYPE_LABEL,
  type StepDraft,
  validateSequenceDraft,
} from './sequence-draft';

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const StepCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  input:not([type='checkbox']), textarea { width: 100%; box-sizing: border-box; }
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
`;

const SwitchRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const MERGE_HINT = `Merge fields: ${CRM_MERGE_FIELDS.map((field) => `{{${field}}}`).join(', ')}`;

/**
 * /modules/crm/sequences/new and /modules/crm/sequences/:sequenceId/edit: the sequence builder.
 * Steps are added, moved and removed with buttons (keyboard and screen readers alike); the API
 * refuses to change the steps while people go through the sequence.
 */
export function SequenceBuilderPage({ basePath }: { basePath: string }) {
  const { sequenceId } = useParams();
  const existing = useSequence(sequenceId ?? '');
  const crumbs = [{ label: 'Sequences', to: `${basePath}/sequences` }];
  if (sequenceId && existing.isLoading) return <Spinner block label="Loading sequence" />;
  if (sequenceId && !existing.data)
    return (
      <CrmPageFrame basePath={basePath} title="Edit Sequence" crumbs={crumbs}>
        <EmptyState title="Sequence not found" />
      </CrmPageFrame>
    );
  return <SequenceBuilder key={sequenceId ?? 'new'} basePath={basePath} sequence={existing.data} />;
}

function SequenceBuilder({ basePath, sequence }: { basePath: string; sequence?: Sequence }) {
  const navigate = useNavigate();
  const canWrite = useCrmCanWrite();
  const ids = useId();
  const [draft, setDraft] = useState<SequenceDraft>(() =>
    sequence ? draftFromSequence(sequence) : emptySequenceDraft(),
  );
  const [errors, setErrors] = useState<SequenceDraftErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateSequence();
  const update = useUpdateSequence();
  const stepList = useRef<HTMLOListElement>(null);
  const crumbs = [{ label: 'Sequences', to: `${basePath}/sequences` }];

  const setStep = (index: number, change: Partial<StepDraft>) =>
    setDraft((current) => ({
      ...current,
      steps: current.steps.map((step, at) => (at === index ? { ...step, ...change } : step)),
    }));
  /** Focus follows the step that moved or the one added, so keyboard users keep their place. */
  const focusStep = (index: number) =>
    requestAnimationFrame(() =>
      stepList.current?.querySelectorAll<HTMLElement>('[data-step-heading]')[index]?.focus(),
    );
  const add = (type: SequenceStepType) => {
    setDraft((current) => ({ ...current, steps: [...current.steps, newStep(type)] }));
    focusStep(draft.steps.length);
  };
  const move = (index: number, offset: -1 | 1) => {
    setDraft((current) => ({ ...current, steps: moveStep(current.steps, index, offset) }));
    focusStep(Math.max(0, Math.min(draft.steps.length - 1, index + offset)));
  };
  const remove = (index: number) => {
    setDraft((current) => ({ ...current, steps: current.steps.filter((_, at) => at !== index) }));
    focusStep(Math.max(0, index - 1));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found = validateSequenceDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const input = inputFromDraft(draft);
      const saved = sequence
        ? await update.mutateAsync({ id: sequence.id, changes: input })
        : await create.mutateAsync(input);
      toast({ title: 'Sequence saved', description: saved.name });
      navigate(`${basePath}/sequences/${saved.id}`);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setErrors(draftErrorsFrom(error.errors));
      setServerError(isApiError(error) ? error.message : 'Failed to save sequence');
    }
  }

  const field = (index: number, name: string) => errors[`steps.${index}.${name}`];
  return (
    <CrmPageFrame
      basePath={basePath}
      title={sequence ? `Edit ${sequence.name}` : 'New Sequence'}
      crumbs={crumbs}
    >
      {!canWrite ? <Hint>{READ_ONLY_NOTE}</Hint> : null}
      <form noValidate onSubmit={save} aria-label="Sequence">
        <TextField
          label="Name"
          value={draft.name}
          error={errors.name}
          onValueChange={(name) => setDraft((current) => ({ ...current, name }))}
        />
        <FieldRow>
          <Label htmlFor={`${ids}-description`}>Description</Label>
          <Textarea
            id={`${ids}-description`}
            rows={2}
            value={draft.description}
            onChange={(event) => setDraft((current) => ({ ...current, description: event.target.value }))}
          />
        </FieldRow>
        <h2>Steps</h2>
        <Hint>{MERGE_HINT}</Hint>
        {errors.steps ? <FieldError id={`${ids}-steps-error`} error={errors.steps} /> : null}
        <Steps ref={stepList} aria-label="Steps">
          {draft.steps.map((step, index) => {
            const title = `Step ${index + 1}: ${STEP_TYPE_LABEL[step.type]}`;
            const id = `${ids}-${step.key}`;
            return (
              <li key={step.key}>
                <StepCard>
                  <h3 tabIndex={-1} data-step-heading>
                    {title}
                  </h3>
                  {step.type === 'wait' ? (
                    <>
                      <TextField
                        label="Days"
                        type="number"
                        min={1}
                        max={90}
                        inputMode="numeric"
                        value={step.days}
                        error={field(index, 'days')}
                        onValueChange={(days) => setStep(index, { days })}
                      />
                      <SwitchRow>
                        <Switch
                          label="Business days only"
                          checked={step.businessDays}
                          onCheckedChange={(businessDays: boolean) => setStep(index, { businessDays })}
                        />
                        <span aria-hidden="true">Business days only (Monday to Friday)</span>
                      </SwitchRow>
                    </>
                  ) : (
                    <>
                      <TextField
                        label={step.type === 'email' ? 'Subject' : 'Task'}
                        value={step.subject}
                        error={field(index, 'subject')}
                        onValueChange={(subject) => setStep(index, { subject })}
                      />
                      <FieldRow>
                        <Label htmlFor={`${id}-body`}>{step.type === 'email' ? 'Message' : 'Details'}</Label>
                        <Textarea
                          id={`${id}-body`}
                          rows={step.type === 'email' ? 6 : 2}
                          value={step.body}
                          aria-invalid={field(index, 'body') ? true : undefined}
                          aria-describedby={field(index, 'body') ? `${id}-body-error` : undefined}
                          onChange={(event) => setStep(index, { body: event.target.value })}
                        />
                        <FieldError id={`${id}-body-error`} error={field(index, 'body')} />
                      </FieldRow>
                    </>
                  )}
                  <Actions>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={`Move up step ${index + 1}`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      Move up
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={`Move down step ${index + 1}`}
                      disabled={index === draft.steps.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      Move down
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove step ${index + 1}`}
                      onClick={() => remove(index)}
                    >
                      Remove
                    </Button>
                  </Actions>
                </StepCard>
              </li>
            );
          })}
        </Steps>
        <Actions>
          <Button type="button" variant="secondary" onClick={() => add('email')}>
            Add e-mail
          </Button>
          <Button type="button" variant="secondary" onClick={() => add('task')}>
            Add task
          </Button>
          <Button type="button" variant="secondary" onClick={() => add('wait')}>
            Add wait
          </Button>
        </Actions>
        {serverError ? <FieldError id={`${ids}-server-error`} error={serverError} /> : null}
        <Actions>
          <Button type="submit" disabled={!canWrite || create.isPending || update.isPending}>
            Save Sequence
          </Button>
        </Actions>
      </form>
    </CrmPageFrame>
  );
}
