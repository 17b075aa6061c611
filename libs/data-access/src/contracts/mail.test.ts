import {
  isEmailAddress,
  linksInText,
  mergeFieldNames,
  outboxKindLabel,
  outboxStatusLabel,
  renderMergeFields,
  textToMailHtml,
} from './mail';

describe('mail templating', () => {
  it('fills merge fields, tolerating spaces and case, and empties unknown ones', () => {
    expect(
      renderMergeFields('Hi {{first_name}} {{ Last_Name }}{{unknown}}!', {
        first_name: 'Dana',
        last_name: 'Reyes',
      }),
    ).toBe('Hi Dana Reyes!');
    expect(renderMergeFields('Hello {{first_name}}', { first_name: null })).toBe('Hello ');
  });

  it('lists the merge fields a template uses, once each', () => {
    expect(mergeFieldNames('{{first_name}} {{company}} {{FIRST_NAME}}')).toEqual(['first_name', 'company']);
  });

  it('escapes text into HTML and makes links clickable', () => {
    const html = textToMailHtml(
      '<b>Hi</b> & welcome\n\nOpen https://app.example/accept?t=1&x=2 now',
      'Welcome <in>',
    );
    expect(html).toContain(
      '<html lang="en"><head><meta charset="utf-8"><title>Welcome &lt;in&gt;</title></head>',
    );
    expect(html).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; welcome');
    expect(html).toContain(
      '<a href="https://app.example/accept?t=1&amp;x=2">https://app.example/accept?t=1&amp;x=2</a>',
    );
  });

  it('titles a message without a subject as mail clients do', () => {
    expect(textToMailHtml('Hello', '  ')).toContain('<title>(no subject)</title>');
  });

  it('finds the links of a message', () => {
    expect(linksInText('Go to https://a.example/x and http://b.example/y?z=1.')).toEqual([
      'https://a.example/x',
      'http://b.example/y?z=1',
    ]);
  });

  it('accepts real addresses and refuses malformed ones', () => {
    expect(isEmailAddress('dana@acme.test')).toBe(true);
    for (const bad of ['', 'dana', 'dana@', '@acme.test', 'da na@acme.test', 'dana@acme'])
      expect(isEmailAddress(bad)).toBe(false);
  });
});

describe('outbox wording', () => {
  it('says a message kept for lack of a mail server was not e-mailed', () => {
    expect(outboxStatusLabel({ status: 'sent', transport: 'outbox', attempts: 1 }).label).toBe(
      'Kept here (no mail server)',
    );
    expect(outboxStatusLabel({ status: 'sent', transport: 'smtp', attempts: 1 })).toEqual({
      label: 'Sent',
      tone: 'success',
    });
  });

  it('tells a first wait from a retry and shows failures', () => {
    expect(outboxStatusLabel({ status: 'queued', transport: null, attempts: 0 }).label).toBe(
      'Waiting to be sent',
    );
    expect(outboxStatusLabel({ status: 'queued', transport: null, attempts: 2 }).label).toBe('Retrying');
    expect(outboxStatusLabel({ status: 'failed', transport: null, attempts: 3 }).tone).toBe('destructive');
  });

  it('names every kind of message', () => {
    expect(outboxKindLabel('invitation')).toBe('Invitation');
    expect(outboxKindLabel('password_reset')).toBe('Password reset');
  });
});
