import { describeWait, nextSendingDay, sendingDay, sequenceStepProblems, waitEnds } from './sequences';

describe('sequence waits', () => {
  it('counts calendar days when business days are not chosen', () => {
    // Friday 10:00 + 3 days = Monday 10:00.
    expect(waitEnds(new Date('2026-11-27T10:00:00Z'), { days: 3, business_days: false }).toISOString()).toBe(
      '2026-11-30T10:00:00.000Z',
    );
  });

  it('skips Saturday and Sunday when business days are chosen, keeping the time of day', () => {
    // Friday + 1 business day = Monday; Friday + 3 = Wednesday.
    const friday = new Date('2026-11-27T10:00:00Z');
    expect(waitEnds(friday, { days: 1, business_days: true }).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(waitEnds(friday, { days: 3, business_days: true }).toISOString()).toBe('2026-12-02T10:00:00.000Z');
    // Monday + 5 business days = next Monday.
    expect(waitEnds(new Date('2026-11-23T08:00:00Z'), { days: 5, business_days: true }).toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
  });

  it('ends a business-day wait started on a weekend on a weekday', () => {
    // Saturday + 1 business day = Monday; Sunday + 2 = Tuesday.
    expect(waitEnds(new Date('2026-11-28T09:00:00Z'), { days: 1, business_days: true }).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    expect(waitEnds(new Date('2026-11-29T09:00:00Z'), { days: 2, business_days: true }).toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
  });

  it('is no wait at zero days', () => {
    const at = new Date('2026-11-28T09:00:00Z');
    expect(waitEnds(at, { days: 0, business_days: true }).getTime()).toBe(at.getTime());
  });

  it('says the wait in words', () => {
    expect(describeWait({ days: 1, business_days: false })).toBe('Wait 1 day');
    expect(describeWait({ days: 3, business_days: true })).toBe('Wait 3 business days');
  });
});

describe('the daily limit', () => {
  it('counts sends per UTC day and defers to the start of the next one', () => {
    const late = new Date('2026-11-27T23:59:00Z');
    expect(sendingDay(late)).toBe('2026-11-27');
    expect(nextSendingDay(late).toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });
});

describe('sequence steps as written', () => {
  it('needs a subject and a message for an e-mail, a subject for a task, 1–90 days for a wait', () => {
    expect(sequenceStepProblems({ type: 'email', subject: ' ', body: '' })).toEqual({
      subject: 'Subject is required',
      body: 'Message is required',
    });
    expect(sequenceStepProblems({ type: 'task' })).toEqual({ subject: 'Task is required' });
    expect(sequenceStepProblems({ type: 'wait', days: 0 })).toEqual({ days: 'Wait between 1 and 90 days' });
    expect(sequenceStepProblems({ type: 'wait', days: 1.5 })).toEqual({ days: 'Wait between 1 and 90 days' });
    expect(sequenceStepProblems({ type: 'wait', days: 2, business_days: true })).toEqual({});
    expect(sequenceStepProblems({ type: 'email', subject: 'Hi {{first_name}}', body: 'Hello' })).toEqual({});
  });
});
