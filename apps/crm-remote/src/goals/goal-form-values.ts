import {
  type CreateGoalInput,
  GOAL_TARGET_MAX,
  type GoalMetric,
  type GoalPeriod,
  goalIsMoney,
  goalPeriodStartMonth,
  goalStartErrors,
  monthOf,
} from '@tessera/data-access/contracts';

/** The form's fields as text; `who` is `team`, or a member's user id (the caller's by default). */
export interface GoalFormValues {
  who: string;
  metric: GoalMetric;
  period: GoalPeriod;
  period_start: string;
  target: string;
}

export type GoalFormErrors = Partial<Record<keyof GoalFormValues, string>>;

export const TEAM = 'team';

export function initialGoalValues(userId: string, now: Date): GoalFormValues {
  return {
    who: userId,
    metric: 'won_value',
    period: 'month',
    period_start: goalPeriodStartMonth('month', monthOf(now)),
    target: '',
  };
}

/** The rules the API applies (the contracts'), checked before sending. */
export function goalFormErrors(values: GoalFormValues): GoalFormErrors {
  const errors: GoalFormErrors = {};
  const [start] = goalStartErrors(values.period, values.period_start);
  if (start) errors.period_start = start;
  const target = Number(values.target);
  if (values.target.trim() === '' || !Number.isFinite(target) || target <= 0)
    errors.target = 'Enter a target above zero';
  else if (target > GOAL_TARGET_MAX) errors.target = 'The target is too large';
  else if (!goalIsMoney(values.metric) && !Number.isInteger(target)) errors.target = 'Enter a whole number';
  else if (Math.round(target * 100) !== target * 100) errors.target = 'Use at most two decimals';
  return errors;
}

export function goalInput(values: GoalFormValues): CreateGoalInput {
  const base = {
    metric: values.metric,
    period: values.period,
    period_start: values.period_start,
    target: Number(values.target),
  };
  return values.who === TEAM
    ? { ...base, assignee: 'team' }
    : { ...base, assignee: 'person', user_id: values.who };
}
