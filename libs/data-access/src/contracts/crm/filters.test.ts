import { FILTER_SEGMENTS, FILTER_SOURCES, LEAD_SOURCES, LEAD_STAGES } from './enums';
import {
  FILTER_SEGMENT_SCORE_RANGES,
  FILTER_SOURCE_LEAD_SOURCES,
  filterSourceOf,
  LEAD_STAGE_DEAL_STAGES,
  SEGMENT_BAND,
  segmentOfScore,
} from './filters';
import { SCORE_BAND_RANGES } from './lead-score';

describe('CRM filter words', () => {
  it('maps stored sources onto filter words', () => {
    expect(filterSourceOf('social_media')).toBe('social');
    expect(filterSourceOf('email_campaign')).toBe('email');
    expect(filterSourceOf('google_search')).toBe('website');
    expect(filterSourceOf('cold_call')).toBe('cold_call');
    expect(filterSourceOf('trade_show')).toBeNull();
    expect(filterSourceOf(null)).toBeNull();
    for (const filter of FILTER_SOURCES) {
      expect(filterSourceOf(filter)).toBe(filter);
      for (const source of FILTER_SOURCE_LEAD_SOURCES[filter]) {
        expect(LEAD_SOURCES).toContain(source);
        expect(filterSourceOf(source)).toBe(filter);
      }
    }
  });

  it('puts scores in segments that agree with their ranges', () => {
    expect([80, 79, 60, 59, 0].map(segmentOfScore)).toEqual(['hot', 'warm', 'warm', 'cold', 'cold']);
    for (const segment of FILTER_SEGMENTS) {
      const [min, max] = FILTER_SEGMENT_SCORE_RANGES[segment];
      expect(segmentOfScore(min)).toBe(segment);
      expect(segmentOfScore(max)).toBe(segment);
    }
  });

  it('gives Smart Leads segments as score bands', () => {
    expect(SCORE_BAND_RANGES[SEGMENT_BAND.hot].min).toBe(FILTER_SEGMENT_SCORE_RANGES.hot[0]);
    expect(SEGMENT_BAND.cold).toBe('low');
  });

  it('sees every lead stage on some deal stage', () => {
    for (const stage of LEAD_STAGES) expect(LEAD_STAGE_DEAL_STAGES[stage].length).toBeGreaterThan(0);
    expect(LEAD_STAGE_DEAL_STAGES.won).toEqual(['closed_won']);
  });
});
