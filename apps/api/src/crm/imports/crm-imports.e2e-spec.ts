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
