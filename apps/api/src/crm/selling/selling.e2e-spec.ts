import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import {
  asBytes,
  createTestApp,
  queryTestDatabase,
  type Session,
  signIn,
  type TestApp,
} from '../../test/test-app';
import { eventually, startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp';
import { createTestInstitution, signInNewMember } from '../../test/test-users';
import { startWebhookReceiver, type TestWebhookReceiver } from '../../test/test-webhook-receiver';
import { signQuoteLink } from './quote-links';

const QUOTE_LINK_SECRET = 'selling-spec-quote-link-secret';

async function pdfText(content: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(content) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('Products, line items and quotes', () => {
  let smtp: TestSmtpServer;
  let receiver: TestWebhookReceiver;
  let api: TestApp;
  let demo: Session;
  let globex: Session;
  const acme = () => demo.headers('acme');

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    receiver = await startWebhookReceiver();
    api = await createTestApp({
      SMTP_URL: smtp.url,
      QUOTE_LINK_SECRET,
      MAIL_RETRY_DELAY_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE: '1',
    });
    demo = await signIn(api, 'demo@acme.test');
    globex = await signIn(api, 'owner@globex.test');
  });
  afterEach(() => {
    const violations = api.takeResponseViolations();
    expect(violations).toEqual([]);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
    await receiver.close();
  });

  const newDeal = async (body: Record<string, unknown> = {}) =>
    (
      await demo.agent
        .post('/api/crm/deals')
        .set(acme())
        .send({ name: 'Selling deal', amount: 500, ...body })
        .expect(201)
    ).body as { id: string; amount: number; version: number };
  const newProduct = async (body: Record<string, unknown>) =>
    (await demo.agent.post('/api/crm/products').set(acme()).send(body).expect(201)).body as { id: string };

  describe('products', () => {
    it('keeps a catalogue per institution: create, search, deactivate', async () => {
      const created = await demo.agent
        .post('/api/crm/products')
        .set(acme())
        .send({
          name: 'Onboarding workshop',
          code: 'WS-ONB',
          unit: 'day',
          prices: [
            { currency: 'USD', unit_price: 1200.5 },
            { currency: 'EUR', unit_price: 1100 },
          ],
          tax_percent: 20,
        })
        .expect(201);
      expect(created.body).toEqual(
        expect.objectContaining({
          name: 'Onboarding workshop',
          code: 'WS-ONB',
          prices: [
            { currency: 'EUR', unit_price: 1100 },
            { currency: 'USD', unit_price: 1200.5 },
          ],
          tax_percent: 20,
          recurrence: 'one_time',
          active: true,
          org_id: demo.institutions.acme,
        }),
      );
      const [stored] = await queryTestDatabase<{ prices: unknown }>(
        'SELECT prices FROM crm_products WHERE id = $1',
        [created.body.id],
      );
      expect(stored?.prices).toEqual({ USD: 120050, EUR: 110000 });

      const found = await demo.agent.get('/api/crm/products?q=ws-onb').set(acme()).expect(200);
      expect(found.body.rows.map((row: { id: string }) => row.id)).toEqual([created.body.id]);
      const patched = await demo.agent
        .patch(`/api/crm/products/${created.body.id}`)
        .set(acme())
        .send({ active: false })
        .expect(200);
      expect(patched.body.active).toBe(false);
      const active = await demo.agent
        .get('/api/crm/products?active=true&q=onboarding')
        .set(acme())
        .expect(200);
      expect(active.body.rows).toEqual([]);
      await demo.agent
        .post('/api/crm/products')
        .set(acme())
        .send({ name: 'Copy', code: 'ws-onb' })
        .expect(409);
      // Another institution neither sees nor changes it.
      await globex.agent
        .get(`/api/crm/products/${created.body.id}`)
        .set(globex.headers('globex'))
        .expect(404);
      await globex.agent
        .patch(`/api/crm/products/${created.body.id}`)
        .set(globex.headers('globex'))
        .send({ name: 'Mine now' })
        .expect(404);
      const theirs = await globex.agent
        .get('/api/crm/products?q=onboarding')
        .set(globex.headers('globex'))
        .expect(200);
      expect(theirs.body.rows).toEqual([]);
      const csv = await demo.agent.get('/api/crm/products/export.csv').set(acme()).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...lines] = csv.text.trimEnd().split('\r\n');
      expect(header).toMatch(/^Name,Code,Unit,Description,Tax %,Billing,Active,.*Price EUR.*Price USD/);
      expect(lines).toContainEqual(expect.stringMatching(/^Onboarding workshop,WS-ONB,day,,20,one_time,no,/));
      const theirCsv = await globex.agent
        .get('/api/crm/products/export.csv')
        .set(globex.headers('globex'))
        .expect(200);
      expect(theirCsv.text).not.toContain('Onboarding workshop');
    });

    it('answers 400 per field to a bad product and writes nothing', async () => {
      const refused = await demo.agent
        .post('/api/crm/products')
        .set(acme())
        .send({
          name: ' ',
          prices: [{ currency: 'usd', unit_price: -1 }],
          tax_percent: 101,
          recurrence: 'weekly',
        })
        .expect(400);
      expect(Object.keys(refused.body.errors).sort()).toEqual([
        'name',
        'prices.0.currency',
        'prices.0.unit_price',
        'recurrence',
        'tax_percent',
      ]);
      const inexact = await demo.agent
        .post('/api/crm/products')
        .set(acme())
        .send({ name: 'Yen thing', prices: [{ currency: 'JPY', unit_price: 10.5 }] })
        .expect(400);
      expect(inexact.body.errors.prices).toEqual(['unit_price 10.5 has more decimals than JPY has']);
      const product = await newProduct({ name: 'Patch target', tax_percent: 5 });
      const nulls = await demo.agent
        .patch(`/api/crm/products/${product.id}`)
        .set(acme())
        .send({ name: null, prices: null, active: null, tax_percent: null })
        .expect(400);
      expect(Object.keys(nulls.body.errors).sort()).toEqual(['active', 'name', 'prices']);
      const rows = await queryTestDatabase("SELECT 1 FROM crm_products WHERE name = 'Yen thing'");
      expect(rows).toEqual([]);
    });
  });

  describe('line items', () => {
    it('derives the deal’s amount from its lines (hand-computed), in every deal answer', async () => {
      const deal = await newDeal();
      const licence = await newProduct({
        name: 'Licence',
        prices: [{ currency: 'USD', unit_price: 19.99 }],
        tax_percent: 20,
      });
      const support = await newProduct({
        name: 'Support',
        prices: [{ currency: 'USD', unit_price: 49 }],
        recurrence: 'monthly',
      });
      // 3 × 19.99 = 59.97; −10 % = 6.00 (5.997 half-up); net 53.97; +20 % = 10.79 (10.794); total 64.76
      const first = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ product_id: licence.id, quantity: 3, discount_percent: 10 })
        .expect(201);
      expect(first.body.items[0]).toEqual(
        expect.objectContaining({
          name: 'Licence',
          unit_price: 19.99,
          gross: 59.97,
          discount: 6,
          net: 53.97,
          tax: 10.79,
          total: 64.76,
        }),
      );
      // 2 × 49.00 monthly, no tax: 98.00 of recurring revenue
      await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ product_id: support.id, quantity: 2 })
        .expect(201);
      // a free line: 1.5 × 0.03 = 0.045 → 0.05
      const third = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ name: 'Rounding check', quantity: 1.5, unit_price: 0.03 })
        .expect(201);
      expect(third.body.totals).toEqual({
        amount: 162.81,
        net: 152.02,
        tax: 10.79,
        one_time: 64.81,
        monthly: 98,
        yearly: 0,
      });
      const read = await demo.agent.get(`/api/crm/deals/${deal.id}`).set(acme()).expect(200);
      expect(read.body.amount).toBe(162.81);
      const listed = await demo.agent.get('/api/crm/deals?limit=10').set(acme()).expect(200);
      expect(listed.body.find((row: { id: string }) => row.id === deal.id).amount).toBe(162.81);

      // A typed amount is refused while the deal has lines.
      const typed = await demo.agent
        .patch(`/api/crm/deals/${deal.id}`)
        .set(acme())
        .send({ amount: 10 })
        .expect(400);
      expect(Object.keys(typed.body.errors)).toEqual(['amount']);

      // Changing a line changes the amount: quantity 3 → 1: 19.99 − 2.00 (1.999) = 17.99; +3.60 (3.598) = 21.59
      const lineId = first.body.items[0].id;
      const changed = await demo.agent
        .patch(`/api/crm/deals/${deal.id}/line-items/${lineId}`)
        .set(acme())
        .send({ quantity: 1 })
        .expect(200);
      expect(changed.body.items[0]).toEqual(expect.objectContaining({ net: 17.99, tax: 3.6, total: 21.59 }));
      expect(changed.body.totals.amount).toBe(119.64);

      // With no lines left the deal keeps its last amount, and it may be typed again.
      for (const item of changed.body.items)
        await demo.agent.delete(`/api/crm/deals/${deal.id}/line-items/${item.id}`).set(acme()).expect(200);
      await demo.agent.patch(`/api/crm/deals/${deal.id}`).set(acme()).send({ amount: 700 }).expect(200);
    });

    it('tells webhooks the deal changed when its lines change its amount', async () => {
      const institutionId = await createTestInstitution('selling-hooks');
      const owner = await signInNewMember(api, institutionId, 'owner', 'selling-hooks-owner');
      const headers = { 'X-Institution-Id': institutionId };
      await owner.agent
        .post('/api/administration/webhooks')
        .set(headers)
        .send({ url: `${receiver.url}/selling`, events: ['deal.updated'] })
        .expect(201);
      const deal = (
        await owner.agent.post('/api/crm/deals').set(headers).send({ name: 'Hooked' }).expect(201)
      ).body;
      await owner.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(headers)
        .send({ name: 'Seats', quantity: 4, unit_price: 12.5 })
        .expect(201);
      await eventually(async () => receiver.received('/selling').length >= 1, 30_000);
      const event = JSON.parse(receiver.received('/selling')[0]?.body ?? '{}');
      expect(event).toEqual(
        expect.objectContaining({
          type: 'deal.updated',
          data: expect.objectContaining({ id: deal.id, amount: 50 }),
        }),
      );
    });

    it('works in the deal’s currency: yen have no minor unit', async () => {
      const deal = await newDeal({ currency: 'JPY', amount: 0 });
      // 2 × ¥1,234 = 2,468; 8 % = 197.44 → 197; total 2,665
      const answer = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ name: 'Yen line', quantity: 2, unit_price: 1234, tax_percent: 8 })
        .expect(201);
      expect(answer.body.totals.amount).toBe(2665);
      const refused = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ name: 'Half a yen', quantity: 1, unit_price: 0.5 })
        .expect(400);
      expect(refused.body.errors.unit_price).toEqual(['unit_price must have at most 0 decimals in JPY']);
      const product = await newProduct({ name: 'Dollar only', prices: [{ currency: 'USD', unit_price: 5 }] });
      const unpriced = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ product_id: product.id, quantity: 1 })
        .expect(400);
      expect(unpriced.body.errors.unit_price).toEqual(['The product has no price in JPY: give unit_price']);
    });

    it('answers 400 per field to bad lines and 404 across institutions, changing nothing', async () => {
      const deal = await newDeal();
      const bad = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({
          quantity: 1.2345,
          unit_price: -3,
          discount_percent: 120,
          tax_percent: 'x',
          product_id: 'nope',
        })
        .expect(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        'discount_percent',
        'product_id',
        'quantity',
        'tax_percent',
        'unit_price',
      ]);
      const free = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ quantity: 1 })
        .expect(400);
      expect(Object.keys(free.body.errors).sort()).toEqual(['name', 'unit_price']);
      const both = await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ name: 'Both', quantity: 1, unit_price: 10, discount_percent: 5, discount_amount: 1 })
        .expect(400);
      expect(both.body.errors.discount_percent).toEqual([
        'A line has a discount percent or a discount amount, not both',
      ]);
      // Another institution's deal and product are not found.
      const theirDeal = (
        await globex.agent
          .post('/api/crm/deals')
          .set(globex.headers('globex'))
          .send({ name: 'Theirs' })
          .expect(201)
      ).body;
      await demo.agent
        .post(`/api/crm/deals/${theirDeal.id}/line-items`)
        .set(acme())
        .send({ name: 'Sneaky', quantity: 1, unit_price: 1 })
        .expect(404);
      const theirProduct = (
        await globex.agent
          .post('/api/crm/products')
          .set(globex.headers('globex'))
          .send({ name: 'Their product', prices: [{ currency: 'USD', unit_price: 1 }] })
          .expect(201)
      ).body;
      await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ product_id: theirProduct.id, quantity: 1 })
        .expect(404);
      const lines = await queryTestDatabase('SELECT 1 FROM crm_deal_line_items WHERE deal_id = ANY($1)', [
        [deal.id, theirDeal.id],
      ]);
      expect(lines).toEqual([]);
      const [row] = await queryTestDatabase<{ amount: string }>(
        'SELECT amount FROM crm_deals WHERE id = $1',
        [deal.id],
      );
      expect(row?.amount).toBe('500.00');
    });
  });

  it('lets a viewer read but not change, and keeps personal deals’ lines and quotes personal', async () => {
    const viewer = await signIn(api, 'viewer@acme.test');
    await viewer.agent.get('/api/crm/products').set(viewer.headers('acme')).expect(200);
    await viewer.agent
      .post('/api/crm/products')
      .set(viewer.headers('acme'))
      .send({ name: 'Nope' })
      .expect(403);
    const deal = await newDeal();
    await viewer.agent.get(`/api/crm/deals/${deal.id}/line-items`).set(viewer.headers('acme')).expect(200);
    await viewer.agent
      .post(`/api/crm/deals/${deal.id}/line-items`)
      .set(viewer.headers('acme'))
      .send({ name: 'Nope', quantity: 1, unit_price: 1 })
      .expect(403);

    // No institution: the caller's own deal, numbered on the caller's own counter.
    const mine = (await demo.agent.post('/api/crm/deals').send({ name: 'Personal sale' }).expect(201)).body;
    await demo.agent
      .post(`/api/crm/deals/${mine.id}/line-items`)
      .send({ name: 'Consulting', quantity: 1.5, unit_price: 200 })
      .expect(201);
    const quote = await demo.agent.post(`/api/crm/deals/${mine.id}/quotes`).send({}).expect(201);
    expect(quote.body.number).toBe(`Q-${new Date().getUTCFullYear()}-0001`);
    expect(quote.body.totals.amount).toBe(300);
    await demo.agent.get(`/api/crm/quotes/${quote.body.id}`).set(acme()).expect(404);
    const [row] = await queryTestDatabase<{ org_id: string | null }>(
      'SELECT org_id FROM crm_quotes WHERE id = $1',
      [quote.body.id],
    );
    expect(row?.org_id).toBeNull();
  });

  describe('quotes', () => {
    async function dealWithLines(): Promise<{ id: string }> {
      const deal = await newDeal({ name: 'Quoted deal' });
      await demo.agent
        .post(`/api/crm/deals/${deal.id}/line-items`)
        .set(acme())
        .send({ name: 'Implementation', quantity: 2, unit_price: 1500, tax_percent: 10 })
        .expect(201);
      return deal;
    }

    it('numbers quotes per institution: 20 created at once get 20 distinct numbers', async () => {
      const deal = await dealWithLines();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          demo.agent.post(`/api/crm/deals/${deal.id}/quotes`).set(acme()).send({}),
        ),
      );
      for (const answer of answers) expect(answer.status).toBe(201);
      const numbers = answers.map((answer) => answer.body.number as string);
      expect(new Set(numbers).size).toBe(20);
      const year = new Date().getUTCFullYear();
      for (const number of numbers) expect(number).toMatch(new RegExp(`^Q-${year}-\\d{4}$`));
      const sequences = numbers.map((number) => Number(number.slice(-4))).sort((a, b) => a - b);
      expect((sequences.at(-1) as number) - (sequences[0] as number)).toBe(19);
      // Another institution counts from its own start.
      const theirDeal = (
        await globex.agent
          .post('/api/crm/deals')
          .set(globex.headers('globex'))
          .send({ name: 'Theirs' })
          .expect(201)
      ).body;
      await globex.agent
        .post(`/api/crm/deals/${theirDeal.id}/line-items`)
        .set(globex.headers('globex'))
        .send({ name: 'x', quantity: 1, unit_price: 1 })
        .expect(201);
      const theirs = await globex.agent
        .post(`/api/crm/deals/${theirDeal.id}/quotes`)
        .set(globex.headers('globex'))
        .send({})
        .expect(201);
      expect(theirs.body.number).toBe(`Q-${year}-0001`);
      await globex.agent
        .get(`/api/crm/quotes/${answers[0]?.body.id}`)
        .set(globex.headers('globex'))
        .expect(404);
      await globex.agent
        .get(`/api/crm/quotes/${answers[0]?.body.id}/pdf`)
        .set(globex.headers('globex'))
        .expect(404);
    });

    it('refuses a quote for a deal without lines', async () => {
      const deal = await newDeal();
      const refused = await demo.agent
        .post(`/api/crm/deals/${deal.id}/quotes`)
        .set(acme())
        .send({})
        .expect(400);
      expect(Object.keys(refused.body.errors)).toEqual(['lines']);
      const bad = await demo.agent
        .post(`/api/crm/deals/${deal.id}/quotes`)
        .set(acme())
        .send({ valid_until: 'soon', win_on_accept: 'yes' })
        .expect(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['valid_until', 'win_on_accept']);
    });

    it('prints a PDF, sends it as an attachment, revises a sent quote, and takes the customer’s answer', async () => {
      const deal = await dealWithLines();
      const created = await demo.agent
        .post(`/api/crm/deals/${deal.id}/quotes`)
        .set(acme())
        .send({ valid_until: '2099-12-31', terms: 'Payment within 30 days.', win_on_accept: true })
        .expect(201);
      expect(created.body).toEqual(
        expect.objectContaining({
          status: 'draft',
          revision: 1,
          currency: 'USD',
          valid_until: '2099-12-31',
          totals: expect.objectContaining({ amount: 3300, net: 3000, tax: 300 }),
        }),
      );
      const quoteId = created.body.id as string;
      const number = created.body.number as string;

      const pdf = await demo.agent
        .get(`/api/crm/quotes/${quoteId}/pdf`)
        .set(acme())
        .buffer(true)
        .parse(asBytes)
        .expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.body as Buffer);
      const [institution] = await queryTestDatabase<{ name: string }>(
        'SELECT name FROM institutions WHERE id = $1',
        [demo.institutions.acme],
      );
      expect(text).toContain(institution?.name as string);
      expect(text).toContain(`Quote ${number}`);
      expect(text).toContain('Implementation');
      expect(text).toContain('$3,300.00');
      expect(text).toContain('Payment within 30 days.');

      const sent = await demo.agent
        .post(`/api/crm/quotes/${quoteId}/send`)
        .set(acme())
        .send({ to: 'buyer@customer.test' })
        .expect(200);
      expect(sent.body).toEqual(
        expect.objectContaining({ status: 'sent', recipient_email: 'buyer@customer.test' }),
      );
      const [mail] = await smtp.waitFor(1);
      expect(mail?.subject).toBe(`Quote ${number} from ${institution?.name}`);
      expect(mail?.attachments).toHaveLength(1);
      expect(mail?.attachments[0]?.contentType).toBe('application/pdf');
      expect(await pdfText(mail?.attachments[0]?.content as Buffer)).toContain('Implementation');
      const link = /(http\S+\/api\/quotes\/public\/(\S+))/.exec(mail?.text ?? '');
      expect(link).not.toBeNull();
      const token = link?.[2] as string;

      // Sent is immutable: sending again is refused; a change makes revision 2 under the same number.
      await demo.agent
        .post(`/api/crm/quotes/${quoteId}/send`)
        .set(acme())
        .send({ to: 'x@y.test' })
        .expect(409);
      const revised = await demo.agent
        .patch(`/api/crm/quotes/${quoteId}`)
        .set(acme())
        .send({ terms: 'Payment within 15 days.' })
        .expect(200);
      expect(revised.body).toEqual(
        expect.objectContaining({ number, revision: 2, status: 'draft', terms: 'Payment within 15 days.' }),
      );
      const original = await demo.agent.get(`/api/crm/quotes/${quoteId}`).set(acme()).expect(200);
      expect(original.body).toEqual(
        expect.objectContaining({ status: 'superseded', terms: 'Payment within 30 days.' }),
      );
      // The superseded quote's link no longer takes an answer.
      const stale = await request(api.url).get(`/api/quotes/public/${token}`).expect(200);
      expect(stale.text).toContain('replaced by a newer revision');
      expect(stale.text).not.toContain('Accept quote');

      // Send revision 2 and answer it from the public page, without a session.
      await demo.agent
        .post(`/api/crm/quotes/${revised.body.id}/send`)
        .set(acme())
        .send({ to: 'buyer@customer.test' })
        .expect(200);
      const [, second] = await smtp.waitFor(2);
      const secondToken = /\/api\/quotes\/public\/(\S+)/.exec(second?.text ?? '')?.[1] as string;
      const shown = await request(api.url).get(`/api/quotes/public/${secondToken}`).expect(200);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.text).toContain(`Quote ${number} rev. 2`);
      expect(shown.text).toContain('Accept quote');

      // A changed signature, a changed expiry, and an expired link are all refused, and change nothing.
      const [id, expires, signature] = secondToken.split('.') as [string, string, string];
      const tampered = `${id}.${expires}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      await request(api.url).post(`/api/quotes/public/${tampered}/accept`).expect(404);
      await request(api.url)
        .post(`/api/quotes/public/${id}.${Number(expires) + 1}.${signature}/accept`)
        .expect(404);
      const expired = signQuoteLink(QUOTE_LINK_SECRET, id, Math.floor(Date.now() / 1000) - 60);
      const expiredPage = await request(api.url).post(`/api/quotes/public/${expired}/accept`).expect(404);
      expect(expiredPage.text).toContain('not valid or has expired');
      const [untouched] = await queryTestDatabase<{ status: string }>(
        'SELECT status FROM crm_quotes WHERE id = $1',
        [id],
      );
      expect(untouched?.status).toBe('sent');

      const accepted = await request(api.url).post(`/api/quotes/public/${secondToken}/accept`).expect(200);
      expect(accepted.text).toContain('You accepted this quote');
      await request(api.url).post(`/api/quotes/public/${secondToken}/decline`).expect(409);
      const won = await demo.agent.get(`/api/crm/deals/${deal.id}`).set(acme()).expect(200);
      expect(won.body).toEqual(expect.objectContaining({ stage: 'closed_won', status: 'won' }));
      const timeline = await demo.agent.get(`/api/crm/activities?deal_id=${deal.id}`).set(acme()).expect(200);
      expect(timeline.body.map((activity: { subject: string }) => activity.subject)).toEqual(
        expect.arrayContaining([
          `Quote ${number} sent to buyer@customer.test`,
          `Quote ${number} rev. 2 accepted by the customer`,
          'Stage changed from Prospecting to Closed Won',
        ]),
      );
      const publicPdf = await request(api.url)
        .get(`/api/quotes/public/${secondToken}/pdf`)
        .buffer(true)
        .parse(asBytes)
        .expect(200);
      expect(await pdfText(publicPdf.body as Buffer)).toContain('Payment within 15 days.');
    });
  });
});
