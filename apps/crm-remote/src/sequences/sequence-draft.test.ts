import {
  draftErrorsFrom,
  emptySequenceDraft,
  inputFromDraft,
  moveStep,
  newStep,
  validateSequenceDraft,
} from './sequence-draft';

describe('the sequence builder draft', () => {
  it('turns the typed steps into the API input (a wait as a number of days)', () => {
    const wait = { ...newStep('wait'), days: '3', businessDays: true };
    const email = { ...newStep('email'), subject: ' Hi {{first_name}} ', body: 'Hello' };
    const task = { ...newStep('task'), subject: 'Call' };
    expect(inputFromDraft({ name: ' Onboarding ', description: '', steps: [email, wait, task] })).toEqual({
      name: 'Onboarding',
      description: null,
      steps: [
        { type: 'email', subject: 'Hi {{first_name}}', body: 'Hello' },
        { type: 'wait', days: 3, business_days: true },
        { type: 'task', subject: 'Call', body: null },
      ],
    });
  });

  it('moves a step up or down, and not past either end', () => {
    const [a, b, c] = [newStep('email'), newStep('wait'), newStep('task')];
    expect(moveStep([a, b, c], 2, -1)).toEqual([a, c, b]);
    expect(moveStep([a, b, c], 0, 1)).toEqual([b, a, c]);
    expect(moveStep([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(moveStep([a, b, c], 2, 1)).toEqual([a, b, c]);
  });

  it('checks what the API checks, under the same field names', () => {
    const draft = emptySequenceDraft();
    expect(validateSequenceDraft(draft)).toEqual({
      name: 'Name is required',
      'steps.0.subject': 'Subject is required',
      'steps.0.body': 'Message is required',
    });
    const wrong = {
      name: 'X',
      description: '',
      steps: [
        { ...newStep('email'), subject: 'Hi {{nick}}', body: 'Hello' },
        { ...newStep('wait'), days: '0' },
      ],
    };
    expect(validateSequenceDraft(wrong)).toEqual({
      'steps.0.subject': expect.stringContaining('Unknown merge field {{nick}}'),
      'steps.1.days': 'Wait between 1 and 90 days',
    });
    expect(validateSequenceDraft({ ...wrong, steps: [] })).toEqual({
      steps: 'A sequence needs at least one step',
    });
  });

  it('keeps the first server message of each field', () => {
    expect(draftErrorsFrom({ 'steps.0.days': ['a', 'b'], name: [] })).toEqual({ 'steps.0.days': 'a' });
  });
});
