import { FILTER_SEGMENTS, FILTER_SOURCES, LEAD_SOURCES, LEAD_STAGES } from './enums';
import * as filters from './filters';
import { SCORE_BAND_RANGES } from './lead-score';

describe('CRM filter words', () => {
  it('maps stored sources onto filter words', () => {
    expect(filters.filterSourceOf('social_media')).toBe('social');
    expect(filters.filterSourceOf('email_campaign')).toBe('email');
    expect(filters.filterSourceOf('google_search')).toBe('website');
    expect(filters.filterSourceOf('cold_call')).toBe('cold_call');
    expect(filters.filterSourceOf('trade_show')).toBeNull();
    expect(filters.filterSourceOf(null)).toBeNull();
    for (const filter of FILTER_SOURCES) {
      expect(filters.filterSourceOf(filter)).toBe(filter);
      for (const source of filters.FILTER_SOURCE_LEAD_SOURCES[filter]) {
        expect(LEAD_SOURCES).toContain(source);
        expect(filters.filterSourceOf(source)).toBe(filter);
      }
    }
  });

  it('puts scores in segments that agree with their ranges', () => {
    expect([80, 79, 60, 59, 0].map(filters.segmentOfScore)).toEqual(['hot', 'warm', 'warm', 'cold', 'cold']);
    for (const segment of FILTER_SEGMENTS) {
      const [min, max] = filters.FILTER_SEGMENT_SCORE_RANGES[segment];
      expect(filters.segmentOfScore(min)).toBe(segment);
      expect(filters.segmentOfScore(max)).toBe(segment);
    }
  });

  it('gives Smart Leads segments as score bands', () => {
    expect(SCORE_BAND_RANGES[filters.SEGMENT_BAND.hot].min).toBe(filters.FILTER_SEGMENT_SCORE_RANGES.hot[0]);
    expect(filters.SEGMENT_BAND.cold).toBe('low');
  });

  it('sees every lead stage on some deal stage', () => {
    for (const stage of LEAD_STAGES) expect(filters.LEAD_STAGE_DEAL_STAGES[stage].length).toBeGreaterThan(0);
    expect(filters.LEAD_STAGE_DEAL_STAGES.won).toEqual(['closed_won']);
  });
});
