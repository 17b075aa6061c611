/** The institution's logo (GET/PUT/DELETE /api/institutions/:id/logo), printed on its quotes. */

/** 512 KB: a logo is printed small; the server refuses more (and a CHECK on the table), the screen checks first. */
export const INSTITUTION_LOGO_MAX_BYTES = 512 * 1024;

/** The formats a PDF can embed as they are: anything else is refused. */
export const INSTITUTION_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type InstitutionLogoType = (typeof INSTITUTION_LOGO_TYPES)[number];

/** The stored logo, without its bytes (those come from GET …/logo). */
export interface InstitutionLogo {
  content_type: InstitutionLogoType;
  size_bytes: number;
  updated_at: string;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length > signature.length && signature.every((byte, index) => bytes[index] === byte);

/**
 * What the bytes are, from their signature: the declared type is the sender's word only, and a
 * file named logo.png holding anything else must not reach the PDF renderer.
 */
export function logoTypeOf(bytes: Uint8Array): InstitutionLogoType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

const LIMIT_IN_WORDS = `${INSTITUTION_LOGO_MAX_BYTES / 1024} KB`;

export const INSTITUTION_LOGO_LIMIT_TEXT = `PNG or JPEG, at most ${LIMIT_IN_WORDS}`;

/** Said by the screen and by the server when a logo is over the limit. */
export const INSTITUTION_LOGO_TOO_LARGE = `The logo is too large: the limit is ${LIMIT_IN_WORDS}`;

/** The screen's check before sending (the server checks the bytes again): a message, or null when it may go. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(INSTITUTION_LOGO_TYPES as readonly string[]).includes(file.type))
    return 'The logo must be a PNG or JPEG image';
  if (file.size > INSTITUTION_LOGO_MAX_BYTES) return INSTITUTION_LOGO_TOO_LARGE;
  if (file.size === 0) return 'The file is empty';
  return null;
}
