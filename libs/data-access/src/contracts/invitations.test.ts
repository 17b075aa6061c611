import {
  formatUtcInstant,
  isLinkExpired,
  linkWithToken,
  newPasswordProblems,
  PASSWORD_MIN_LENGTH,
  passwordRuleBreak,
  passwordRuleMessage,
  tokenFromFragment,
} from './invitations';

describe('links that carry a secret', () => {
  it('puts the token in the fragment and reads it back unchanged', () => {
    const token = 'Ab-_09xyzXYZ0123456789abcdefghijklmnopqrstu';
    const link = linkWithToken('https://app.example/invitations/accept', token);
    expect(link).toBe(`https://app.example/invitations/accept#token=${token}`);
    expect(tokenFromFragment(new URL(link).hash)).toBe(token);
  });

  it('finds no token in an empty or foreign fragment', () => {
    expect(tokenFromFragment('')).toBeNull();
    expect(tokenFromFragment('#')).toBeNull();
    expect(tokenFromFragment('#section-2')).toBeNull();
    expect(tokenFromFragment('#token=')).toBeNull();
    expect(tokenFromFragment('#token=%20%20')).toBeNull();
  });

  it('treats a link as expired from its expiry instant on', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(isLinkExpired('2026-11-23T10:00:01Z', now)).toBe(false);
    expect(isLinkExpired('2026-11-23T10:00:00Z', now)).toBe(true);
    expect(isLinkExpired(new Date('2026-11-22T10:00:00Z'), now)).toBe(true);
  });
});

describe('new passwords', () => {
  it('accepts a password of the minimum length that matches its confirmation', () => {
    expect(newPasswordProblems('x'.repeat(PASSWORD_MIN_LENGTH), 'x'.repeat(PASSWORD_MIN_LENGTH))).toEqual([]);
  });

  it('names each problem', () => {
    expect(newPasswordProblems('short', 'other')).toEqual([
      'The password must be at least 10 characters.',
      'The two passwords differ.',
    ]);
    expect(newPasswordProblems('y'.repeat(201))).toEqual(['The password must be at most 200 characters.']);
  });

  it('refuses a password of spaces alone, however long', () => {
    expect(newPasswordProblems(' '.repeat(8))).toEqual(['The password must not be only spaces.']);
    expect(newPasswordProblems(' \t'.repeat(20))).toEqual(['The password must not be only spaces.']);
    expect(passwordRuleBreak('  correct horse  ')).toBeNull();
  });

  it('counts characters as typed, not bytes or UTF-16 units', () => {
    // Ten emoji are twenty UTF-16 units and forty bytes: still ten characters.
    expect(passwordRuleBreak('🔑'.repeat(10))).toBeNull();
    expect(passwordRuleBreak('🔑'.repeat(9))).toBe('short');
    // Nine accented letters are eighteen bytes in UTF-8: still too short.
    expect(passwordRuleBreak('é'.repeat(9))).toBe('short');
    expect(passwordRuleBreak('🔑'.repeat(200))).toBeNull();
    expect(passwordRuleBreak('🔑'.repeat(201))).toBe('long');
  });

  it('says the rule per field as the API does', () => {
    expect(passwordRuleMessage('new_password', 'short')).toBe('new_password must be at least 10 characters');
    expect(passwordRuleMessage('password', 'blank')).toBe('password must not be only spaces');
  });
});

describe('expiry in e-mails', () => {
  it('states the instant in UTC whatever the server’s zone', () => {
    expect(formatUtcInstant(new Date('2026-11-30T09:05:00Z'))).toBe('30 November 2026, 09:05 UTC');
    expect(formatUtcInstant(new Date('2027-01-01T23:59:59+02:00'))).toBe('1 January 2027, 21:59 UTC');
  });
});

describe('reading a token from a longer or damaged fragment', () => {
  it('finds the token among other parameters and survives bad escapes', () => {
    expect(tokenFromFragment('#from=mail&token=abc')).toBe('abc');
    expect(tokenFromFragment('#token=%E0%A4%A')).toBeNull();
  });
});
