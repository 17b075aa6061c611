import type { EmailCampaign } from '@tessera/data-access/contracts';
import {
  audienceFromDraft,
  draftErrorsFrom,
  draftFromCampaign,
  emptyCampaignDraft,
  inputFromDraft,
  recipientsText,
  scheduleProblem,
  sendAtFromLocal,
  validateCampaignDraft,
  validateForSending,
} from './campaign-draft';

describe('the campaign editor’s draft', () => {
  it('sends only the chosen parts of the audience, tags split on commas without repeats', () => {
    expect(audienceFromDraft(emptyCampaignDraft())).toEqual({});
    expect(
      inputFromDraft({
        name: ' Launch ',
        subject: ' Hi {{first_name}} ',
        body: 'Body',
        statuses: ['active'],
        leadSources: ['website', 'referral'],
        tags: ' vip, news ,vip,, ',
      }),
    ).toEqual({
      name: 'Launch',
      subject: 'Hi {{first_name}}',
      body: 'Body',
      audience: { statuses: ['active'], lead_sources: ['website', 'referral'], tags: ['vip', 'news'] },
    });
  });

  it('reads a stored campaign, folding the single-value audience into the lists', () => {
    const stored = {
      name: 'Old',
      subject: 'S',
      body: null,
      audience: { status: 'active', lead_source: 'website', tags: ['a', 'b'] },
    } as unknown as EmailCampaign;
    expect(draftFromCampaign(stored)).toEqual({
      name: 'Old',
      subject: 'S',
      body: '',
      statuses: ['active'],
      leadSources: ['website'],
      tags: 'a, b',
    });
  });

  it('asks for a name and a subject to save, and a message to send', () => {
    expect(validateCampaignDraft(emptyCampaignDraft())).toEqual({
      name: 'Name is required',
      subject: 'Subject is required',
    });
    expect(validateForSending({ ...emptyCampaignDraft(), name: 'N', subject: 'S' })).toEqual({
      body: 'Write the message before sending the campaign',
    });
  });

  it('puts the API’s field messages on the editor’s fields', () => {
    expect(
      draftErrorsFrom({
        name: ['name must not be empty'],
        'audience.statuses': ['each status must be one of active'],
        'audience.tags': ['bad tag'],
        'audience.colour': ['property colour should not exist'],
        send_at: ['Choose a time in the future'],
      }),
    ).toEqual({
      name: 'name must not be empty',
      statuses: 'each status must be one of active',
      tags: 'bad tag',
      form: 'property colour should not exist',
      send_at: 'Choose a time in the future',
    });
  });

  it('schedules only a real time in the future', () => {
    const now = new Date('2030-05-01T10:00:00Z');
    expect(sendAtFromLocal('')).toBeNull();
    expect(scheduleProblem('', now)).toBe('Enter a date and time');
    expect(scheduleProblem('2020-01-01T09:00', now)).toBe('Choose a time in the future');
    expect(scheduleProblem('2031-01-01T09:00', now)).toBeNull();
    expect(sendAtFromLocal('2031-01-01T09:00')).toBe(new Date('2031-01-01T09:00').toISOString());
  });

  it('counts recipients in words', () => {
    expect(recipientsText(1)).toBe('1 recipient');
    expect(recipientsText(1200)).toBe('1,200 recipients');
    expect(recipientsText(0)).toBe('0 recipients');
  });
});
