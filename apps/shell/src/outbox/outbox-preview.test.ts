import { outboxPreviewDocument } from './outbox-preview';

const POLICY = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`;

describe('the Outbox preview of a message', () => {
  it('forbids network loads (a tracking image) in the head of the message', () => {
    expect(
      outboxPreviewDocument('<!doctype html><html><body><img src="https://t.example/o.gif"></body></html>'),
    ).toBe(
      `<!doctype html><html><head>${POLICY}</head><body><img src="https://t.example/o.gif"></body></html>`,
    );
    expect(outboxPreviewDocument('<html lang="en"><head><title>x</title></head><body></body></html>')).toBe(
      `<html lang="en"><head>${POLICY}<title>x</title></head><body></body></html>`,
    );
    expect(outboxPreviewDocument('<p>Hello</p>')).toBe(`<head>${POLICY}</head><p>Hello</p>`);
  });
});
