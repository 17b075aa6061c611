import type { AutomationConditions } from '@tessera/data-access/contracts';
import { configNumber, configText } from './action-config';
import { type AutomationEvent, eventCause, eventKey, eventRecord } from './automation-event';
import { belowThreshold, DEFAULT_MIN_SCORE, leadScore } from './conditions';
import { runCounts, runMessage } from './run-outcome';
import { ruleMatches, workflowTriggersFor } from './triggers';

const moved = (from: string, to: string) => ({ type: 'stage_change', from, to }) as AutomationEvent;
const opened: AutomationEvent = { type: 'email_opened', messageId: 'm1', campaignId: 'c1' };
const captured: AutomationEvent = { type: 'lead_captured' };

describe('automation engine: events', () => {
  it('keys only the events that can come twice (an open reported by a job run again)', () => {
    expect(eventKey(opened)).toBe('open:m1');
    expect(eventKey(moved('new', 'contacted'))).toBeNull();
    expect(eventKey(captured)).toBeNull();
  });

  it('records an event as a rule run stores it', () => {
    expect(eventRecord(moved('new', 'contacted'))).toEqual({
      event_type: 'stage_change',
      from_stage: 'new',
      to_stage: 'contacted',
    });
    expect(eventRecord(opened)).toEqual({ event_type: 'email_opened', message_id: 'm1', campaign_id: 'c1' });
    expect(eventRecord({ type: 'email_opened', messageId: 'm2', campaignId: null })).toEqual({
      event_type: 'email_opened',
      message_id: 'm2',
    });
  });

  it('says what the person did', () => {
    expect([eventCause(moved('new', 'won')), eventCause(opened), eventCause(captured)]).toEqual([
      'moved',
      'opened an e-mail',
      'was captured',
    ]);
  });
});

describe('automation engine: trigger matching', () => {
  const onStage = (to_stage: string, from_stage?: string): AutomationConditions => ({
    event_type: 'stage_change',
    stage_change: { to_stage, ...(from_stage ? { from_stage } : {}) },
  });

  it('matches a stage-change rule on its target stage, and on its source stage when it names one', () => {
    expect(ruleMatches(onStage('qualified'), moved('contacted', 'qualified'))).toBe(true);
    expect(ruleMatches(onStage('qualified'), moved('contacted', 'proposal'))).toBe(false);
    expect(ruleMatches(onStage('qualified', 'new'), moved('new', 'qualified'))).toBe(true);
    expect(ruleMatches(onStage('qualified', 'new'), moved('contacted', 'qualified'))).toBe(false);
    expect(ruleMatches({ event_type: 'stage_change' }, moved('new', 'qualified'))).toBe(false);
    expect(ruleMatches(onStage('qualified'), opened)).toBe(false);
  });

  it('matches an open rule on any first open; rules no event sets off never match', () => {
    expect(ruleMatches({ event_type: 'email_opened' }, opened)).toBe(true);
    expect(ruleMatches({ event_type: 'email_opened' }, moved('new', 'won'))).toBe(false);
    for (const event of [opened, captured, moved('new', 'won')]) {
      expect(ruleMatches({ event_type: 'lead_created' }, event)).toBe(false);
      expect(ruleMatches({ event_type: 'deal_created' }, event)).toBe(false);
    }
    const newLead = { type: 'lead_created', leadId: 'l1' } as const;
    const newDeal = { type: 'deal_created', dealId: 'd1' } as const;
    expect(ruleMatches({ event_type: 'lead_created' }, newLead)).toBe(true);
    expect(ruleMatches({ event_type: 'deal_created' }, newDeal)).toBe(true);
    expect(ruleMatches({ event_type: 'lead_created' }, newDeal)).toBe(false);
    expect(ruleMatches({ event_type: 'deal_created' }, newLead)).toBe(false);
    expect(ruleMatches({ event_type: 'stage_change', stage_change: { to_stage: 'won' } }, newLead)).toBe(
      false,
    );
  });

  it('sets off the workflow triggers of an event', () => {
    expect(workflowTriggersFor(captured)).toEqual(['lead_created', 'form_submitted', 'score_threshold']);
    expect(workflowTriggersFor(opened)).toEqual(['email_opened']);
    expect(workflowTriggersFor(moved('new', 'won'))).toEqual([]);
    // Workflows answer lead capture; a lead made otherwise sets off rules only.
    expect(workflowTriggersFor({ type: 'lead_created', leadId: 'l1' })).toEqual([]);
  });
});

describe('automation engine: conditions', () => {
  it('prefers the capture score to the stored lead score', () => {
    expect(leadScore({ lead_score: 40, qualification_score: 85 })).toBe(85);
    expect(leadScore({ lead_score: '72', qualification_score: null })).toBe(72);
    expect(leadScore({ lead_score: null, qualification_score: null })).toBe(0);
  });

  it('skips a lead below the threshold, 80 unless configured', () => {
    expect(DEFAULT_MIN_SCORE).toBe(80);
    expect(belowThreshold({}, { lead_score: 79, qualification_score: null })).toBe('Score 79 is below 80');
    expect(belowThreshold(undefined, { lead_score: 80, qualification_score: null })).toBeNull();
    expect(belowThreshold({ min_score: 50 }, { lead_score: 49, qualification_score: null })).toBe(
      'Score 49 is below 50',
    );
    expect(belowThreshold({ min_score: '50' }, { lead_score: 50, qualification_score: null })).toBeNull();
  });
});

describe('automation engine: action settings', () => {
  it('reads texts trimmed, blank as not set', () => {
    expect(configText({ subject: '  Hi  ' }, 'subject')).toBe('Hi');
    expect(configText({ subject: '   ' }, 'subject')).toBeNull();
    expect(configText({ subject: 3 }, 'subject')).toBeNull();
    expect(configText(undefined, 'subject')).toBeNull();
  });

  it('reads numbers, also written as text', () => {
    expect(configNumber({ amount: 500 }, 'amount')).toBe(500);
    expect(configNumber({ amount: '2.5' }, 'amount')).toBe(2.5);
    expect(configNumber({ amount: 'lots' }, 'amount')).toBeNull();
    expect(configNumber({ amount: true }, 'amount')).toBeNull();
    expect(configNumber({}, 'amount')).toBeNull();
  });
});

describe('automation engine: run outcome', () => {
  it('counts runs that acted or tried to, not skipped ones', () => {
    expect([runCounts('succeeded'), runCounts('failed'), runCounts('skipped')]).toEqual([true, true, false]);
  });

  it('joins what each action did into the run’s log line', () => {
    expect(
      runMessage([
        { type: 'send_email', record_id: 'a', summary: 'E-mail “Hi” sent to a@b.test' },
        { type: 'assign_sales_rep', record_id: 'u', summary: 'Assigned to Sam' },
      ]),
    ).toBe('E-mail “Hi” sent to a@b.test; Assigned to Sam');
    expect(runMessage([])).toBe('No actions');
  });
});
