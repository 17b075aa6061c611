import { describeStep, enrollmentState } from './sequence-format';

describe('sequence page texts', () => {
  it('says what each step does', () => {
    expect(describeStep({ type: 'email', subject: 'Hello', days: null, business_days: false })).toBe(
      'E-mail: Hello',
    );
    expect(describeStep({ type: 'task', subject: 'Call', days: null, business_days: false })).toBe(
      'Task: Call',
    );
    expect(describeStep({ type: 'wait', subject: null, days: 2, business_days: true })).toBe(
      'Wait 2 business days',
    );
  });

  it('says where a person is, or why they left', () => {
    expect(enrollmentState({ status: 'active', next_step: 3 })).toBe('At step 3');
    expect(enrollmentState({ status: 'replied', next_step: null })).toBe('Replied');
    expect(enrollmentState({ status: 'moved', next_step: null })).toBe('Enrolled in another sequence');
  });
});
