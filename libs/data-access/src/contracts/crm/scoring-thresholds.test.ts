import { conversionRate, pipelineValue } from './analytics';
import {
  CAPTURE_AUTO_ACTION_LABELS,
  captureAutoActions,
  captureBadge,
  captureScore,
  captureStatus,
  scoreColour,
} from './capture-score';
import {
  BUILT_IN_SCORING_RULES,
  HIGH_SCORE_THRESHOLD,
  isHighScore,
  leadRating,
  SCORE_BAND_RANGES,
  SEGMENT_BANDS,
  SMART_LEADS_HIGH_SCORE,
  scoreBand,
  segmentForScore,
  smartLeadScore,
} from './lead-score';

/** Every whole score a lead can have. */
const SCORES = Array.from({ length: 101 }, (_, score) => score);

describe('the thresholds of docs/product/lead-scoring.md agree with each other at every score', () => {
  it('band ranges cover 0–100 exactly once and match scoreBand', () => {
    for (const score of SCORES) {
      const band = scoreBand(score);
      const { min, max } = SCORE_BAND_RANGES[band];
      expect(score).toBeGreaterThanOrEqual(min);
      expect(score).toBeLessThanOrEqual(max);
      expect(SEGMENT_BANDS[segmentForScore(score)]).toBe(band);
    }
  });

  it('capture badge, colour, auto actions and status change together at 80, 60 and 40', () => {
    for (const score of SCORES) {
      const tier = score >= 80 ? 3 : score >= 60 ? 2 : score >= 40 ? 1 : 0;
      expect(captureBadge(score)).toBe(['Cold Lead', 'Qualified', 'Warm Lead', 'Hot Lead'][tier]);
      expect(scoreColour(score)).toBe(['red', 'orange', 'yellow', 'green'][tier]);
      expect(captureAutoActions(score)).toHaveLength(tier);
      expect(captureStatus(score)).toBe(tier >= 2 ? 'qualified' : 'new');
      expect(leadRating(score)).toBe(['Cold', 'Cool', 'Warm', 'Hot'][tier]);
    }
  });

  it('names every auto action the panel lists', () => {
    for (const action of captureAutoActions(100)) expect(CAPTURE_AUTO_ACTION_LABELS[action]).toMatch(/\S/);
    expect(Object.keys(CAPTURE_AUTO_ACTION_LABELS).sort()).toEqual(
      ['add_to_nurture', 'assign_top_rep', 'schedule_call'].sort(),
    );
  });

  it('keeps the two high-score lines apart: 70 for lead lists, 80 for the Smart Leads tile', () => {
    expect(HIGH_SCORE_THRESHOLD).toBe(70);
    expect(SMART_LEADS_HIGH_SCORE).toBe(80);
    expect([69, 70].map(isHighScore)).toEqual([false, true]);
  });
});

describe('built-in scoring rules and the local score (docs/product/lead-scoring.md#local-smart-leads-score)', () => {
  it('are Email Engagement 25, Company Size 20 and Industry Match 15', () => {
    expect(BUILT_IN_SCORING_RULES.map((rule) => [rule.name, rule.points])).toEqual([
      ['Email Engagement', 25],
      ['Company Size', 20],
      ['Industry Match', 15],
    ]);
  });

  it('cannot reach the high band with the built-ins alone (60 at most)', () => {
    const rules = BUILT_IN_SCORING_RULES.map((rule) => ({ ...rule, active: true }));
    const full = smartLeadScore({ email: 'a@b.co', company: 'X', lead_source: 'referral' }, rules);
    expect(full).toBe(60);
    expect(scoreBand(full)).toBe('medium');
    // Inactive rules add nothing; blank values do not count as present.
    expect(smartLeadScore({ email: '  ', company: 'X' }, rules)).toBe(20);
    expect(
      smartLeadScore(
        { email: 'a@b.co' },
        rules.map((rule) => ({ ...rule, active: false })),
      ),
    ).toBe(0);
  });
});

describe('capture total rounding', () => {
  it('rounds the average of the four sub-scores half up', () => {
    // name 20 + email 30 = 50; 3 of 14 fields = 21; company 25 + website 15 = 40; 0 → (50+36+40+0)/4
    const score = captureScore({
      first_name: 'A',
      last_name: 'B',
      email: 'a@b.co',
      company: 'X',
      website: 'https://x.test',
    });
    expect([score.demographic, score.formCompletion, score.companyProfile, score.intent]).toEqual([
      50, 36, 40, 0,
    ]);
    expect(score.total).toBe(Math.round((50 + 36 + 40 + 0) / 4));
    expect(score.total).toBe(32);
  });
});

describe('conversion rate and pipeline value edge cases', () => {
  it('gives a one-decimal conversion rate for the tiles', () => {
    expect(Math.round(conversionRate(28, 160) * 10) / 10).toBe(17.5);
    expect(Math.round(conversionRate(1, 3) * 10) / 10).toBe(33.3);
  });

  it('is 0 for an empty pipeline and ignores non-numeric amounts', () => {
    expect(pipelineValue([])).toBe(0);
    expect(
      pipelineValue([
        { stage: 'proposal', amount: 'n/a' },
        { stage: 'proposal', amount: 10 },
      ]),
    ).toBe(10);
  });
});
