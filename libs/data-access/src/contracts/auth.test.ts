import { displayName, initials } from './auth';

const user = (email: string, first: string | null, last: string | null) => ({
  email,
  user_metadata: { first_name: first, last_name: last, avatar_url: null },
});

describe('displayName (docs/product/sign-in-and-sessions.md#the-user-and-the-display-name)', () => {
  it('is first plus last name', () => {
    expect(displayName(user('dana@acme.test', 'Dana', 'Reyes'))).toBe('Dana Reyes');
  });
  it('uses whichever name part exists', () => {
    expect(displayName(user('dana@acme.test', 'Dana', null))).toBe('Dana');
    expect(displayName(user('dana@acme.test', null, ' Reyes '))).toBe('Reyes');
  });
  it('falls back to the part of the e-mail before the @', () => {
    expect(displayName(user('dana.reyes@acme.test', '  ', null))).toBe('dana.reyes');
  });
  it('falls back to User', () => {
    expect(displayName(user('@acme.test', null, null))).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Dana Reyes')).toBe('DR');
    expect(initials('Ana María de la Cruz')).toBe('AC');
  });
  it('takes two letters of a single word, upper case', () => {
    expect(initials('dana.reyes')).toBe('DA');
    expect(initials('User')).toBe('US');
  });
  it('is U for an empty name', () => {
    expect(initials('   ')).toBe('U');
  });
});
