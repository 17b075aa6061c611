import {
  conversionRate,
  percentChange,
  periodRange,
  pipelineValue,
  pipelineVelocityDays,
  winRate,
} from './analytics';
import { probabilityColour, shortId, sourceLabel } from './display';
import { compactUsd } from '../money';
import { DEAL_STAGE_LABELS, DEAL_STAGES, dealStatusForStage, FUNNEL_DEAL_STAGES } from './enums';

describe('analytics formulas (docs/product/analytics.md#formulas)', () => {
  it('conversion rate is won ÷ total × 100', () => {
    expect(conversionRate(3, 12)).toBe(25);
    expect(conversionRate(0, 0)).toBe(0);
  });
  it('win rate is won ÷ (won + lost) × 100', () => {
    expect(winRate(3, 1)).toBe(75);
    expect(winRate(0, 0)).toBe(0);
  });
  it('pipeline value sums amounts of deals not closed, numeric strings included', () => {
    expect(
      pipelineValue([
        { stage: 'prospecting', amount: '1000.50' },
        { stage: 'negotiation', amount: 500 },
        { stage: 'closed_won', amount: 9999 },
        { stage: 'closed_lost', amount: 9999 },
        { stage: null, amount: 1 },
      ]),
    ).toBe(1501.5);
  });
  it('percent change and velocity', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(10, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
    expect(
      pipelineVelocityDays([
        { created_at: '2026-01-01T00:00:00Z', closed_at: '2026-01-11T00:00:00Z' },
        { created_at: '2026-01-01T00:00:00Z', closed_at: '2026-01-21T00:00:00Z' },
      ]),
    ).toBe(15);
    expect(pipelineVelocityDays([])).toBe(0);
    const { start, end } = periodRange('last_7_days', new Date('2026-01-08T00:00:00Z'));
    expect(start.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2026-01-08T00:00:00.000Z');
  });
});

describe('display', () => {
  it('colours probability 80/60/40 and grey for none', () => {
    expect([80, 60, 40, 39, null].map(probabilityColour)).toEqual([
      'green',
      'yellow',
      'orange',
      'red',
      'grey',
    ]);
  });
  it('formats compact USD', () => {
    expect(compactUsd(950)).toBe('$950');
    expect(compactUsd(1200)).toBe('$1.2K');
    expect(compactUsd('3500000')).toBe('$3.5M');
    expect(compactUsd(null)).toBe('$0');
  });
  it('shortens ids and labels sources', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
    expect(sourceLabel('social_media')).toBe('social media');
  });
  it('knows the deal stages, labels and the funnel', () => {
    expect(DEAL_STAGES.map((stage) => DEAL_STAGE_LABELS[stage])).toEqual([
      'Prospecting',
      'Qualification',
      'Proposal',
      'Negotiation',
      'Closed Won',
      'Closed Lost',
    ]);
    expect(FUNNEL_DEAL_STAGES).toHaveLength(5);
    expect(dealStatusForStage('closed_won')).toBe('won');
    expect(dealStatusForStage('proposal')).toBe('open');
  });
});
