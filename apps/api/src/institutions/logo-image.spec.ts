import PDFDocument from 'pdfkit';
import { png } from '../test/test-images';
import { isReadableLogo, LOGO_MAX_SIDE } from './logo-image';

/** Draws the image into a PDF as the quote does: resolves with the PDF, or rejects. */
function drawn(image: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.image(image, 50, 50, { fit: [60, 60] });
    doc.end();
  });
}

describe('isReadableLogo', () => {
  it('accepts whole PNGs, with or without transparency, and pdfkit draws them', async () => {
    for (const image of [png(30, 20, [1, 2, 3]), png(20, 30, [9, 9, 9], { alpha: true })]) {
      expect(isReadableLogo(image, 'image/png')).toBe(true);
      expect((await drawn(image)).includes('/Subtype /Image')).toBe(true);
    }
  });

  it('refuses PNGs that are cut short, damaged or too large', () => {
    const whole = png(30, 20, [1, 2, 3]);
    expect(isReadableLogo(whole.subarray(0, whole.length - 12), 'image/png')).toBe(false);
    expect(isReadableLogo(png(30, 20, [1, 2, 3], { alpha: true, filter: 9 }), 'image/png')).toBe(false);
    const corrupt = Buffer.from(whole);
    corrupt.fill(0x55, 41, 50);
    expect(isReadableLogo(corrupt, 'image/png')).toBe(false);
    expect(isReadableLogo(png(LOGO_MAX_SIDE + 1, 1, [0, 0, 0]), 'image/png')).toBe(false);
  });

  it('finds a JPEG’s frame header, and refuses one without', () => {
    const frame = [
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x28, 0x00, 0x50, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ];
    const app0 = [0xff, 0xe0, 0x00, 0x06, 0x4a, 0x46, 0x49, 0x46];
    expect(isReadableLogo(Buffer.from([0xff, 0xd8, ...app0, ...frame, 0xff, 0xd9]), 'image/jpeg')).toBe(true);
    expect(isReadableLogo(Buffer.from([0xff, 0xd8, ...app0, 0xff, 0xd9]), 'image/jpeg')).toBe(false);
    const noComponents = [...frame];
    noComponents[9] = 2;
    expect(isReadableLogo(Buffer.from([0xff, 0xd8, ...noComponents]), 'image/jpeg')).toBe(false);
  });
});
