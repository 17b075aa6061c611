import {
  bantColour,
  bantScore,
  BUILT_IN_SCORING_RULES,
  contactScore,
  isHighlyQualified,
  leadRating,
  leadScoreFactors,
  scoreBand,
  scoreFromTags,
  segmentForScore,
  smartLeadScore,
  weightedLeadScore,
  withLeadScoreTag,
} from './lead-score';

describe('weighted lead score (docs/product/lead-scoring.md#weighted-lead-score)', () => {
  it('derives each factor from the lead’s own fields', () => {
    expect(leadScoreFactors({})).toEqual({
      emailEngagement: 0,
      websiteActivity: 0,
      companySize: 0,
      industryMatch: 0,
      budgetRange: 0,
    });
    expect(
      leadScoreFactors(
        {
          email: 'a@b.co',
          website: 'https://b.co',
          lead_source: 'google_search',
          company_size: '201-1000',
          industry: 'education',
          budget_range: '10k-25k',
        },
        2,
      ),
    ).toEqual({
      emailEngagement: 80,
      websiteActivity: 100,
      companySize: 80,
      industryMatch: 60,
      budgetRange: 60,
    });
    expect(leadScoreFactors({ email: 'a@b.co' }, 9).emailEngagement).toBe(100);
    expect(leadScoreFactors({ source: 'website' }).websiteActivity).toBe(50);
  });

  it('weights email 0.25, website 0.2, size 0.2, industry 0.15, budget 0.2 and rounds', () => {
    expect(
      weightedLeadScore({
        emailEngagement: 100,
        websiteActivity: 100,
        companySize: 100,
        industryMatch: 100,
        budgetRange: 100,
      }),
    ).toBe(100);
    // 0.25·80 + 0.2·100 + 0.2·80 + 0.15·60 + 0.2·60 = 20 + 20 + 16 + 9 + 12 = 77
    expect(
      weightedLeadScore({
        emailEngagement: 80,
        websiteActivity: 100,
        companySize: 80,
        industryMatch: 60,
        budgetRange: 60,
      }),
    ).toBe(77);
    // 0.25·40 + 0.15·30 = 10 + 4.5 = 14.5 → 15 (half rounds up, as PostgreSQL round() does)
    expect(
      weightedLeadScore({
        emailEngagement: 40,
        websiteActivity: 0,
        companySize: 0,
        industryMatch: 30,
        budgetRange: 0,
      }),
    ).toBe(15);
  });

  it('keeps one lead_score_N tag', () => {
    expect(withLeadScoreTag(['vip', 'lead_score_12'], 77)).toEqual(['vip', 'lead_score_77']);
    expect(withLeadScoreTag(null, 5)).toEqual(['lead_score_5']);
    expect(scoreFromTags(['vip', 'lead_score_77'])).toBe(77);
    expect(scoreFromTags(['vip'])).toBeNull();
  });
});

describe('ratings and contact score', () => {
  it('rates Hot 80+, Warm 60+, Cool 40+, else Cold', () => {
    expect([80, 79, 60, 59, 40, 39, 0].map(leadRating)).toEqual([
      'Hot',
      'Warm',
      'Warm',
      'Cool',
      'Cool',
      'Cold',
      'Cold',
    ]);
  });

  it('scores a contact email 20, phone 15, company 25, or its lead score tag when higher', () => {
    expect(contactScore({})).toBe(0);
    expect(contactScore({ email: 'a@b.co' })).toBe(20);
    expect(contactScore({ email: 'a@b.co', phone: '1', company: 'X' })).toBe(60);
    expect(contactScore({ email: 'a@b.co', tags: ['lead_score_85'] })).toBe(85);
    expect(contactScore({ email: 'a@b.co', phone: '1', company: 'X', tags: ['lead_score_10'] })).toBe(60);
  });
});

describe('Smart Leads local score', () => {
  const rules = BUILT_IN_SCORING_RULES.map((rule) => ({ ...rule, active: true }));
  it('sums the points of active rules the lead meets, capped at 100', () => {
    expect(smartLeadScore({ email: 'a@b.co', company: 'X', lead_source: 'website' }, rules)).toBe(60);
    expect(smartLeadScore({ email: 'a@b.co' }, rules)).toBe(25);
    expect(
      smartLeadScore(
        { email: 'a@b.co', company: 'X' },
        rules.map((r) => ({ ...r, active: r.name !== 'Email Engagement' })),
      ),
    ).toBe(20);
    expect(
      smartLeadScore({ email: 'a@b.co' }, [
        { points: 70, active: true, criterion: 'has_email' },
        { points: 50, active: true, criterion: 'has_email' },
      ]),
    ).toBe(100);
    expect(smartLeadScore({ email: 'a@b.co' }, [{ points: 50, active: true, criterion: null }])).toBe(0);
  });

  it('bands high 80+, medium 50–79, low under 50 as segments 1, 2, 3', () => {
    expect([100, 80, 79, 50, 49, 0].map(scoreBand)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
    expect([80, 50, 49].map(segmentForScore)).toEqual([1, 2, 3]);
  });
});

describe('BANT', () => {
  it('is the confirmed count out of 4 as a percentage', () => {
    expect(bantScore({})).toBe(0);
    expect(bantScore({ budget: true })).toBe(25);
    expect(bantScore({ budget: true, authority: true, need: true })).toBe(75);
    expect(bantScore({ budget: true, authority: true, need: true, timing: true })).toBe(100);
    expect(isHighlyQualified(75)).toBe(true);
    expect(isHighlyQualified(50)).toBe(false);
    expect([75, 50, 25].map(bantColour)).toEqual(['green', 'yellow', 'red']);
  });
});
