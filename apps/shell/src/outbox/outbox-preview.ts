/**
 * Viewing a message in the Outbox must not look like its recipient reading it: a campaign message
 * carries an open-tracking image (docs/product/campaigns.md), and loading it here would record an
 * open and fire the contact's "email opened" workflows. The preview document forbids loading
 * anything from the network; inline styles and embedded (data:) images still show.
 */
const NO_NETWORK = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`;

export function outboxPreviewDocument(html: string): string {
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.replace(head[0], `${head[0]}${NO_NETWORK}`);
  const root = /<html[^>]*>/i.exec(html);
  if (root) return html.replace(root[0], `${root[0]}<head>${NO_NETWORK}</head>`);
  return `<head>${NO_NETWORK}</head>${html}`;
}
