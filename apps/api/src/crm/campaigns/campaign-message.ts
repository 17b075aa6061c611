import { type CrmMailPerson, escapeHtml, renderCampaignMessage } from '@tessera/data-access/contracts';

/** The tracked links of one recipient's message. */
export interface RecipientLinks {
  openPixel: string;
  unsubscribe: string;
  /** The tracked redirect to a link of the message. */
  click: (url: string) => string;
}

export interface CampaignMessage {
  subject: string;
  text: string;
  html: string;
}

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => HTML_ENTITIES[entity] ?? entity);
}

/** Why the recipient gets this, in the footer of both parts. */
export function footerText(sender: string | null): string {
  return sender
    ? `You receive this e-mail as a contact of ${sender}.`
    : 'You receive this e-mail as a contact of the sender.';
}

/**
 * One recipient's campaign message: merge fields filled; the text part keeps the plain links and
 * ends with the unsubscribe link; the HTML part (the product's one mail shape, textToMailHtml)
 * sends its links through click redirects and carries the open pixel and the unsubscribe link.
 */
export function campaignMessage(
  template: { subject: string; body: string },
  person: CrmMailPerson,
  links: RecipientLinks,
  sender: string | null,
): CampaignMessage {
  // The editor's live preview renders the same way (contracts), so what it shows is what is sent.
  const rendered = renderCampaignMessage(template, person);
  const subject = rendered.subject;
  const footer = footerText(sender);
  const text = `${rendered.text}\n\n--\n${footer}\nUnsubscribe: ${links.unsubscribe}\n`;
  const tracked = rendered.html.replace(
    /<a href="([^"]*)">/g,
    (_match, href: string) => `<a href="${escapeHtml(links.click(unescapeHtml(href)))}">`,
  );
  const closing = [
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(footer)} <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
    `<img src="${escapeHtml(links.openPixel)}" width="1" height="1" alt="" style="display:block;border:0">`,
  ].join('');
  const html = tracked.replace(/<\/body>/, `${closing}</body>`);
  return { subject, text, html };
}
