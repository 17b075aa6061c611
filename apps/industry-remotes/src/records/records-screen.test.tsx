import { findRecordSchema, type RecordPage } from '@tessera/data-access/contracts';
import { CurrentInstitutionIdProvider } from '@tessera/data-access/hooks';
import { ThemeModeProvider } from '@tessera/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RecordsScreen } from './records-screen';

// The screen reads the module level through @tessera/auth and the institution through the data hooks;
// the test sets both.
let mockCanWrite = true;
jest.mock('@tessera/auth', () => ({
  useAccess: () => ({ isLoading: false, hasModuleLevel: () => mockCanWrite }),
}));

const patients = findRecordSchema('healthcare', 'patients');
const tasks = findRecordSchema('project', 'tasks');
if (!patients || !tasks) throw new Error('schemas missing');

function page(rows: RecordPage['rows']): RecordPage {
  return { rows, total: rows.length, limit: 25, offset: 0, labels: {} };
}

const ada = {
  id: 'p-1',
  data: { full_name: 'Ada Lovelace', date_of_birth: '1815-12-10', status: 'active', phone: null },
  title: 'Ada Lovelace',
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const task = {
  id: 't-1',
  data: { title: 'Write tests', status: 'todo', priority: 'high' },
  title: 'Write tests',
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

function renderScreen(schema: NonNullable<typeof patients>, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeModeProvider initialMode="light">
      <QueryClientProvider client={client}>
        <CurrentInstitutionIdProvider institutionId="org-1">
          <MemoryRouter initialEntries={[url]}>
            <RecordsScreen schema={schema} listPath={`/modules/${schema.moduleId}/${schema.submoduleId}`} />
          </MemoryRouter>
        </CurrentInstitutionIdProvider>
      </QueryClientProvider>
    </ThemeModeProvider>,
  );
}

// jsdom has no fetch Response: the client only reads status, ok and text().
function jsonReply(body: unknown): Response {
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    text: async () => JSON.stringify(body),
  } as unknown as Response;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const body =
      String(url).endsWith('/imports/active') || String(url).endsWith('/saved-views')
        ? []
        : String(url).includes('/project/tasks/')
          ? page([task])
          : page([ada]);
    return jsonReply(body);
  });
  // Saved views (none) answer beside the mock, so each test's calls are the list's and its own.
  globalThis.fetch = (async (url: string, init: RequestInit) =>
    String(url).endsWith('/saved-views') ? jsonReply([]) : fetchMock(url, init)) as unknown as typeof fetch;
});

describe('RecordsScreen', () => {
  it('lists records with create, edit, delete and import controls for writers', async () => {
    mockCanWrite = true;
    renderScreen(patients, '/modules/healthcare/patients?q=ada&sort=status&dir=desc');
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toBe('/modules/healthcare/patients/p-1');
    // Search and sort come from the URL.
    expect(fetchMock.mock.calls[0][0]).toBe(
      '/api/modules/healthcare/patients/records?search=ada&sort=status&direction=desc&limit=25&offset=0',
    );
    expect(screen.getByRole('columnheader', { name: /Status/ }).getAttribute('aria-sort')).toBe('descending');
    for (const name of [
      'New Patient',
      'Import CSV',
      'Export CSV',
      'Edit Ada Lovelace',
      'Delete Ada Lovelace',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('filters by ticked values kept in the URL, and asks before deleting the selected rows', async () => {
    mockCanWrite = true;
    renderScreen(tasks, '/modules/project/tasks?view=table&f=status:review');
    await screen.findByRole('link', { name: 'Write tests' });
    expect(fetchMock.mock.calls[0][0]).toContain('filter=status%3Areview');
    // jsdom does not open <details> on a click: open it as the browser would.
    const statusFilter = screen.getByText(/^Status \(1\)/).closest('details') as HTMLDetailsElement;
    statusFilter.open = true;
    fireEvent(statusFilter, new Event('toggle'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Done' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          String(url).includes('filter=status%3Areview&filter=status%3Adone'),
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Write tests' }));
    expect(screen.getByText('1 task selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 1 task?' });
    expect(within(dialog).getByRole('button', { name: 'Delete 1 task' })).toBeTruthy();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('shows a read-only user no way to change records', async () => {
    mockCanWrite = false;
    renderScreen(patients, '/modules/healthcare/patients');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    for (const name of [/^New /, /^Import/, /^Edit /, /^Delete /]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('validates the form with the API’s messages before sending anything', async () => {
    mockCanWrite = true;
    renderScreen(patients, '/modules/healthcare/patients');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('button', { name: 'New Patient' }));
    const dialog = screen.getByRole('dialog', { name: 'New Patient' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Patient' }));
    expect(within(dialog).getByText('Full name is required')).toBeTruthy();
    expect(within(dialog).getByText('Email must be a valid email address')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Full name/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('offers drag handles and Move to selects on the board only to writers', async () => {
    mockCanWrite = true;
    const { unmount } = renderScreen(tasks, '/modules/project/tasks?view=board');
    const todo = await screen.findByRole('region', { name: 'Todo (1)' });
    expect(within(todo).getByRole('button', { name: 'Drag Write tests' })).toBeTruthy();
    expect(
      (within(todo).getByRole('combobox', { name: 'Move Write tests to' }) as HTMLSelectElement).value,
    ).toBe('todo');
    unmount();

    mockCanWrite = false;
    renderScreen(tasks, '/modules/project/tasks?view=board');
    const readOnly = await screen.findByRole('region', { name: 'Todo (1)' });
    expect(within(readOnly).queryByRole('button', { name: /^Drag / })).toBeNull();
    expect(within(readOnly).queryByRole('combobox')).toBeNull();
  });

  it('moves a card through its Move to select with the record version', async () => {
    mockCanWrite = true;
    renderScreen(tasks, '/modules/project/tasks?view=board');
    const select = await screen.findByRole('combobox', { name: 'Move Write tests to' });
    fireEvent.change(select, { target: { value: 'done' } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PATCH') ?? [];
    expect(url).toBe('/api/modules/project/tasks/records/t-1');
    expect(JSON.parse(String(init?.body))).toEqual({ data: { status: 'done' }, version: 1 });
  });
});

describe('RecordsScreen edit conflicts', () => {
  function reply(status: number, body: unknown): Response {
    return {
      ok: status < 400,
      status,
      statusText: String(status),
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    } as unknown as Response;
  }

  it('explains a 409 and edits on top of the version someone else saved', async () => {
    mockCanWrite = true;
    const theirs = { ...ada, data: { ...ada.data, full_name: 'Ada King' }, title: 'Ada King', version: 2 };
    const message = 'This patient was changed by someone else. Reload and try again.';
    let patches = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'PATCH') {
        patches += 1;
        const body = JSON.parse(String(init.body)) as { version: number };
        return body.version === 2
          ? reply(200, { ...theirs, version: 3 })
          : reply(409, { statusCode: 409, message });
      }
      if (String(url).endsWith('/records/p-1')) return reply(200, theirs);
      return reply(200, page([ada]));
    });
    renderScreen(patients, '/modules/healthcare/patients');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Patient' });
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '+1 555 0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(message);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Ada King'),
    );
    fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '+1 555 0100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const last = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').at(-1);
    expect(JSON.parse(String(last?.[1].body))).toEqual({ data: { phone: '+1 555 0100' }, version: 2 });
    expect(patches).toBe(2);
  });
});

describe('RecordsScreen imports under way', () => {
  const running = {
    id: 'i-1',
    status: 'running',
    failure: null,
    total_rows: 3000,
    processed_rows: 1500,
    created_count: 1500,
    error_count: 0,
    errors: [],
  };

  it('picks up the caller’s import still running when the screen opens and follows it to the end', async () => {
    mockCanWrite = true;
    let polls = 0;
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/imports/active')) return jsonReply([running]);
      if (String(url).endsWith('/imports/i-1')) {
        polls += 1;
        return jsonReply(
          polls === 1
            ? running
            : { ...running, status: 'completed', processed_rows: 3000, created_count: 3000 },
        );
      }
      return jsonReply(page([task]));
    });
    renderScreen(tasks, '/modules/project/tasks');
    const panel = await screen.findByRole('region', { name: 'CSV import' });
    expect(await within(panel).findByText('Importing… 1500 of 3000 rows')).toBeTruthy();
    expect(
      within(panel).getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow'),
    ).toBe('1500');
    expect(
      await within(panel).findByText(
        'Finished: 3000 created, 0 refused of 3000 rows.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    // Its details are the import dialog's; then it can be put away.
    fireEvent.click(within(panel).getByRole('button', { name: 'Show details' }));
    const dialog = screen.getByRole('dialog', { name: 'Import tasks' });
    expect(within(dialog).getByText('Finished: 3000 created, 0 refused of 3000 rows.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'CSV import' })).toBeNull());
    // The dialog offers a new file again.
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Import tasks' })).getByLabelText('CSV file'),
    ).toBeTruthy();
  });

  it('does not look for imports of a reader, who cannot import', async () => {
    mockCanWrite = false;
    renderScreen(tasks, '/modules/project/tasks');
    await screen.findByRole('link', { name: 'Write tests' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/imports'))).toBe(false);
  });
});
