import { useCreateScoringRule } from '@tessera/data-access/hooks';
import { SCORING_RULE_CRITERIA, type ScoringRuleCriterion } from '@tessera/data-access/contracts';
import {
  Actions,
  Button,
  Dialog,
  FieldRow,
  Input,
  Label,
  toast,
  Select,
  TextField,
  Textarea,
} from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';

/** What the local score can check; a rule without one is descriptive and adds nothing. */
export const CRITERION_LABELS: Record<ScoringRuleCriterion | 'none', string> = {
  has_email: 'Lead has an email address',
  has_company: 'Lead has a company',
  has_lead_source: 'Lead has a lead source',
  has_phone: 'Lead has a phone number',
  has_website: 'Lead has a website',
  none: 'Descriptive only (adds no points)',
};

export interface AddRuleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add Rule (docs/product/lead-scoring.md#local-smart-leads-score): Rule Name, Description, Condition, numeric Points, Create Rule saves it. */
export function AddRuleDialog({ open, onOpenChange }: AddRuleDialogProps) {
  const create = useCreateScoringRule();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [condition, setCondition] = useState('');
  const [criterion, setCriterion] = useState<ScoringRuleCriterion | 'none'>('has_email');
  const [points, setPoints] = useState('10');
  const descriptionId = useId();

  function reset() {
    setName('');
    setDescription('');
    setCondition('');
    setCriterion('has_email');
    setPoints('10');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim() || 'Untitled rule',
        description: description.trim() || undefined,
        condition: condition.trim() || CRITERION_LABELS[criterion],
        criterion: criterion === 'none' ? null : criterion,
        points: Math.min(100, Math.max(0, Math.round(Number(points) || 0))),
      },
      {
        onSuccess: () => {
          toast({ title: 'Scoring rule created successfully' });
          reset();
          onOpenChange(false);
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to create scoring rule', variant: 'destructive' }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Scoring Rule"
      description="Points a lead earns when it meets the rule."
    >
      <form onSubmit={submit}>
        <TextField label="Rule Name" value={name} onValueChange={setName} />
        <FieldRow>
          <Label htmlFor={descriptionId}>Description</Label>
          <Textarea
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FieldRow>
        <TextField
          label="Condition"
          placeholder="e.g. Lead has a phone number"
          value={condition}
          onValueChange={setCondition}
        />
        <Select
          label="Scores leads when"
          value={criterion}
          options={[...SCORING_RULE_CRITERIA, 'none' as const].map((value) => ({
            value,
            label: CRITERION_LABELS[value],
          }))}
          onValueChange={(value) => setCriterion(value as ScoringRuleCriterion | 'none')}
        />
        <FieldRow>
          <Label htmlFor={`${descriptionId}-points`}>Points</Label>
          <Input
            id={`${descriptionId}-points`}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            value={points}
            onChange={(event) => setPoints(event.target.value)}
          />
        </FieldRow>
        <Actions>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create Rule
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
