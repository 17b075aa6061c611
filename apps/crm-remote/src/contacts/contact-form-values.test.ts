import { contactInputFromForm, emptyContactForm, validateContactForm } from './contact-form-values';

describe('contact form', () => {
  it('requires first and last name and checks email and phone', () => {
    expect(validateContactForm(emptyContactForm())).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
    expect(
      validateContactForm({
        ...emptyContactForm(),
        first_name: 'A',
        last_name: 'B',
        email: 'nope',
        phone: 'call me',
      }),
    ).toEqual({ email: 'Enter a valid email address', phone: 'Enter a valid phone number' });
    expect(
      validateContactForm({
        ...emptyContactForm(),
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.io',
        phone: '+1 (555) 010-2000',
      }),
    ).toEqual({});
  });
  it('leaves out empty fields', () => {
    expect(
      contactInputFromForm({
        ...emptyContactForm(),
        first_name: ' Ada ',
        last_name: 'L',
        company: 'Engines',
      }),
    ).toEqual({
      first_name: 'Ada',
      last_name: 'L',
      status: 'active',
      company: 'Engines',
    });
  });
});
