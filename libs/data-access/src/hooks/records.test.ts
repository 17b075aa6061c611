import type { RecordImportStatus, RecordItem, RecordPage } from '@tessera/data-access/contracts';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { recordListQueryString } from '../client/records';
import {
  activeRecordImportsQueryOptions,
  createRecordMutationOptions,
  deleteRecordMutationOptions,
  recordImportQueryOptions,
  recordKeys,
  recordPageQueryOptions,
  startRecordImportMutationOptions,
  updateRecordMutationOptions,
} from './records';

type FetchCall = [string, RequestInit];
const ref = { moduleId: 'project', submoduleId: 'tasks' };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function item(id: string, status: string, version = 1): RecordItem {
  return {
    id,
    data: { name: `Task ${id}`, status },
    title: `Task ${id}`,
    version,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

function page(rows: RecordItem[]): RecordPage {
  return { rows, total: rows.length, limit: 25, offset: 0, labels: {} };
}

describe('records data access', () => {
  const fetchMock = jest.fn<Promise<Response>, FetchCall>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('builds list query strings with repeated filters and no empty parts', () => {
    expect(
      recordListQueryString({
        search: '  ana ',
        sort: 'due_date',
        direction: 'desc',
        filter: ['status:todo', 'priority:high'],
        limit: 25,
        offset: 50,
      }),
    ).toBe(
      '?search=ana&sort=due_date&direction=desc&filter=status%3Atodo&filter=priority%3Ahigh&limit=25&offset=50',
    );
    expect(recordListQueryString({ search: '   ' })).toBe('');
  });

  it('keys start with the institution id and nest under the submodule', () => {
    const key = recordPageQueryOptions('org-1', ref, { limit: 25 }).queryKey;
    expect(key[0]).toBe('org-1');
    expect(key.slice(0, 4)).toEqual(recordKeys.submodule('org-1', ref));
    expect(recordKeys.insights('org-1', { moduleId: 'healthcare', submoduleId: 'overview' })).toEqual([
      'org-1',
      'insights',
      'healthcare',
      'overview',
    ]);
    expect(recordPageQueryOptions(null, ref, {}).enabled).toBe(false);
  });

  it('fetches a page with the institution header', async () => {
    const client = new QueryClient();
    fetchMock.mockResolvedValueOnce(json(200, page([item('a', 'todo')])));
    const result = await client.fetchQuery(recordPageQueryOptions('org-1', ref, { search: 'x', limit: 10 }));
    expect(result.rows).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/modules/project/tasks/records?search=x&limit=10');
    expect(init.headers).toMatchObject({ 'X-Institution-Id': 'org-1' });
  });

  it('moves a record optimistically and keeps the server answer', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const listKey = recordKeys.list('org-1', ref, { limit: 500 });
    client.setQueryData(listKey, page([item('a', 'todo'), item('b', 'todo')]));
    let resolve: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((done) => (resolve = done)));
    fetchMock.mockResolvedValue(json(200, page([item('a', 'done', 2), item('b', 'todo')])));

    const observer = new MutationObserver(client, updateRecordMutationOptions(client, 'org-1', ref));
    const pending = observer.mutate({ id: 'a', data: { status: 'done' }, version: 1 });
    await new Promise((done) => setTimeout(done, 0));
    expect(client.getQueryData<RecordPage>(listKey)?.rows[0].data.status).toBe('done');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/modules/project/tasks/records/a');
    expect(JSON.parse(String(init.body))).toEqual({ data: { status: 'done' }, version: 1 });

    resolve(json(200, item('a', 'done', 2)));
    await pending;
    expect(client.getQueryData<RecordItem>(recordKeys.detail('org-1', ref, 'a'))?.version).toBe(2);
    // The next move reads version 2 from the list even before the list refetches.
    expect(client.getQueryData<RecordPage>(listKey)?.rows[0].version).toBe(2);
  });

  it('puts the card back when the server refuses the move (409)', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const listKey = recordKeys.list('org-1', ref, { limit: 500 });
    const before = page([item('a', 'todo')]);
    client.setQueryData(listKey, before);
    // Keep the list inactive so the invalidation after the refusal does not refetch it.
    fetchMock.mockResolvedValueOnce(
      json(409, { statusCode: 409, message: 'This task was changed by someone else. Reload and try again.' }),
    );
    const observer = new MutationObserver(client, updateRecordMutationOptions(client, 'org-1', ref));
    const error = await observer
      .mutate({ id: 'a', data: { status: 'done' }, version: 1 })
      .catch((e: Error) => e);
    expect((error as Error).message).toBe('This task was changed by someone else. Reload and try again.');
    expect(client.getQueryData<RecordPage>(listKey)?.rows[0].data.status).toBe('todo');
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('invalidates lists and the module insights after a create and a delete', async () => {
    const client = new QueryClient();
    const listKey = recordKeys.list('org-1', ref, {});
    const insightsKey = recordKeys.insights('org-1', { moduleId: 'project', submoduleId: 'overview' });
    const otherOrg = recordKeys.list('org-2', ref, {});
    for (const key of [listKey, otherOrg]) client.setQueryData(key, page([]));
    client.setQueryData(insightsKey, { kpis: [], charts: [] });
    fetchMock.mockResolvedValueOnce(json(201, item('n', 'todo')));
    await new MutationObserver(client, createRecordMutationOptions(client, 'org-1', ref)).mutate({
      name: 'New',
      status: 'todo',
    });
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body))).toEqual({
      data: { name: 'New', status: 'todo' },
    });
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(insightsKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(otherOrg)?.isInvalidated).toBe(false);
    expect(client.getQueryData(recordKeys.detail('org-1', ref, 'n'))).toMatchObject({ id: 'n' });

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await new MutationObserver(client, deleteRecordMutationOptions(client, 'org-1', ref)).mutate('n');
    expect(fetchMock.mock.calls[1][1].method).toBe('DELETE');
    expect(client.getQueryData(recordKeys.detail('org-1', ref, 'n'))).toBeUndefined();
  });

  it('polls an import until it finishes', async () => {
    const options = recordImportQueryOptions('org-1', ref, 'job-1');
    const client = new QueryClient();
    const running = { id: 'job-1', status: 'running', total_rows: 10, processed_rows: 4 };
    fetchMock.mockResolvedValueOnce(json(200, running));
    const observer = new QueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((done) => setTimeout(done, 20));
    const query = client.getQueryCache().find<RecordImportStatus>({ queryKey: options.queryKey }) as
      | Parameters<Extract<typeof options.refetchInterval, (...args: never[]) => unknown>>[0]
      | undefined;
    const interval = options.refetchInterval;
    expect(typeof interval).toBe('function');
    if (typeof interval !== 'function' || !query) throw new Error('expected a polling query');
    expect(interval(query)).toBe(500);
    client.setQueryData(options.queryKey, { ...running, status: 'completed', processed_rows: 10 } as never);
    expect(interval(query)).toBe(false);
    unsubscribe();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/modules/project/tasks/imports/job-1');
  });

  it('starts an import: the dialog shows it at once and the screen’s list of imports under way is refreshed', async () => {
    const client = new QueryClient();
    const activeKey = recordKeys.activeImports('org-1', ref);
    client.setQueryData(activeKey, []);
    const started = { id: 'job-2', status: 'pending', failure: null, total_rows: 3, processed_rows: 0 };
    fetchMock.mockResolvedValueOnce(json(202, started));
    await new MutationObserver(client, startRecordImportMutationOptions(client, 'org-1', ref)).mutate(
      'a,b\r\n1,2',
    );
    expect(fetchMock.mock.calls[0][0]).toBe('/api/modules/project/tasks/records/import');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1].body))).toEqual({ csv: 'a,b\r\n1,2' });
    expect(client.getQueryData(recordKeys.importJob('org-1', ref, 'job-2'))).toEqual(started);
    expect(client.getQueryState(activeKey)?.isInvalidated).toBe(true);
  });

  it('asks for the caller’s imports under way, only when allowed and in an institution', async () => {
    expect(activeRecordImportsQueryOptions(null, ref).enabled).toBe(false);
    expect(activeRecordImportsQueryOptions('org-1', ref, false).enabled).toBe(false);
    const options = activeRecordImportsQueryOptions('org-1', ref);
    expect(options.enabled).toBe(true);
    expect(options.queryKey[0]).toBe('org-1');
    fetchMock.mockResolvedValueOnce(json(200, []));
    await new QueryClient().fetchQuery(options);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/modules/project/tasks/imports/active');
  });
});
