import { escapeHtml } from '@tessera/data-access/contracts';

/**
 * A page the API serves to someone who followed a link from an e-mail (unsubscribe, a quote): plain
 * HTML, no script and no style, so it works in any mail client's browser and under a strict
 * Content-Security-Policy.
 */
export function plainHtmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}
