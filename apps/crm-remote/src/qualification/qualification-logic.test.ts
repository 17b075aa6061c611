import type { Lead, LeadQualification } from '@tessera/data-access/contracts';
import {
  bantSummary,
  callDueAt,
  leadOptions,
  nextDay,
  stepActions,
  toggleBant,
  workflowProgress,
} from './qualification-logic';

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

describe('quick actions and the lead picker', () => {
  it('offers tomorrow for a call, due at 9:00 local time', () => {
    expect(nextDay(new Date('2026-03-04T12:00:00.000Z'))).toBe('2026-03-05');
    expect(new Date(callDueAt('2026-03-05')).getHours()).toBe(9);
  });

  it('keeps the lead shown among the picker options, first when the list lacks it', () => {
    const ada = { id: 'l1', first_name: 'Ada', last_name: 'Lovelace' } as Lead;
    const alan = { id: 'l2', first_name: 'Alan', last_name: 'Turing' } as Lead;
    expect(leadOptions([ada, alan], alan).map((option) => option.value)).toEqual(['l1', 'l2']);
    expect(leadOptions([ada], alan)).toEqual([
      { value: 'l2', label: 'Alan Turing' },
      { value: 'l1', label: 'Ada Lovelace' },
    ]);
  });
});
