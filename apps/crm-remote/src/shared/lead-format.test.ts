import { leadInitials, leadName, leadSourceLabel, percent1, titleCase } from './lead-format';

describe('lead display rules', () => {
  it('names and initials', () => {
    expect(leadName({ first_name: ' Ada ', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(leadInitials({ first_name: 'ada', last_name: 'lovelace' })).toBe('AL');
    expect(leadInitials({})).toBe('?');
  });

  it('labels sources, with Unknown Source when there is none', () => {
    expect(leadSourceLabel({ lead_source: 'social_media' })).toBe('Social Media');
    expect(leadSourceLabel({ source: 'cold_call' })).toBe('Cold Call');
    expect(leadSourceLabel({})).toBe('Unknown Source');
    expect(titleCase('email_campaign')).toBe('Email Campaign');
  });

  it('formats one-decimal percentages', () => {
    expect(percent1(23.456)).toBe('23.5%');
    expect(percent1(0)).toBe('0.0%');
  });
});
