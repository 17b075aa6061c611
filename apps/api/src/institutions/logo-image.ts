import { inflateSync } from 'node:zlib';
import type { InstitutionLogoType } from '@tessera/data-access/contracts';

/*
 * Whether stored bytes are an image the quote PDF can draw. The signature (logoTypeOf) says what a
 * file claims to be; this reads its structure the way pdfkit will, so a file that merely starts
 * like a PNG or a JPEG is refused at upload instead of breaking every quote afterwards. pdfkit
 * decodes some PNGs (those with transparency) in a callback where an error cannot be caught, which
 * is why the pixel data is inflated and its rows checked here.
 */

/** Wider or taller than this is no logo, and bounds what the pixel data may inflate to. */
export const LOGO_MAX_SIDE = 4096;

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function readablePng(bytes: Buffer): boolean {
  let offset = 8;
  let header: Buffer | null = null;
  let palette = false;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= bytes.length && !ended) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return false;
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') header = body;
    else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') ended = true;
    offset = end;
  }
  if (header?.length !== 13 || !ended || data.length === 0) return false;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth, colour, compression, filter, interlace] = header.subarray(8);
  const channels = PNG_CHANNELS[colour as number];
  if (!channels || !PNG_DEPTHS[colour as number]?.includes(depth as number)) return false;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return false;
  if (colour === 3 && !palette) return false;
  if (width < 1 || height < 1 || width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) return false;
  const rowBytes = Math.ceil((width * channels * (depth as number)) / 8);
  const expected = height * (rowBytes + 1);
  let pixels: Buffer;
  try {
    // Interlaced images hold a little more than the plain rows (seven passes, a filter byte each).
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected * 2 + 1024 });
  } catch {
    return false;
  }
  if (interlace === 1) return pixels.length >= expected / 2;
  if (pixels.length < expected) return false;
  for (let row = 0; row < height; row++) if ((pixels[row * (rowBytes + 1)] as number) > 4) return false;
  return true;
}

/** Start-of-frame markers (baseline, extended, progressive…) that carry the image's size. */
const JPEG_FRAMES = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readableJpeg(bytes: Buffer): boolean {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    if (JPEG_FRAMES.has(marker)) {
      if (length < 8) return false;
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      const components = bytes[offset + 9] as number;
      return (
        width >= 1 &&
        height >= 1 &&
        width <= LOGO_MAX_SIDE &&
        height <= LOGO_MAX_SIDE &&
        [1, 3, 4].includes(components)
      );
    }
    if (marker === 0xda || marker === 0xd9) return false;
    offset += 2 + length;
  }
  return false;
}

/** True when `bytes`, already known by their signature to be `type`, are a whole image of that type. */
export function isReadableLogo(bytes: Buffer, type: InstitutionLogoType): boolean {
  return type === 'image/png' ? readablePng(bytes) : readableJpeg(bytes);
}
