import {
  captureAutoActions,
  captureBadge,
  captureMessage,
  captureScore,
  captureStatus,
  companyProfileScore,
  demographicScore,
  formCompletionScore,
  intentScore,
  scoreColour,
} from './capture-score';
import { hotLeadCaptureFixture } from '../../testing';

const complete = hotLeadCaptureFixture();

describe('capture form scoring (docs/product/lead-scoring.md#capture-score)', () => {
  it('gives demographic points for name 20, email 30, phone 20, job title 30', () => {
    expect(demographicScore({})).toBe(0);
    expect(demographicScore({ first_name: 'A' })).toBe(0);
    expect(demographicScore({ first_name: 'A', last_name: 'B' })).toBe(20);
    expect(demographicScore({ first_name: 'A', last_name: 'B', email: 'a@b.co' })).toBe(50);
    expect(demographicScore({ phone: '1' })).toBe(20);
    expect(demographicScore({ position: 'CEO' })).toBe(30);
    expect(demographicScore(complete)).toBe(100);
    expect(demographicScore({ email: '   ' })).toBe(0);
  });

  it('gives company profile points for company 25, website 15, industry 20, size 20, budget 20', () => {
    expect(companyProfileScore({ company: 'X' })).toBe(25);
    expect(companyProfileScore({ website: 'https://x.test' })).toBe(15);
    expect(companyProfileScore({ industry: 'retail', company_size: '1-10' })).toBe(40);
    expect(companyProfileScore({ budget_range: 'under_5k' })).toBe(20);
    expect(companyProfileScore(complete)).toBe(100);
  });

  it('adds intent for timeline, budget and long pain points, capped at 100', () => {
    expect(intentScore({ timeline: 'immediate' })).toBe(40);
    expect(intentScore({ timeline: '1-3_months' })).toBe(30);
    expect(intentScore({ timeline: '3-6_months' })).toBe(20);
    expect(intentScore({ timeline: '6-12_months' })).toBe(10);
    expect(intentScore({ timeline: 'not_sure' })).toBe(0);
    expect(intentScore({ budget_range: '50k+' })).toBe(30);
    expect(intentScore({ budget_range: '25k-50k' })).toBe(25);
    expect(intentScore({ budget_range: '10k-25k' })).toBe(20);
    expect(intentScore({ budget_range: '5k-10k' })).toBe(15);
    expect(intentScore({ budget_range: 'under_5k' })).toBe(0);
    expect(intentScore({ pain_points: 'x'.repeat(50) })).toBe(0);
    expect(intentScore({ pain_points: 'x'.repeat(51) })).toBe(30);
    // 40 + 30 + 30 = 100 exactly; nothing more is possible, but the cap holds the line.
    expect(intentScore(complete)).toBe(100);
  });

  it('measures form completion as the percentage of the 14 fields filled', () => {
    expect(formCompletionScore({})).toBe(0);
    expect(formCompletionScore(complete)).toBe(100);
    // 3 of 14 = 21.43 → 21
    expect(formCompletionScore({ first_name: 'A', last_name: 'B', email: 'a@b.co' })).toBe(21);
  });

  it('totals the rounded average of the four and derives badge, colour, actions and status', () => {
    const full = captureScore(complete);
    expect(full).toEqual({
      demographic: 100,
      formCompletion: 100,
      companyProfile: 100,
      intent: 100,
      total: 100,
      badge: 'Hot Lead',
      colour: 'green',
      autoActions: ['assign_top_rep', 'add_to_nurture', 'schedule_call'],
      status: 'qualified',
    });
    // Only the required fields: demographic 50, completion 21, company 0, intent 0 → 71/4 = 17.75 → 18
    const minimal = captureScore({ first_name: 'A', last_name: 'B', email: 'a@b.co' });
    expect(minimal.total).toBe(18);
    expect(minimal.badge).toBe('Cold Lead');
    expect(minimal.status).toBe('new');
    expect(minimal.autoActions).toEqual([]);
  });

  it('puts badges, colours and actions at 80, 60 and 40', () => {
    expect([80, 79, 60, 59, 40, 39].map(captureBadge)).toEqual([
      'Hot Lead',
      'Warm Lead',
      'Warm Lead',
      'Qualified',
      'Qualified',
      'Cold Lead',
    ]);
    expect([80, 60, 40, 39].map(scoreColour)).toEqual(['green', 'yellow', 'orange', 'red']);
    expect(captureAutoActions(79)).toEqual(['add_to_nurture', 'schedule_call']);
    expect(captureAutoActions(40)).toEqual(['schedule_call']);
    expect(captureStatus(60)).toBe('qualified');
    expect(captureStatus(59)).toBe('new');
    expect(captureMessage(80)).toBe('Hot lead captured! Auto-assigned to top sales rep.');
    expect(captureMessage(60)).toBe('Qualified lead created! Added to nurture sequence.');
    expect(captureMessage(59)).toBe('Lead captured! Will be reviewed by our team.');
  });
});
