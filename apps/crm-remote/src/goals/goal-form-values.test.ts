import { goalFormErrors, goalInput, initialGoalValues } from './goal-form-values';

describe('goal form', () => {
  const values = { ...initialGoalValues('me', new Date('2026-11-27T12:00:00Z')), target: '5000' };

  it('starts on this month for the caller and sends a person’s or the team’s goal', () => {
    expect(values.period_start).toBe('2026-11');
    expect(goalInput(values)).toEqual({
      assignee: 'person',
      user_id: 'me',
      metric: 'won_value',
      period: 'month',
      period_start: '2026-11',
      target: 5000,
    });
    expect(goalInput({ ...values, who: 'team' })).toEqual(expect.objectContaining({ assignee: 'team' }));
    expect(goalInput({ ...values, who: 'team' })).not.toHaveProperty('user_id');
  });

  it('checks the target and the period start as the API does', () => {
    expect(goalFormErrors(values)).toEqual({});
    expect(goalFormErrors({ ...values, target: '0' }).target).toBe('Enter a target above zero');
    expect(goalFormErrors({ ...values, metric: 'deals_won', target: '2.5' }).target).toBe(
      'Enter a whole number',
    );
    expect(goalFormErrors({ ...values, target: '10.123' }).target).toBe('Use at most two decimals');
    expect(goalFormErrors({ ...values, period: 'quarter' }).period_start).toBe(
      'period_start must be the first month of a quarter',
    );
  });
});
