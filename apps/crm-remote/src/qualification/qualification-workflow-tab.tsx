import type { Lead, QualificationStep } from '@tessera/data-access/contracts';
import { useLeadQualification, useSaveLeadQualification } from '@tessera/data-access/hooks';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  FieldRow,
  Label,
  Progress,
  Spinner,
  toast,
  CardList,
} from '@tessera/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { titleCase } from '../shared/lead-format';
import { ACTION_LABEL, ACTION_TARGET, stepActions, workflowProgress } from './qualification-logic';

const STEP_TONE: Record<QualificationStep['status'], BadgeTone> = {
  pending: 'neutral',
  in_progress: 'primary',
  completed: 'success',
  skipped: 'warning',
};

const StepCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  .line { display: flex; flex-wrap: wrap; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  .buttons { display: flex; gap: ${({ theme }) => theme.space(2)}; }
  textarea { width: 100%; min-height: 64px; padding: 8px 10px; font: inherit; color: inherit;
    border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface}; }
  textarea:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/** The lead's qualification steps (docs/product/lead-qualification.md#qualification-workflow): Start, Skip or Complete each one, with notes. */
export function QualificationWorkflowTab({ lead }: { lead: Lead }) {
  const qualification = useLeadQualification(lead.id);
  const save = useSaveLeadQualification(lead.id);
  const canWrite = useCrmCanWrite();
  const [notes, setNotes] = useState<Record<string, string>>({});

  if (qualification.isLoading) return <Spinner block label="Loading qualification" />;
  const steps = qualification.data?.steps ?? [];
  const onError = () =>
    toast({ title: 'Error', description: 'Failed to update qualification step', variant: 'destructive' });

  return (
    <>
      <FieldRow>
        <Label as="span">Workflow progress: {workflowProgress(steps)}%</Label>
        <Progress label="Workflow progress" value={workflowProgress(steps)} />
      </FieldRow>
      <CardList as="ol" aria-label="Qualification steps">
        {steps.map((step) => (
          <li key={step.id}>
            <StepCard aria-label={step.name}>
              <div className="line">
                <div>
                  <h4>{step.name}</h4>
                  <p>{step.description}</p>
                </div>
                <Badge $tone={STEP_TONE[step.status]}>{titleCase(step.status)}</Badge>
              </div>
              {step.status === 'completed' && step.completedAt ? (
                <p>Completed {new Date(step.completedAt).toLocaleString()}</p>
              ) : null}
              {step.status === 'in_progress' ? (
                <textarea
                  aria-label={`Notes for ${step.name}`}
                  readOnly={!canWrite}
                  placeholder="Notes from this step"
                  value={notes[step.id] ?? step.notes}
                  onChange={(event) => setNotes((current) => ({ ...current, [step.id]: event.target.value }))}
                  onBlur={(event) => {
                    // Focus moving to one of this step's buttons: that action saves the notes with
                    // it. Saving here too would disable the button between press and click.
                    const next = event.relatedTarget;
                    if (next instanceof HTMLElement && next.dataset.stepAction === step.id) return;
                    const value = notes[step.id];
                    if (value !== undefined && value !== step.notes)
                      save.mutate(
                        { steps: [{ id: step.id, status: step.status, notes: value }] },
                        { onError },
                      );
                  }}
                />
              ) : step.notes ? (
                <p>Notes: {step.notes}</p>
              ) : null}
              <div className="buttons">
                {stepActions(step.status).map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === 'skip' ? 'secondary' : 'primary'}
                    aria-label={`${ACTION_LABEL[action]} ${step.name}`}
                    data-step-action={step.id}
                    disabled={save.isPending || !canWrite}
                    onClick={() =>
                      save.mutate(
                        {
                          steps: [
                            {
                              id: step.id,
                              status: ACTION_TARGET[action],
                              notes: notes[step.id] ?? step.notes,
                            },
                          ],
                        },
                        { onError },
                      )
                    }
                  >
                    {ACTION_LABEL[action]}
                  </Button>
                ))}
              </div>
            </StepCard>
          </li>
        ))}
      </CardList>
    </>
  );
}
