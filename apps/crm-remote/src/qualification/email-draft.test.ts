import {
  emailDraftErrorsFrom,
  emailInputFromDraft,
  emptyEmailDraft,
  validateEmailDraft,
} from './email-draft';

describe('an e-mail draft', () => {
  it('starts with a follow-up subject for the person and an empty message', () => {
    expect(emptyEmailDraft('Ana')).toEqual({ subject: 'Following up, Ana', body: '' });
  });

  it('needs a subject and a message, with known merge fields only', () => {
    expect(validateEmailDraft({ subject: ' ', body: '' })).toEqual({
      subject: 'Subject is required',
      body: 'Message is required',
    });
    expect(validateEmailDraft({ subject: 'Hi {{first_name}}', body: 'From {{company}}' })).toEqual({});
    const errors = validateEmailDraft({ subject: 'Hi {{nick}}', body: 'Hello' });
    expect(errors.subject).toContain('Unknown merge field {{nick}}');
    expect(errors.body).toBeUndefined();
  });

  it('sends the trimmed subject and the message as written', () => {
    expect(emailInputFromDraft({ subject: ' Hello ', body: 'Line one\n\nLine two\n' })).toEqual({
      subject: 'Hello',
      body: 'Line one\n\nLine two\n',
    });
  });

  it('reads the API’s field errors', () => {
    expect(
      emailDraftErrorsFrom({
        to: ['This lead has no e-mail address'],
        subject: ['Subject is required', 'x'],
        cc: ['no'],
      }),
    ).toEqual({ to: 'This lead has no e-mail address', subject: 'Subject is required' });
    expect(emailDraftErrorsFrom(undefined)).toEqual({});
  });
});
