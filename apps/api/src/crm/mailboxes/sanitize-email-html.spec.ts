import { sanitizeEmailHtml } from './sanitize-email-html';

describe('sanitizeEmailHtml', () => {
  it('keeps formatting and links, and opens links in a new tab without this page', () => {
    expect(sanitizeEmailHtml('<p>Hello <b>Ava</b>, see <a href="https://example.com">this</a></p>')).toBe(
      '<p>Hello <b>Ava</b>, see <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">this</a></p>',
    );
  });

  it('drops scripts, styles, frames, forms, handlers, remote images and script links', () => {
    const cleaned = sanitizeEmailHtml(
      '<script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><form><input></form>' +
        '<p onclick="steal()">Hi</p><img src="https://tracker.test/p.gif"><a href="javascript:alert(1)">x</a>',
    );
    expect(cleaned).toBe('<p>Hi</p><a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });
});
