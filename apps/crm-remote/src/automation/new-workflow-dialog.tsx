import { useCreateWorkflow } from '@tessera/data-access/hooks';
import {
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_TRIGGER_LABELS,
  WORKFLOW_TRIGGERS,
  type WorkflowActionType,
  type WorkflowTrigger,
} from '@tessera/data-access/contracts';
import { Actions, Button, Dialog, FieldRow, Label, toast, Select, TextField, Textarea } from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { WORKFLOW_ACTION_LABELS } from '../shared/workflow-labels';

const Checks = styled.fieldset`
  border: none;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  legend { font-weight: 600; font-size: ${({ theme }) => theme.font.size.sm}; margin-bottom: 4px; }
  label { display: flex; gap: 8px; align-items: center; margin: 4px 0; }
`;

/** The e-mail a new workflow sends, and the status it sets, unless edited later. */
const DEFAULT_ACTION_CONFIG: Record<WorkflowActionType, Record<string, string | number>> = {
  send_email: { subject: 'Thanks for your interest' },
  update_status: { status: 'contacted' },
  assign_sales_rep: { rep: 'top' },
};

/** New Workflow (docs/product/automation.md#smart-leads-workflows): name, trigger select, description; saved through the API. */
export function NewWorkflowDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateWorkflow();
  const [name, setName] = useState('');
  const [trigger, setTrigger] = useState<WorkflowTrigger>('lead_created');
  const [description, setDescription] = useState('');
  const [actions, setActions] = useState<WorkflowActionType[]>(['send_email']);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim() || 'Untitled workflow',
        trigger,
        description: description.trim() || undefined,
        trigger_config: trigger === 'score_threshold' ? { min_score: 80 } : {},
        actions: actions.map((type) => ({ type, config: DEFAULT_ACTION_CONFIG[type] })),
      },
      {
        onSuccess: () => {
          toast({ title: 'Workflow created successfully' });
          setName('');
          setDescription('');
          setTrigger('lead_created');
          setActions(['send_email']);
          onOpenChange(false);
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to create workflow', variant: 'destructive' }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Workflow"
      description="Automate what happens to new leads."
    >
      <form onSubmit={submit}>
        <TextField label="Workflow Name" value={name} onValueChange={setName} />
        <Select
          label="Trigger"
          value={trigger}
          options={WORKFLOW_TRIGGERS.map((value) => ({ value, label: WORKFLOW_TRIGGER_LABELS[value] }))}
          onValueChange={(value) => setTrigger(value as WorkflowTrigger)}
        />
        <FieldRow>
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FieldRow>
        <Checks>
          <legend>Actions</legend>
          {WORKFLOW_ACTION_TYPES.map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                checked={actions.includes(type)}
                onChange={(event) =>
                  setActions((current) =>
                    event.target.checked ? [...current, type] : current.filter((entry) => entry !== type),
                  )
                }
              />
              {WORKFLOW_ACTION_LABELS[type]}
            </label>
          ))}
        </Checks>
        <Actions>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create Workflow
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
