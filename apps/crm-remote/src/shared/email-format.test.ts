import { emailSender, emailWhen } from './email-format';

describe('e-mail on the timelines', () => {
  it('names the sender with their address, or the address alone', () => {
    expect(emailSender({ from_name: 'Ava Customer', from_address: 'ava@customer.test' })).toBe(
      'Ava Customer <ava@customer.test>',
    );
    expect(emailSender({ from_name: '  ', from_address: 'ava@customer.test' })).toBe('ava@customer.test');
    expect(emailSender({ from_name: null, from_address: 'ava@customer.test' })).toBe('ava@customer.test');
  });

  it('shows the date and time a message arrived', () => {
    expect(emailWhen('2026-11-27T15:04:00')).toBe('Nov 27, 2026, 3:04 PM');
  });
});
