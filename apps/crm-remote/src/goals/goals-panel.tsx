import { useAccess, useAuth } from '@tessera/auth';
import {
  GOAL_METRIC_LABELS,
  GOAL_METRICS,
  GOAL_PERIOD_LABELS,
  GOAL_PERIODS,
  type GoalMetric,
  type GoalPeriod,
  goalPeriodStartMonth,
  isForecastMonth,
  type SalesGoal,
} from '@tessera/data-access/contracts';
import {
  useCreateSalesGoal,
  useDeleteSalesGoal,
  useMembers,
  useSalesGoals,
} from '@tessera/data-access/hooks';
import { Button, Dialog, SaveActions, Select, Spinner, TextField, TitledCard, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { PanelHeader } from '../shared/panel-header';
import { useDialogForm } from '../shared/use-dialog-form';
import {
  type GoalFormErrors,
  type GoalFormValues,
  goalFormErrors,
  goalInput,
  initialGoalValues,
  TEAM,
} from './goal-form-values';
import { GoalProgressList } from './goal-progress-list';

function NewGoalDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const members = useMembers();
  const create = useCreateSalesGoal();
  const me = user?.id ?? '';
  const form = useDialogForm<GoalFormValues, GoalFormErrors>({
    open,
    initial: () => initialGoalValues(me, new Date()),
    validate: goalFormErrors,
  });
  const { values, errors } = form;
  const set = (change: Partial<GoalFormValues>) => form.setValues((current) => ({ ...current, ...change }));
  const people = members.data?.length
    ? members.data.map((member) => ({ value: member.user_id, label: member.name || member.email }))
    : [{ value: me, label: 'Me' }];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    create.mutate(goalInput(values), {
      onSuccess: () => {
        toast({ title: 'Goal created' });
        onOpenChange(false);
      },
      onError: (error) => form.setServerError(error.message),
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New goal"
      description="A target for a person or the team."
    >
      <form onSubmit={submit} noValidate>
        <Select
          label="For"
          value={values.who}
          options={[...people, { value: TEAM, label: 'The whole team' }]}
          onValueChange={(who) => set({ who })}
        />
        <Select
          label="Measure"
          value={values.metric}
          options={GOAL_METRICS.map((value) => ({ value, label: GOAL_METRIC_LABELS[value] }))}
          onValueChange={(metric) => set({ metric: metric as GoalMetric })}
        />
        <Select
          label="Period"
          value={values.period}
          options={GOAL_PERIODS.map((value) => ({ value, label: GOAL_PERIOD_LABELS[value] }))}
          onValueChange={(period) =>
            set({
              period: period as GoalPeriod,
              // A quarter or a year starts at its first month: the chosen month moves back to it.
              period_start: isForecastMonth(values.period_start)
                ? goalPeriodStartMonth(period as GoalPeriod, values.period_start)
                : values.period_start,
            })
          }
        />
        <TextField
          label="Starting month"
          type="month"
          value={values.period_start}
          onValueChange={(period_start) => set({ period_start })}
          error={errors.period_start}
        />
        <TextField
          label="Target"
          inputMode="decimal"
          value={values.target}
          onValueChange={(target) => set({ target })}
          error={errors.target}
        />
        <SaveActions
          error={form.serverError}
          saving={create.isPending}
          saveLabel="Create Goal"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}

const Panel = styled(TitledCard)`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/**
 * Sales goals on the CRM page (docs/product/goals.md): the goals of periods under way with their
 * progress and pace; CRM admins (owners and admins) add and remove them.
 */
export function GoalsPanel() {
  const { hasModuleLevel } = useAccess();
  const isCrmAdmin = hasModuleLevel('crm', 'admin');
  const goals = useSalesGoals(true);
  const remove = useDeleteSalesGoal();
  const [adding, setAdding] = useState(false);
  const onDelete = isCrmAdmin
    ? (goal: SalesGoal) =>
        remove.mutate(goal.id, {
          onError: (error) =>
            toast({ title: 'Goal not deleted', description: error.message, variant: 'destructive' }),
        })
    : undefined;
  return (
    <Panel title="Sales goals" aria-label="Sales goals">
      <PanelHeader>
        <p>
          Goals of the periods under way. On track: at least as far along as the share of the period gone by.
        </p>
        {isCrmAdmin ? <Button onClick={() => setAdding(true)}>New Goal</Button> : null}
      </PanelHeader>
      {goals.isPending ? (
        <Spinner label="Loading goals" />
      ) : goals.isError ? (
        <p role="alert">Could not load goals: {goals.error.message}</p>
      ) : goals.data.length === 0 ? (
        <p>No goals for this period yet.</p>
      ) : (
        <GoalProgressList goals={goals.data} onDelete={onDelete} />
      )}
      {isCrmAdmin ? <NewGoalDialog open={adding} onOpenChange={setAdding} /> : null}
    </Panel>
  );
}
