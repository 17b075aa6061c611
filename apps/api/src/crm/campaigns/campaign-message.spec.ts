import { campaignMessage, footerText } from './campaign-message';

const links = {
  openPixel: 'https://app.example/api/mail/o/tok.gif',
  unsubscribe: 'https://app.example/api/mail/u/tok',
  click: (url: string) => `https://app.example/api/mail/c/tok?u=${encodeURIComponent(url)}&s=sig`,
};

const person = {
  first_name: 'Ana',
  last_name: 'Lima',
  company: 'Lima & Co',
  email: 'ana@lima.test',
};

describe('a campaign message for one recipient', () => {
  const message = campaignMessage(
    {
      subject: 'News for {{company}}',
      body: 'Hi {{first_name}},\n\nRead https://blog.example/post?a=1&b=2 today.\n',
    },
    person,
    links,
    'Acme Corp',
  );

  it('fills the merge fields in the subject and both parts, escaping them in HTML', () => {
    expect(message.subject).toBe('News for Lima & Co');
    expect(message.text.startsWith('Hi Ana,\n\nRead https://blog.example/post?a=1&b=2 today.')).toBe(true);
    expect(message.html).toContain('Hi Ana,');
  });

  it('keeps plain links in the text part and ends it with why and how to unsubscribe', () => {
    expect(message.text).toContain('https://blog.example/post?a=1&b=2');
    expect(message.text).not.toContain('/api/mail/c/');
    expect(message.text.trimEnd().endsWith(`Unsubscribe: ${links.unsubscribe}`)).toBe(true);
    expect(message.text).toContain('You receive this e-mail as a contact of Acme Corp.');
  });

  it('sends the HTML links through click redirects of the exact target', () => {
    const tracked = links.click('https://blog.example/post?a=1&b=2').replace(/&/g, '&amp;');
    expect(message.html).toContain(`<a href="${tracked}">https://blog.example/post?a=1&amp;b=2</a>`);
    expect(message.html).not.toContain('<a href="https://blog.example');
  });

  it('carries the open pixel and the unsubscribe link inside the body', () => {
    expect(message.html).toMatch(
      /<a href="https:\/\/app\.example\/api\/mail\/u\/tok">Unsubscribe<\/a><\/p><img src="https:\/\/app\.example\/api\/mail\/o\/tok\.gif" width="1" height="1" alt=""[^>]*><\/body><\/html>$/,
    );
  });

  it('names the sender when there is one', () => {
    expect(footerText(null)).toBe('You receive this e-mail as a contact of the sender.');
  });
});
