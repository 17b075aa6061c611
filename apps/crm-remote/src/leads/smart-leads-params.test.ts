import { filterParams, segmentBand } from './smart-leads-params';

describe('Smart Leads parameters', () => {
  it('maps segments to bands by their score criteria', () => {
    expect(segmentBand({ criteria: { min_score: 80 } })).toBe('high');
    expect(segmentBand({ criteria: { min_score: 50, max_score: 79 } })).toBe('medium');
    expect(segmentBand({ criteria: { max_score: 49 } })).toBe('low');
  });

  it('passes only the active page filters', () => {
    expect(filterParams(undefined)).toEqual({ segment: undefined, source: undefined, stage: undefined });
    expect(filterParams({ segment: 'hot', source: null, stage: 'won' })).toEqual({
      segment: 'hot',
      source: undefined,
      stage: 'won',
    });
  });
});
