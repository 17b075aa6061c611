import { attachmentDisposition, servedContentType } from './safe-download';

describe('safe downloads', () => {
  it('serves allowed types as themselves and everything else as octet-stream', () => {
    expect(servedContentType('application/pdf')).toBe('application/pdf');
    expect(servedContentType('IMAGE/PNG')).toBe('image/png');
    expect(servedContentType('text/plain; charset=latin1')).toBe('text/plain; charset=utf-8');
    expect(servedContentType('text/csv')).toBe('text/csv; charset=utf-8');
    for (const hostile of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/javascript',
      '',
      null,
    ]) {
      expect(servedContentType(hostile)).toBe('application/octet-stream');
    }
  });

  it('names the attachment safely in ASCII and exactly in UTF-8', () => {
    expect(attachmentDisposition('report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(attachmentDisposition('Angebot "final" für Müller.pdf')).toBe(
      `attachment; filename="Angebot _final_ f_r M_ller.pdf"; filename*=UTF-8''Angebot%20%22final%22%20f%C3%BCr%20M%C3%BCller.pdf`,
    );
    expect(attachmentDisposition("it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});
