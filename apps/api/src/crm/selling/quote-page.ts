import { escapeHtml, formatMinor, quoteLabel, toMinorUnits } from '@tessera/data-access/contracts';
import { plainHtmlPage as page } from '../../common/plain-html-page';
import type { PublicQuote } from './quotes.service';

/*
 * The page behind a quote's signed link: plain HTML, no script and no style, so it works in any
 * mail client's browser and under a strict Content-Security-Policy (as the unsubscribe page). A GET
 * changes nothing (mail scanners open links); the buttons post, as text/plain, which the API reads.
 */

const STATUS_TEXT = {
  draft: 'This quote has not been sent yet.',
  sent: 'This quote is awaiting your answer.',
  accepted: 'You accepted this quote. Thank you!',
  declined: 'You declined this quote.',
  superseded: 'This quote has been replaced by a newer revision.',
} as const;

export function quotePage({ quote, sellerName, dealName, open }: PublicQuote, token: string): string {
  const money = (amount: number) =>
    escapeHtml(formatMinor(toMinorUnits(amount, quote.currency) ?? 0, quote.currency));
  const rows = quote.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td>${line.quantity}</td><td>${money(line.unit_price)}</td><td>${money(line.total)}</td></tr>`,
    )
    .join('\n');
  const expired = quote.status === 'sent' && !open;
  const status = expired ? 'This quote has expired.' : STATUS_TEXT[quote.status];
  const actions = open
    ? `<form method="post" action="/api/quotes/public/${escapeHtml(token)}/accept" enctype="text/plain"><button type="submit">Accept quote</button></form>
<form method="post" action="/api/quotes/public/${escapeHtml(token)}/decline" enctype="text/plain"><button type="submit">Decline quote</button></form>`
    : '';
  return page(
    `Quote ${quoteLabel(quote)} from ${sellerName}`,
    `<p>${escapeHtml(dealName)} — valid until ${escapeHtml(quote.valid_until)}</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Unit price</th><th scope="col">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>Tax: ${money(quote.totals.tax)}</p>
<p><strong>Total: ${money(quote.totals.amount)}</strong></p>
${quote.terms ? `<h2>Terms</h2><p>${escapeHtml(quote.terms)}</p>` : ''}
<p><a href="/api/quotes/public/${escapeHtml(token)}/pdf">Download the PDF</a></p>
<p role="status">${escapeHtml(status)}</p>
${actions}`,
  );
}

export function invalidQuoteLinkPage(): string {
  return page('Link not valid', '<p>This quote link is not valid or has expired. Nothing was changed.</p>');
}
