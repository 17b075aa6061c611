import type { LeadQualification } from '@tessera/data-access/contracts';
import { bantSummary, stepActions, toggleBant, workflowProgress } from './qualification-logic';

const none = { budget: false, authority: false, need: false, timing: false };

describe('qualification screen rules (docs/product/lead-qualification.md)', () => {
  it('offers Start and Skip on pending, Complete on in progress, nothing after', () => {
    expect(stepActions('pending')).toEqual(['start', 'skip']);
    expect(stepActions('in_progress')).toEqual(['complete']);
    expect(stepActions('completed')).toEqual([]);
    expect(stepActions('skipped')).toEqual([]);
  });

  it('scores BANT as confirmed out of 4 with its colour and the 75% message', () => {
    const three = toggleBant(toggleBant(toggleBant(none, 'budget'), 'authority'), 'need');
    expect(bantSummary(three)).toEqual({ score: 75, confirmed: 3, colour: 'green', highlyQualified: true });
    expect(bantSummary(toggleBant(three, 'need'))).toEqual({
      score: 50,
      confirmed: 2,
      colour: 'yellow',
      highlyQualified: false,
    });
    expect(bantSummary(none).colour).toBe('red');
  });

  it('measures workflow progress over the steps not skipped', () => {
    const step = (status: LeadQualification['steps'][number]['status']) => ({
      id: status,
      name: status,
      description: '',
      status,
      completedAt: null,
      notes: '',
    });
    expect(workflowProgress([step('completed'), step('pending'), step('skipped')])).toBe(50);
    expect(workflowProgress([step('skipped')])).toBe(100);
  });
});
