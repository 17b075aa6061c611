import {
  audienceLeadSources,
  audienceStatuses,
  describeAudience,
  parseTags,
  renderCampaignMessage,
  scheduleTimeProblem,
} from './campaigns';

describe('campaign rules shared by the API and the editor', () => {
  it('renders a recipient’s message: merge fields filled in subject, text and the HTML part', () => {
    const message = renderCampaignMessage(
      {
        subject: ' News for {{first_name}} ',
        body: 'Hi {{full_name}} of {{company}}\n\nSee https://x.test/a.\n',
      },
      { first_name: 'Ana', last_name: 'Lima', company: 'Lima & Co', email: 'ana@lima.test' },
    );
    expect(message.subject).toBe('News for Ana');
    expect(message.text).toBe('Hi Ana Lima of Lima & Co\n\nSee https://x.test/a.');
    expect(message.html).toContain('<p>Hi Ana Lima of Lima &amp; Co</p>');
    expect(message.html).toContain('<a href="https://x.test/a">https://x.test/a</a>.');
  });

  it('reads both forms of an audience and says it in words', () => {
    const audience = {
      statuses: ['active' as const],
      status: 'inactive' as const,
      lead_source: 'trade_show',
    };
    expect(audienceStatuses(audience)).toEqual(['active', 'inactive']);
    expect(audienceLeadSources(audience)).toEqual(['trade_show']);
    expect(describeAudience({})).toBe('Every contact with an e-mail');
    expect(describeAudience({ ...audience, tags: ['vip', 'news'] })).toBe(
      'Status: active or inactive · Source: trade show · Tags: vip and news',
    );
  });

  it('schedules only in the future', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(scheduleTimeProblem('2030-01-01T00:00:00Z', now)).toBe('Choose a time in the future');
    expect(scheduleTimeProblem('soon', now)).toBe('Enter a date and time');
    expect(scheduleTimeProblem('2030-01-01T00:00:01Z', now)).toBeNull();
  });

  it('splits typed tags', () => {
    expect(parseTags(' a, b,,a ')).toEqual(['a', 'b']);
    expect(parseTags('')).toEqual([]);
  });
});
