import { matchCrmImportColumns, parseCsv, toCsv } from '@tessera/data-access/contracts';
import { queryTestDatabase, type Session } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { eventually } from '../../test/test-smtp';

const IMPORTS = '/api/crm/imports';
const PRODUCTS = '/api/crm/products';

interface ImportBody {
  id: string;
  status: string;
  total_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  error_count: number;
  errors: Array<{ row: number; errors: Record<string, string> }>;
  undone_at: string | null;
}

async function finished(session: Session, slug: string, id: string): Promise<ImportBody> {
  return eventually(async () => {
    const response = await session.agent.get(`${IMPORTS}/${id}`).set(session.headers(slug)).expect(200);
    return response.body.status === 'completed' || response.body.status === 'failed'
      ? (response.body as ImportBody)
      : undefined;
  }, 30_000);
}

/** Starts a product import with the screen's automatic mapping and waits for its end. */
async function importProducts(
  session: Session,
  slug: string,
  csv: string,
  duplicates: 'skip' | 'update' | 'create',
): Promise<ImportBody> {
  const [header = []] = parseCsv(csv);
  const started = await session.agent
    .post(IMPORTS)
    .set(session.headers(slug))
    .send({ entity: 'products', csv, mapping: matchCrmImportColumns('products', header), duplicates })
    .expect(202);
  return finished(session, slug, started.body.id);
}

async function exportCsv(session: Session, slug: string): Promise<string> {
  const response = await session.agent.get(`${PRODUCTS}/export.csv`).set(session.headers(slug)).expect(200);
  return response.text;
}

/** An export's rows whose name holds `tag`, by column, without the empty price cells of other currencies. */
function exportedRows(csv: string, tag: string): Array<Record<string, string>> {
  const [header = [], ...rows] = parseCsv(csv);
  return rows
    .filter((cells) => (cells[0] ?? '').includes(tag))
    .map((cells) =>
      Object.fromEntries(
        header
          .map((column, index) => [column, cells[index] ?? ''] as const)
          .filter(([column, cell]) => !(column.startsWith('Price ') && cell === '')),
      ),
    );
}

async function storedProducts(slug: string, tag: string): Promise<Array<Record<string, unknown>>> {
  return queryTestDatabase(
    `SELECT p.name, p.code, p.prices, p.tax_percent::text AS tax_percent, p.recurrence, p.active
       FROM crm_products p JOIN institutions i ON i.id = p.org_id
      WHERE i.slug = $1 AND p.name LIKE $2 ORDER BY p.code NULLS LAST, p.name`,
    [slug, `%${tag}%`],
  );
}

describe('Product imports', () => {
  const {
    sessions: [demo, globex],
  } = useTestApi(['demo@acme.test', 'owner@globex.test']);
  const acme = () => demo.headers('acme');

  it('maps the export’s own header, one price field per currency', () => {
    expect(
      matchCrmImportColumns('products', [
        'Name',
        'Code',
        'Unit',
        'Description',
        'Tax %',
        'Billing',
        'Active',
        'Price EUR',
        'Price JPY',
        'SKU',
      ]),
    ).toEqual([
      'name',
      'code',
      'unit',
      'description',
      'tax_percent',
      'recurrence',
      'active',
      'price_EUR',
      'price_JPY',
      null,
    ]);
  });

  it('round-trips the export into another institution exactly, and back onto itself without duplicates', async () => {
    const tag = `rt${Date.now()}`;
    const made = [
      {
        name: `Consulting ${tag}`,
        code: `CONS-${tag}`,
        unit: 'hour',
        description: 'On site, "with" quotes, commas',
        prices: [
          { currency: 'USD', unit_price: 150.1 },
          { currency: 'EUR', unit_price: 139.99 },
          { currency: 'JPY', unit_price: 21500 },
        ],
        tax_percent: 7.25,
        recurrence: 'one_time',
      },
      {
        name: `Licence ${tag}`,
        code: `LIC-${tag}`,
        prices: [{ currency: 'KWD', unit_price: 12.345 }],
        tax_percent: 0,
        recurrence: 'yearly',
        active: false,
      },
      // No code: matched back by name.
      {
        name: `=Formula-looking ${tag}`,
        prices: [{ currency: 'USD', unit_price: 0.07 }],
        recurrence: 'monthly',
      },
    ];
    for (const body of made) await demo.agent.post(PRODUCTS).set(acme()).send(body).expect(201);

    const exported = await exportCsv(demo, 'acme');
    const acmeRows = exportedRows(exported, tag);
    expect(acmeRows).toHaveLength(3);
    const acmeBefore = await storedProducts('acme', tag);

    // Into Globex: the same products, prices to the minor unit, nothing of Acme's touched.
    const intoGlobex = await importProducts(globex, 'globex', exported, 'skip');
    expect(intoGlobex).toEqual(expect.objectContaining({ status: 'completed', error_count: 0 }));
    expect(intoGlobex.created_count).toBeGreaterThanOrEqual(3);
    expect(exportedRows(await exportCsv(globex, 'globex'), tag)).toEqual(acmeRows);
    const globexStored = await storedProducts('globex', tag);
    expect(globexStored).toEqual(acmeBefore);
    expect(globexStored.map((row) => row.prices)).toEqual([
      { USD: 15010, EUR: 13999, JPY: 21500 },
      { KWD: 12345 },
      { USD: 7 },
    ]);
    expect(globexStored.map((row) => row.name)).toContain(`=Formula-looking ${tag}`);

    // Tenant isolation: Acme neither sees Globex's import nor has a product more.
    await demo.agent.get(`${IMPORTS}/${intoGlobex.id}`).set(acme()).expect(404);
    await demo.agent.post(`${IMPORTS}/${intoGlobex.id}/undo`).set(acme()).expect(404);
    const acmeHistory = await demo.agent.get(IMPORTS).query({ entity: 'products' }).set(acme()).expect(200);
    expect(acmeHistory.body.map((row: { id: string }) => row.id)).not.toContain(intoGlobex.id);
    expect(await storedProducts('acme', tag)).toEqual(acmeBefore);

    // Back onto Acme: every row matches (by code, or by name without one), nothing is created.
    const again = await importProducts(demo, 'acme', exported, 'skip');
    expect(again).toEqual(expect.objectContaining({ status: 'completed', created_count: 0, error_count: 0 }));
    expect(await storedProducts('acme', tag)).toEqual(acmeBefore);
  });

  it('updates products by code with exact prices, refuses bad rows with messages, and undo restores', async () => {
    const tag = `up${Date.now()}`;
    await demo.agent
      .post(PRODUCTS)
      .set(acme())
      .send({
        name: `Widget ${tag}`,
        code: `W-${tag}`,
        prices: [
          { currency: 'USD', unit_price: 10 },
          { currency: 'EUR', unit_price: 9 },
        ],
        tax_percent: 20,
      })
      .expect(201);
    const csv = toCsv([
      ['Name', 'Code', 'Tax %', 'Billing', 'Active', 'Price USD', 'Price JPY'],
      // The code in another case: the same product; an empty price cell keeps that currency's price.
      [`Widget renamed ${tag}`, `w-${tag}`, '5.5', '', '', '1,234.56', ''],
      [`Gadget ${tag}`, `G-${tag}`, '7.25%', 'Monthly', 'no', '0.10', '1500'],
      ['', `NONAME-${tag}`, '', '', '', '', ''],
      [`Bad ${tag}`, `BAD-${tag}`, '100.5', 'weekly', 'maybe', '19.999', '12.5'],
    ]);
    const outcome = await importProducts(demo, 'acme', csv, 'update');
    expect(outcome).toEqual(
      expect.objectContaining({
        status: 'completed',
        total_rows: 4,
        created_count: 1,
        updated_count: 1,
        error_count: 2,
      }),
    );
    expect(outcome.errors).toEqual([
      { row: 4, errors: { name: 'Name is required' } },
      {
        row: 5,
        errors: {
          tax_percent: 'Tax % must be a number from 0 to 100 with at most 2 decimals',
          recurrence: 'Billing must be one of one_time, monthly, yearly',
          active: 'Active must be yes or no',
          price_USD: 'Price USD must be an amount of 0 or more with at most 2 decimals',
          price_JPY: 'Price JPY must be a whole amount of 0 or more (JPY has no decimals)',
        },
      },
    ]);
    expect(await storedProducts('acme', tag)).toEqual([
      {
        name: `Gadget ${tag}`,
        code: `G-${tag}`,
        prices: { USD: 10, JPY: 1500 },
        tax_percent: '7.25',
        recurrence: 'monthly',
        active: false,
      },
      {
        name: `Widget renamed ${tag}`,
        // Matched without case, and then spelt as the file spells it.
        code: `w-${tag}`,
        prices: { USD: 123456, EUR: 900 },
        tax_percent: '5.50',
        recurrence: 'one_time',
        active: true,
      },
    ]);
    const [listed] = (
      await demo.agent
        .get(PRODUCTS)
        .query({ q: `G-${tag}` })
        .set(acme())
        .expect(200)
    ).body.rows;
    expect(listed.prices).toEqual([
      { currency: 'JPY', unit_price: 1500 },
      { currency: 'USD', unit_price: 0.1 },
    ]);

    const undone = await demo.agent.post(`${IMPORTS}/${outcome.id}/undo`).set(acme()).expect(200);
    expect(undone.body.undone_at).not.toBeNull();
    expect(await storedProducts('acme', tag)).toEqual([
      {
        name: `Widget ${tag}`,
        code: `W-${tag}`,
        prices: { USD: 1000, EUR: 900 },
        tax_percent: '20.00',
        recurrence: 'one_time',
        active: true,
      },
    ]);
  });

  it('keeps codes unique: "create anyway" refuses a taken code, skip leaves the product alone', async () => {
    const tag = `uq${Date.now()}`;
    await demo.agent
      .post(PRODUCTS)
      .set(acme())
      .send({ name: `Seat ${tag}`, code: `S-${tag}`, prices: [{ currency: 'USD', unit_price: 5 }] })
      .expect(201);
    const csv = toCsv([
      ['Name', 'Code', 'Price USD'],
      [`Seat copy ${tag}`, `s-${tag}`, '6'],
      [`Other ${tag}`, `O-${tag}`, '1'],
      [`Other twin ${tag}`, `o-${tag}`, '2'],
    ]);
    const created = await importProducts(demo, 'acme', csv, 'create');
    expect(created).toEqual(expect.objectContaining({ created_count: 1, error_count: 2 }));
    expect(created.errors).toEqual([
      { row: 2, errors: { code: 'Another product has this code' } },
      { row: 4, errors: { code: 'Another product has this code' } },
    ]);
    const skipped = await importProducts(demo, 'acme', csv, 'skip');
    expect(skipped).toEqual(expect.objectContaining({ created_count: 0, skipped_count: 3, error_count: 0 }));
    expect((await storedProducts('acme', tag)).map((row) => [row.name, row.prices])).toEqual([
      [`Other ${tag}`, { USD: 100 }],
      [`Seat ${tag}`, { USD: 500 }],
    ]);
  });

  it('refuses a mapping without a name or with an unknown price field, and stores nothing', async () => {
    const csv = toCsv([
      ['Code', 'Price usd'],
      ['X1', '1'],
    ]);
    const response = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'products', csv, mapping: ['code', 'price_usd'], duplicates: 'skip' })
      .expect(400);
    expect(response.body.errors).toEqual({
      mapping: ['price_usd is not a field of products', 'Map a column to Name (required)'],
    });
  });
});
