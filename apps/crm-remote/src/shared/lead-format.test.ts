import {
  dollars,
  leadInitials,
  leadName,
  leadSourceLabel,
  percent1,
  timeAgo,
  titleCase,
} from './lead-format';

describe('lead display rules', () => {
  it('names and initials', () => {
    expect(leadName({ first_name: ' Ada ', last_name: 'Lovelace' })).toBe('Ada Lovelace');
    expect(leadInitials({ first_name: 'ada', last_name: 'lovelace' })).toBe('AL');
    expect(leadInitials({})).toBe('?');
  });

  it('says how long ago, never in the future', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(timeAgo('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-21T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-12T12:00:00Z', now)).toBe('last week');
    expect(timeAgo('2026-11-23T12:00:00Z', now)).toBe('just now');
    expect(timeAgo(null, now)).toBe('never');
  });

  it('labels sources, with Unknown Source when there is none', () => {
    expect(leadSourceLabel({ lead_source: 'social_media' })).toBe('Social Media');
    expect(leadSourceLabel({ source: 'cold_call' })).toBe('Cold Call');
    expect(leadSourceLabel({})).toBe('Unknown Source');
    expect(titleCase('email_campaign')).toBe('Email Campaign');
  });

  it('formats dollars and one-decimal percentages', () => {
    expect(dollars(1234567.8)).toBe('$1,234,568');
    expect(percent1(23.456)).toBe('23.5%');
    expect(percent1(0)).toBe('0.0%');
  });
});
