import { INSTITUTION_LOGO_MAX_BYTES } from '@tessera/data-access/contracts';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { asBytes, queryTestDatabase, type Session } from '../test/test-app';
import { useTestApi } from '../test/test-fixture';
import { png } from '../test/test-images';
import { quoteLinkExpiry, signQuoteLink } from '../crm/selling/quote-links';
import { createTestInstitution, signInNewMember } from '../test/test-users';

const QUOTE_LINK_SECRET = 'logo-spec-quote-link-secret';

describe('the institution’s logo', () => {
  const {
    api,
    sessions: [outsider],
  } = useTestApi(['owner@globex.test'], { QUOTE_LINK_SECRET });
  let institutionId: string;
  let owner: Session;
  let member: Session;
  const headers = () => ({ 'X-Institution-Id': institutionId });
  const logoPath = () => `/api/institutions/${institutionId}/logo`;
  const stored = () =>
    queryTestDatabase<{ content_type: string; content: Buffer }>(
      'SELECT content_type, content FROM institution_logos WHERE institution_id = $1',
      [institutionId],
    );

  beforeAll(async () => {
    institutionId = await createTestInstitution('logo');
    owner = await signInNewMember(api, institutionId, 'owner', 'logo-owner');
    member = await signInNewMember(api, institutionId, 'member', 'logo-member');
  });

  const blue = png(120, 60, [20, 60, 200]);

  it('is uploaded by an owner, read back byte for byte by members, replaced and removed', async () => {
    await member.agent.get(logoPath()).set(headers()).expect(404);
    const uploaded = await owner.agent
      .put(logoPath())
      .set(headers())
      .attach('file', blue, { filename: 'logo.png', contentType: 'image/png' })
      .expect(200);
    expect(uploaded.body).toEqual({
      content_type: 'image/png',
      size_bytes: blue.length,
      updated_at: expect.any(String),
    });

    const read = await member.agent.get(logoPath()).set(headers()).buffer(true).parse(asBytes).expect(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(read.body as Buffer, blue)).toBe(0);

    // A JPEG replaces it: its start and frame header (80×40, three components) are what the server reads.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x28, 0x00, 0x50, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11,
      0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
    ]);
    const replaced = await owner.agent
      .put(logoPath())
      .set(headers())
      .attach('file', jpeg, { filename: 'logo.jpg', contentType: 'image/jpeg' })
      .expect(200);
    expect(replaced.body.content_type).toBe('image/jpeg');
    const again = await owner.agent.get(logoPath()).set(headers()).buffer(true).parse(asBytes).expect(200);
    expect(again.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(again.body as Buffer, jpeg)).toBe(0);

    await owner.agent.delete(logoPath()).set(headers()).expect(204);
    expect(await stored()).toEqual([]);
    const audit = await owner.agent.get('/api/administration/audit').set(headers()).expect(200);
    expect(audit.body.map((entry: { action: string }) => entry.action).slice(0, 3)).toEqual([
      'logo.removed',
      'logo.changed',
      'logo.changed',
    ]);
    await owner.agent.get(logoPath()).set(headers()).expect(404);
    await owner.agent.delete(logoPath()).set(headers()).expect(404);
  });

  it('refuses what is not a PNG or JPEG, or too large, with a clear message, and keeps the logo it had', async () => {
    await owner.agent
      .put(logoPath())
      .set(headers())
      .attach('file', blue, { filename: 'logo.png', contentType: 'image/png' })
      .expect(200);
    const refusals: Array<[Buffer, string, string, number, string]> = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'logo.svg',
        'image/svg+xml',
        400,
        'The logo must be a PNG or JPEG image',
      ],
      // Declared a PNG, holds text: the bytes decide.
      [
        Buffer.from('not an image at all'),
        'logo.png',
        'image/png',
        400,
        'The logo must be a PNG or JPEG image',
      ],
      // A PNG declared as a GIF: the two disagree.
      [blue, 'logo.gif', 'image/gif', 400, 'The logo must be a PNG or JPEG image'],
      [Buffer.alloc(0), 'empty.png', 'image/png', 400, 'The file is empty'],
      // Starts like a PNG, is none: cut short, or its pixel data damaged.
      [blue.subarray(0, 40), 'cut.png', 'image/png', 400, 'The file is not a readable PNG or JPEG image'],
      [
        Buffer.concat([blue.subarray(0, 33), Buffer.from('garbage that is not a PNG chunk at all')]),
        'broken.png',
        'image/png',
        400,
        'The file is not a readable PNG or JPEG image',
      ],
      [
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9]),
        'frameless.jpg',
        'image/jpeg',
        400,
        'The file is not a readable PNG or JPEG image',
      ],
      [
        Buffer.concat([blue, Buffer.alloc(INSTITUTION_LOGO_MAX_BYTES, 1)]),
        'huge.png',
        'image/png',
        413,
        'File is too large: the limit is 512 KB',
      ],
    ];
    for (const [bytes, filename, contentType, status, message] of refusals) {
      const refused = await owner.agent
        .put(logoPath())
        .set(headers())
        .attach('file', bytes, { filename, contentType })
        .expect(status);
      expect({ filename, message: refused.body.message }).toEqual({ filename, message });
    }
    const [kept] = await stored();
    expect(kept?.content_type).toBe('image/png');
    expect(Buffer.compare(kept?.content as Buffer, blue)).toBe(0);
  });

  it('is changed by owners and admins only, and kept from other institutions', async () => {
    const sneaky = png(10, 10, [255, 0, 0]);
    await member.agent
      .put(logoPath())
      .set(headers())
      .attach('file', sneaky, { filename: 'logo.png', contentType: 'image/png' })
      .expect(403);
    await member.agent.delete(logoPath()).set(headers()).expect(403);
    // Another institution's owner: not a member here (403), nor can its own header reach this one (400).
    const globex = outsider.headers('globex');
    await outsider.agent.get(logoPath()).set(headers()).expect(403);
    await outsider.agent.get(logoPath()).set(globex).expect(400);
    await outsider.agent
      .put(logoPath())
      .set(globex)
      .attach('file', sneaky, { filename: 'logo.png', contentType: 'image/png' })
      .expect(400);
    await outsider.agent.delete(logoPath()).set(globex).expect(400);
    await outsider.agent.delete(logoPath()).set(headers()).expect(403);
    const [kept] = await stored();
    expect(Buffer.compare(kept?.content as Buffer, blue)).toBe(0);
  });

  it('is printed at the top of the institution’s quotes, beside its name', async () => {
    const deal = (
      await owner.agent.post('/api/crm/deals').set(headers()).send({ name: 'Logo deal' }).expect(201)
    ).body;
    await owner.agent
      .post(`/api/crm/deals/${deal.id}/line-items`)
      .set(headers())
      .send({ name: 'Onboarding workshop', quantity: 1, unit_price: 900 })
      .expect(201);
    const quote = (
      await owner.agent.post(`/api/crm/deals/${deal.id}/quotes`).set(headers()).send({}).expect(201)
    ).body;
    const pdfOf = async () =>
      (
        await member.agent
          .get(`/api/crm/quotes/${quote.id}/pdf`)
          .set(headers())
          .buffer(true)
          .parse(asBytes)
          .expect(200)
      ).body as Buffer;

    const withLogo = await pdfOf();
    const parser = new PDFParse({ data: new Uint8Array(withLogo) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain('logo Holdings');
      expect(text).toContain(`Quote ${quote.number}`);
      expect(text).toContain('Onboarding workshop');
      const images = await parser.getImage({ imageThreshold: 0, imageDataUrl: false });
      const drawn = images.pages.flatMap((page) => page.images);
      expect(drawn.map(({ width, height }) => [width, height])).toEqual([[120, 60]]);
    } finally {
      await parser.destroy();
    }

    // The customer's copy, behind the signed link (no session), has it too.
    const token = signQuoteLink(QUOTE_LINK_SECRET, quote.id, quoteLinkExpiry(quote.valid_until));
    const publicPdf = await request(api.url)
      .get(`/api/quotes/public/${token}/pdf`)
      .buffer(true)
      .parse(asBytes)
      .expect(200);
    expect((publicPdf.body as Buffer).includes('/Subtype /Image')).toBe(true);

    await owner.agent.delete(logoPath()).set(headers()).expect(204);
    const without = await pdfOf();
    expect(without.includes('/Subtype /Image')).toBe(false);
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
  });
});
