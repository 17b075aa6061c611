/**
 * What an uploaded file may be served as. Anything else — HTML, SVG, XML, scripts — goes out as
 * application/octet-stream, so a file someone uploaded never runs as a page of this origin.
 */
export const SERVABLE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/** The Content-Type a stored file is served with: its own if allowed, else octet-stream. */
export function servedContentType(declared: string | null | undefined): string {
  const type = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!SERVABLE_CONTENT_TYPES.has(type)) return 'application/octet-stream';
  return TEXT_TYPES.has(type) ? `${type}; charset=utf-8` : type;
}

/**
 * `attachment` with the name twice: a plain-ASCII `filename` every client understands (quotes,
 * backslashes and anything outside printable ASCII replaced) and the exact UTF-8 `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Headers that keep a downloaded file inert even if a browser is asked to render it. */
export const DOWNLOAD_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': 'sandbox',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
};
