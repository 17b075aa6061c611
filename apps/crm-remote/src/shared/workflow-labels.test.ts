import { automationPerformance, triggerLabel } from './workflow-labels';

describe('workflow labels', () => {
  it('names triggers as docs/product/automation.md#smart-leads-workflows does, with the threshold when there is one', () => {
    expect(triggerLabel({ trigger: 'lead_created', trigger_config: {} })).toBe('New Lead Created');
    expect(triggerLabel({ trigger: 'score_threshold', trigger_config: { min_score: 80 } })).toBe(
      'Score Threshold (80+)',
    );
  });

  it('sums executions and gives each workflow its share', () => {
    const result = automationPerformance([
      { id: 'a', execution_count: 3, active: true },
      { id: 'b', execution_count: 1, active: false },
    ]);
    expect(result).toEqual({ total: 4, active: 1, shares: { a: 75, b: 25 } });
    expect(automationPerformance([{ id: 'a', execution_count: 0, active: true }]).shares.a).toBe(0);
  });
});
