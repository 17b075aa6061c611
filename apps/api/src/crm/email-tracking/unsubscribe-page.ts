import { escapeHtml } from '@tessera/data-access/contracts';
import { plainHtmlPage as page } from '../../common/plain-html-page';
import type { UnsubscribeTarget } from './email-tracking.service';

/*
 * The pages behind a message's unsubscribe link: plain HTML, no script and no style, so they
 * work in any mail client's browser and under a strict Content-Security-Policy.
 */

const from = (target: UnsubscribeTarget): string =>
  target.sender ? ` from ${escapeHtml(target.sender)}` : '';

/**
 * Asks before unsubscribing: mail scanners open every link of a message, and a GET alone must not
 * unsubscribe anyone. The form posts as text/plain because the API parses no form encoding.
 */
export function unsubscribeQuestionPage(target: UnsubscribeTarget): string {
  if (target.unsubscribed) return unsubscribedPage(target);
  return page(
    'Unsubscribe',
    `<p>Stop sending campaign e-mails to <strong>${escapeHtml(target.email)}</strong>${from(target)}?</p>
<form method="post" enctype="text/plain"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(target: UnsubscribeTarget): string {
  return page(
    'You are unsubscribed',
    `<p><strong>${escapeHtml(target.email)}</strong> will get no more campaign e-mails${from(target)}.</p>`,
  );
}

export function invalidLinkPage(): string {
  return page('Link not valid', '<p>This unsubscribe link is not valid. Nothing was changed.</p>');
}
