import { addressDomain, replySubject, threadKeyOf } from './mailboxes';

describe('mailbox rules', () => {
  it('reads the domain of an address, lower-cased, and nothing of a non-address', () => {
    expect(addressDomain('Ava@Customer.TEST')).toBe('customer.test');
    for (const bad of ['', 'ava', '@customer.test', 'ava@']) expect(addressDomain(bad)).toBeNull();
  });

  it('adds "Re: " once', () => {
    expect(replySubject('Quote')).toBe('Re: Quote');
    expect(replySubject('RE: Quote')).toBe('RE: Quote');
    expect(replySubject('  re: Quote ')).toBe('re: Quote');
  });

  it('threads a message by its first reference, else its parent, else what it answers, else itself', () => {
    const base = { message_id: '<c@x>', in_reply_to: '<b@x>', references: ['<a@x>', '<b@x>'] };
    expect(threadKeyOf(base)).toBe('<a@x>');
    expect(threadKeyOf({ ...base, references: [], parentThread: '<root@x>' })).toBe('<root@x>');
    expect(threadKeyOf({ ...base, references: [] })).toBe('<b@x>');
    expect(threadKeyOf({ message_id: '<c@x>', in_reply_to: null, references: [] })).toBe('<c@x>');
  });
});
