import { formatMinor, type Quote, quoteLabel, toMinorUnits } from '@tessera/data-access/contracts';
import PDFDocument from 'pdfkit';

export interface QuoteDocument {
  quote: Quote;
  /** Who the quote is from: the institution, or the person for a personal deal. */
  sellerName: string;
  /** The institution's logo (PNG or JPEG, checked on upload), printed beside its name; none for personal deals. */
  sellerLogo?: Buffer | null;
  dealName: string;
}

const money = (amount: number, currency: string): string =>
  formatMinor(toMinorUnits(amount, currency) ?? 0, currency);

/** Points: the square the logo is fitted into. */
const LOGO_BOX = 60;

/**
 * The logo in a fixed box at the top left, whatever the image's proportions. Logos are checked on
 * upload; one pdfkit still cannot read leaves the name alone rather than no quote at all.
 */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer, top: number): boolean {
  try {
    doc.image(logo, 50, top, { fit: [LOGO_BOX, LOGO_BOX], valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

const RECURRENCE_SUFFIX = { one_time: '', monthly: ' / month', yearly: ' / year' } as const;

/**
 * A quote as a PDF (pdfkit, docs/adr/0019-products-and-quotes.md): the seller, the number and
 * validity, one row per line with its amounts as stored, the totals, and the terms. Built from the
 * quote's own copy of its lines, so the same quote always prints the same figures.
 */
export function renderQuotePdf({ quote, sellerName, sellerLogo, dealName }: QuoteDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Quote ${quoteLabel(quote)}`, Author: sellerName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const top = doc.y;
  if (sellerLogo && drawLogo(doc, sellerLogo, top)) {
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .text(sellerName, 50 + LOGO_BOX + 12, top + LOGO_BOX / 2 - 12, { width: 495 - LOGO_BOX - 12 });
    doc.x = 50;
    doc.y = Math.max(doc.y, top + LOGO_BOX);
  } else {
    doc.font('Helvetica-Bold').fontSize(20).text(sellerName);
  }
  doc.moveDown(0.5);
  doc
    .font('Helvetica')
    .fontSize(12)
    .text(`Quote ${quoteLabel(quote)}`);
  doc.text(`For: ${dealName}`);
  doc.text(`Date: ${quote.created_at.slice(0, 10)}`);
  doc.text(`Valid until: ${quote.valid_until}`);
  doc.moveDown();

  const columns = [50, 270, 330, 400, 460];
  const header = ['Item', 'Qty', 'Unit price', 'Disc. / Tax', 'Total'];
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10);
  for (const [index, title] of header.entries())
    doc.text(title, columns[index] as number, y, { width: index === 0 ? 210 : 80 });
  doc.font('Helvetica');
  y = doc.y + 6;
  for (const line of quote.lines) {
    if (y > 740) {
      doc.addPage();
      y = 50;
    }
    const discount =
      line.discount_amount !== null
        ? `-${money(line.discount_amount, quote.currency)}`
        : line.discount_percent
          ? `-${line.discount_percent}%`
          : '';
    const tax = line.tax_percent ? `+${line.tax_percent}%` : '';
    const cells = [
      `${line.name}${RECURRENCE_SUFFIX[line.recurrence]}`,
      String(line.quantity),
      money(line.unit_price, quote.currency),
      [discount, tax].filter(Boolean).join(' ') || '-',
      money(line.total, quote.currency),
    ];
    let bottom = y;
    cells.forEach((cell, index) => {
      doc.text(cell, columns[index] as number, y, { width: index === 0 ? 210 : 80 });
      bottom = Math.max(bottom, doc.y);
    });
    y = bottom + 4;
  }

  doc.moveDown();
  doc.x = 50;
  const totals: Array<[string, number]> = [
    ['Net', quote.totals.net],
    ['Tax', quote.totals.tax],
    ['Total', quote.totals.amount],
  ];
  if (quote.totals.monthly) totals.push(['of which monthly', quote.totals.monthly]);
  if (quote.totals.yearly) totals.push(['of which yearly', quote.totals.yearly]);
  for (const [label, amount] of totals)
    doc
      .font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica')
      .text(`${label}: ${money(amount, quote.currency)}`, 50, doc.y, { align: 'right' });
  if (quote.terms) {
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Terms', 50);
    doc.font('Helvetica').text(quote.terms, 50);
  }
  doc.end();
  return done;
}
