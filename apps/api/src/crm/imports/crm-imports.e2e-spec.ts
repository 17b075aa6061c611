import { matchCrmImportColumns, parseCsv, toCsv } from '@tessera/data-access/contracts';
import { queryTestDatabase, type Session } from '../../test/test-app';
import { useTestApi } from '../../test/test-fixture';
import { eventually } from '../../test/test-smtp';

const IMPORTS = '/api/crm/imports';

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

/** A file with a HubSpot export's headers; the screen's automatic mapping is sent, as the screen does. */
function hubspotContacts(rows: string[][]): { csv: string; mapping: (string | null)[] } {
  const header = [
    'First Name',
    'Last Name',
    'Email Address',
    'Phone Number',
    'Company Name',
    'Lifecycle Stage',
    'Record ID',
  ];
  return { csv: toCsv([header, ...rows]), mapping: matchCrmImportColumns('contacts', header) };
}

async function finished(session: Session, id: string): Promise<ImportBody> {
  return eventually(async () => {
    const response = await session.agent.get(`${IMPORTS}/${id}`).set(session.headers('acme')).expect(200);
    return response.body.status === 'completed' || response.body.status === 'failed'
      ? (response.body as ImportBody)
      : undefined;
  }, 30_000);
}

async function contactsByEmail(emails: string[]): Promise<Array<Record<string, unknown>>> {
  return queryTestDatabase(
    'SELECT first_name, last_name, email, phone, company, status FROM crm_contacts WHERE email = ANY($1) ORDER BY email, created_at',
    [emails],
  );
}

describe('CRM imports', () => {
  const {
    sessions: [demo, viewer],
  } = useTestApi(['demo@acme.test', 'viewer@acme.test']);
  const acme = () => demo.headers('acme');

  it('maps the headers of common exports to CRM fields automatically', () => {
    expect(
      matchCrmImportColumns('contacts', [
        'First Name',
        'Email Address',
        'Company Name',
        'Phone Number',
        'Lifecycle Stage',
        'Favourite colour',
      ]),
    ).toEqual(['first_name', 'email', 'company', 'phone', 'status', null]);
    expect(matchCrmImportColumns('deals', ['Deal Name', 'Deal Stage', 'Amount', 'Close Date'])).toEqual([
      'name',
      'stage',
      'amount',
      'expected_close_date',
    ]);
    // Pipedrive and Salesforce spellings.
    expect(
      matchCrmImportColumns('leads', ['Person - Email', 'Person - First name', 'Last Name', 'Account Name']),
    ).toEqual(['email', 'first_name', 'last_name', 'company']);
  });

  it('creates valid rows, reports refused ones by line, skips or updates duplicates by e-mail, and undoes it all', async () => {
    const tag = `imp${Date.now()}`;
    const existing = `kept.${tag}@example.com`;
    await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({ first_name: 'Kept', last_name: 'Before', email: existing, phone: '111' })
      .expect(201);

    const file = hubspotContacts([
      ['Ada', 'Lovelace', `ada.${tag}@example.com`, '555-0101', 'Analytical Engines', 'customer', '1'],
      ['', 'Nameless', `nameless.${tag}@example.com`, '', '', '', '2'],
      ['Kept', 'After', existing.toUpperCase(), '222', 'New Co', 'lead', '3'],
      ['Bad', 'Mail', 'not-an-email', '', '', 'martian', '4'],
      ['Ada', 'Again', `ada.${tag}@example.com`, '', '', '', '5'],
    ]);

    // Skip: the existing contact and the file's own repeat stay as they were.
    const skip = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'contacts', csv: file.csv, mapping: file.mapping, duplicates: 'skip' })
      .expect(202);
    expect(skip.body).toEqual(
      expect.objectContaining({ status: 'pending', total_rows: 5, entity: 'contacts' }),
    );
    const skipped = await finished(demo, skip.body.id);
    expect(skipped).toEqual(
      expect.objectContaining({
        status: 'completed',
        created_count: 1,
        skipped_count: 2,
        updated_count: 0,
        error_count: 2,
      }),
    );
    expect(skipped.errors).toEqual([
      { row: 3, errors: { first_name: 'First name is required' } },
      {
        row: 5,
        errors: {
          email: 'E-mail must be an e-mail address',
          status: expect.stringContaining('Status must be one of active, inactive'),
        },
      },
    ]);
    expect(await contactsByEmail([existing, `ada.${tag}@example.com`])).toEqual([
      expect.objectContaining({
        first_name: 'Ada',
        last_name: 'Lovelace',
        status: 'won',
        company: 'Analytical Engines',
      }),
      expect.objectContaining({ first_name: 'Kept', last_name: 'Before', phone: '111', company: null }),
    ]);

    // Update: the existing contact takes the file's non-empty values; the import is undone afterwards.
    const update = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'contacts', csv: file.csv, mapping: file.mapping, duplicates: 'update' })
      .expect(202);
    const updated = await finished(demo, update.body.id);
    expect(updated).toEqual(
      expect.objectContaining({ created_count: 0, updated_count: 3, skipped_count: 0 }),
    );
    expect(await contactsByEmail([existing])).toEqual([
      expect.objectContaining({
        last_name: 'After',
        phone: '222',
        company: 'New Co',
        status: 'new',
        email: existing,
      }),
    ]);

    // Create: every valid row is a new record, duplicates or not.
    const create = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'contacts', csv: file.csv, mapping: file.mapping, duplicates: 'create' })
      .expect(202);
    expect(await finished(demo, create.body.id)).toEqual(expect.objectContaining({ created_count: 3 }));
    expect(await contactsByEmail([existing, `ada.${tag}@example.com`])).toHaveLength(5);

    // A viewer cannot undo; undoing "create" deletes its three, undoing "update" restores the values it replaced.
    await viewer.agent.post(`${IMPORTS}/${create.body.id}/undo`).set(viewer.headers('acme')).expect(403);
    const undoneCreate = await demo.agent.post(`${IMPORTS}/${create.body.id}/undo`).set(acme()).expect(200);
    expect(undoneCreate.body.undone_at).toEqual(expect.any(String));
    expect(await contactsByEmail([existing, `ada.${tag}@example.com`])).toHaveLength(2);
    await demo.agent.post(`${IMPORTS}/${update.body.id}/undo`).set(acme()).expect(200);
    expect(await contactsByEmail([existing])).toEqual([
      expect.objectContaining({ last_name: 'Before', phone: '111', company: null, status: 'active' }),
    ]);
    const again = await demo.agent.post(`${IMPORTS}/${update.body.id}/undo`).set(acme()).expect(409);
    expect(again.body.message).toBe('This import has already been undone');
    await demo.agent.post(`${IMPORTS}/${skip.body.id}/undo`).set(acme()).expect(200);
    expect(await contactsByEmail([`ada.${tag}@example.com`])).toHaveLength(0);

    const [audit] = await queryTestDatabase<{ count: string }>(
      `SELECT count(*) FROM audit_log WHERE action = 'crm.import_undone' AND details->>'import_id' = $1`,
      [update.body.id],
    );
    expect(audit?.count).toBe('1');
    const history = await demo.agent.get(`${IMPORTS}?entity=contacts`).set(acme()).expect(200);
    expect(history.body.map((row: ImportBody) => row.id)).toEqual(
      expect.arrayContaining([skip.body.id, update.body.id, create.body.id]),
    );
    // Outside the institution (the caller's personal scope) it is not there.
    await demo.agent.get(`${IMPORTS}/${skip.body.id}`).expect(404);
  }, 90_000);

  it('imports deals with export stage names, matched by name', async () => {
    const tag = `deal${Date.now()}`;
    const header = ['Deal Name', 'Deal Stage', 'Amount', 'Close Date', 'Probability'];
    const csv = toCsv([
      header,
      [`${tag} Alpha`, 'closedwon', '$12,500.50', '2026-12-01', '90'],
      [`${tag} Beta`, 'Negotiation/Review', '300', '12/24/2026', ''],
      [`${tag} Gamma`, 'Sideways', '-5', '2026-02-30', '101'],
    ]);
    const started = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'deals', csv, mapping: matchCrmImportColumns('deals', header), duplicates: 'skip' })
      .expect(202);
    const done = await finished(demo, started.body.id);
    expect(done).toEqual(expect.objectContaining({ created_count: 2, error_count: 1 }));
    expect(Object.keys(done.errors[0]?.errors ?? {}).sort()).toEqual([
      'amount',
      'expected_close_date',
      'probability',
      'stage',
    ]);
    const deals = await queryTestDatabase(
      `SELECT name, stage, status, amount::text, expected_close_date::text, closed_at IS NOT NULL AS closed
         FROM crm_deals WHERE name LIKE $1 ORDER BY name`,
      [`${tag}%`],
    );
    expect(deals).toEqual([
      {
        name: `${tag} Alpha`,
        stage: 'closed_won',
        status: 'won',
        amount: '12500.50',
        expected_close_date: '2026-12-01',
        closed: true,
      },
      {
        name: `${tag} Beta`,
        stage: 'negotiation',
        status: 'open',
        amount: '300.00',
        expected_close_date: '2026-12-24',
        closed: false,
      },
    ]);
  }, 60_000);

  it('imports companies matched by domain, then by name, and keeps company names unique', async () => {
    const tag = `co${Date.now()}`;
    const post = async (path: string, body: Record<string, unknown>) =>
      (await demo.agent.post(path).set(acme()).send(body).expect(201)).body as { id: string };
    const byDomain = await post('/api/crm/companies', {
      name: `Old name ${tag}`,
      domain: `${tag}.example.com`,
    });
    const byName = await post('/api/crm/companies', { name: `Named ${tag}` });
    const worker = await post('/api/crm/contacts', {
      first_name: 'Wes',
      last_name: tag,
      company_id: byDomain.id,
    });
    const header = [
      'Company Name',
      'Company Domain Name',
      'Industry',
      'Number of Employees',
      'Phone Number',
      'City',
    ];
    const mapping = matchCrmImportColumns('companies', header);
    expect(mapping).toEqual(['name', 'domain', 'industry', 'size', 'phone', null]);
    const csv = toCsv([
      header,
      [
        `New ${tag}`,
        `https://www.new-${tag}.example.com/about`,
        'Computer Software',
        '250',
        '555-0100',
        'Oslo',
      ],
      [`Renamed ${tag}`, `${tag.toUpperCase()}.example.com`, 'finance', '11-50', '', ''],
      [`NAMED ${tag}`, '', 'retail', '', '555-0200', ''],
      [`Broken ${tag}`, 'not a domain', 'martian', 'lots', '', ''],
      [`new ${tag}`, '', '', '12', '', ''],
    ]);

    const update = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'companies', csv, mapping, duplicates: 'update' })
      .expect(202);
    const done = await finished(demo, update.body.id);
    // Row 6 matches row 2 of the same file by name: it updates the company that row created.
    expect(done).toEqual(
      expect.objectContaining({ created_count: 1, updated_count: 3, skipped_count: 0, error_count: 1 }),
    );
    expect(done.errors).toEqual([
      {
        row: 5,
        errors: {
          domain: 'Domain must be a web domain such as acme.com',
          industry: expect.stringContaining('Industry must be one of technology'),
          size: expect.stringContaining('Size must be a head count or one of 1-10'),
        },
      },
    ]);
    const companies = async () =>
      queryTestDatabase(
        `SELECT name, domain, industry, size, phone FROM crm_companies WHERE name ILIKE $1 ORDER BY lower(name)`,
        [`%${tag}%`],
      );
    expect(await companies()).toEqual([
      // Matched by name: like any update, the file's non-empty cells win, the name's spelling too.
      { name: `NAMED ${tag}`, domain: null, industry: 'retail', size: null, phone: '555-0200' },
      {
        name: `new ${tag}`,
        domain: `new-${tag}.example.com`,
        industry: 'technology',
        size: '11-50',
        phone: '555-0100',
      },
      {
        name: `Renamed ${tag}`,
        domain: `${tag}.example.com`,
        industry: 'finance',
        size: '11-50',
        phone: null,
      },
    ]);
    // The renamed company's contact shows its new name.
    const [contact] = await queryTestDatabase<{ company: string }>(
      'SELECT company FROM crm_contacts WHERE id = $1',
      [worker.id],
    );
    expect(contact?.company).toBe(`Renamed ${tag}`);

    // "Create anyway" cannot give a second company an existing name: the row is refused.
    const create = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({
        entity: 'companies',
        csv: toCsv([header, [`named ${tag}`, `other-${tag}.example.com`, '', '', '', '']]),
        mapping,
        duplicates: 'create',
      })
      .expect(202);
    expect((await finished(demo, create.body.id)).errors).toEqual([
      { row: 2, errors: { name: `A company named “NAMED ${tag}” already exists` } },
    ]);

    // Undo: the created company goes, the updated ones get their values back, and the contact its old name.
    await demo.agent.post(`${IMPORTS}/${update.body.id}/undo`).set(acme()).expect(200);
    expect(await companies()).toEqual([
      { name: `Named ${tag}`, domain: null, industry: null, size: null, phone: null },
      { name: `Old name ${tag}`, domain: `${tag}.example.com`, industry: null, size: null, phone: null },
    ]);
    const [restored] = await queryTestDatabase<{ company: string }>(
      'SELECT company FROM crm_contacts WHERE id = $1',
      [worker.id],
    );
    expect(restored?.company).toBe(`Old name ${tag}`);
    expect(byName.id).toEqual(expect.any(String));
  }, 60_000);

  it('links imported contacts and deals to companies by name, creating the missing ones, and undo removes those', async () => {
    const tag = `link${Date.now()}`;
    const existing = (
      await demo.agent
        .post('/api/crm/companies')
        .set(acme())
        .send({ name: `Existing ${tag}` })
        .expect(201)
    ).body as { id: string };
    const file = hubspotContacts([
      ['Lin', 'One', `lin.${tag}@example.com`, '', `EXISTING ${tag}`, '', '1'],
      ['Lin', 'Two', `two.${tag}@example.com`, '', `Newco ${tag}`, '', '2'],
      ['Lin', 'Three', `three.${tag}@example.com`, '', `newco ${tag}`, '', '3'],
      ['Lin', 'Four', `four.${tag}@example.com`, '', '', '', '4'],
    ]);
    const started = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'contacts', csv: file.csv, mapping: file.mapping, duplicates: 'skip' })
      .expect(202);
    expect(await finished(demo, started.body.id)).toEqual(expect.objectContaining({ created_count: 4 }));
    const linked = await queryTestDatabase<{
      last_name: string;
      company: string | null;
      company_name: string | null;
    }>(
      `SELECT k.last_name, k.company, c.name AS company_name FROM crm_contacts k
         LEFT JOIN crm_companies c ON c.id = k.company_id WHERE k.email LIKE $1 ORDER BY k.last_name`,
      [`%.${tag}@example.com`],
    );
    // The company's own spelling; one new company for both spellings of its name.
    expect(linked).toEqual([
      { last_name: 'Four', company: null, company_name: null },
      { last_name: 'One', company: `Existing ${tag}`, company_name: `Existing ${tag}` },
      { last_name: 'Three', company: `Newco ${tag}`, company_name: `Newco ${tag}` },
      { last_name: 'Two', company: `Newco ${tag}`, company_name: `Newco ${tag}` },
    ]);

    const header = ['Deal Name', 'Amount', 'Associated Company'];
    const deals = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({
        entity: 'deals',
        csv: toCsv([header, [`Deal ${tag}`, '100', `existing ${tag}`]]),
        mapping: matchCrmImportColumns('deals', header),
        duplicates: 'skip',
      })
      .expect(202);
    expect(await finished(demo, deals.body.id)).toEqual(expect.objectContaining({ created_count: 1 }));
    const [deal] = await queryTestDatabase<{ company_id: string }>(
      'SELECT company_id FROM crm_deals WHERE name = $1',
      [`Deal ${tag}`],
    );
    expect(deal?.company_id).toBe(existing.id);

    await demo.agent.post(`${IMPORTS}/${started.body.id}/undo`).set(acme()).expect(200);
    const left = await queryTestDatabase<{ name: string }>(
      'SELECT name FROM crm_companies WHERE name ILIKE $1 ORDER BY name',
      [`%${tag}`],
    );
    // The company the import created is gone with its contacts; the one that was there stays.
    expect(left).toEqual([{ name: `Existing ${tag}` }]);
  }, 60_000);

  it('refuses a bad request with a message per field and stores nothing', async () => {
    const [before] = await queryTestDatabase<{ count: string }>(
      `SELECT count(*) FROM record_imports WHERE module_id = 'crm'`,
    );
    const file = hubspotContacts([['A', 'B', 'a@example.com', '', '', '', '']]);
    const bad = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'planets', csv: 42, mapping: 'x', duplicates: 'merge' })
      .expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['csv', 'duplicates', 'entity', 'mapping']);
    const unmapped = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({
        entity: 'contacts',
        csv: file.csv,
        mapping: [null, 'last_name', 'email', null, null, null, 'shoe_size'],
        duplicates: 'skip',
      })
      .expect(400);
    expect(unmapped.body.errors.mapping).toEqual([
      'shoe_size is not a field of contacts',
      'Map a column to First name (required)',
    ]);
    const empty = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({
        entity: 'contacts',
        csv: toCsv([parseCsv(file.csv)[0] ?? []]),
        mapping: file.mapping,
        duplicates: 'skip',
      })
      .expect(400);
    expect(empty.body.errors).toEqual({ csv: ['The file has no rows to import'] });
    await viewer.agent
      .post(IMPORTS)
      .set(viewer.headers('acme'))
      .send({ entity: 'contacts', csv: file.csv, mapping: file.mapping, duplicates: 'skip' })
      .expect(403);
    const [after] = await queryTestDatabase<{ count: string }>(
      `SELECT count(*) FROM record_imports WHERE module_id = 'crm'`,
    );
    expect(after?.count).toBe(before?.count);
  });

  it('takes a file over the server’s 2 MB body limit on the import route only', async () => {
    const tag = `big${Date.now()}`;
    const rows = Array.from({ length: 30_000 }, (_, index) => [
      `First${index}`,
      `Last${index}`,
      `p${index}.${tag}@example.com`,
      '+1 555 0100',
      'A company with a long enough name',
      'lead',
      String(index),
    ]);
    const file = hubspotContacts(rows);
    expect(file.csv.length).toBeGreaterThan(3 * 1024 * 1024);
    const started = await demo.agent
      .post(IMPORTS)
      .set(acme())
      .send({ entity: 'contacts', csv: file.csv, mapping: file.mapping, duplicates: 'create' })
      .expect(202);
    expect(started.body.total_rows).toBe(30_000);
    // Other routes keep the small limit.
    await demo.agent
      .post('/api/crm/contacts')
      .set(acme())
      .send({ first_name: 'x'.repeat(3 * 1024 * 1024), last_name: 'y' })
      .expect(413);
    expect(await finished(demo, started.body.id)).toEqual(expect.objectContaining({ created_count: 30_000 }));
    await demo.agent.post(`${IMPORTS}/${started.body.id}/undo`).set(acme()).expect(200);
  }, 120_000);
});
