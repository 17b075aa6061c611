import type { LeadScoreRun } from '@tessera/data-access/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { leadKeys, leadScoreRunQueryOptions } from './crm-leads';

type FetchCall = [string, RequestInit];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('Refresh Scores runs', () => {
  const fetchMock = jest.fn<Promise<Response>, FetchCall>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('follows a run of the scope until it settles', async () => {
    expect(leadScoreRunQueryOptions('org-1', null).enabled).toBe(false);
    const options = leadScoreRunQueryOptions('org-1', 'run-1');
    expect(options.queryKey).toEqual(leadKeys.scoreRun('org-1', 'run-1'));
    const running: LeadScoreRun = {
      id: 'run-1',
      status: 'running',
      failure: null,
      updated: null,
      created_at: '2026-01-01T00:00:00.000Z',
      finished_at: null,
    };
    fetchMock.mockResolvedValueOnce(json(200, running));
    const client = new QueryClient();
    const observer = new QueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((done) => setTimeout(done, 20));
    unsubscribe();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/crm/leads/score/run-1');
    const query = client.getQueryCache().find<LeadScoreRun>({ queryKey: options.queryKey });
    const interval = options.refetchInterval;
    if (typeof interval !== 'function' || !query) throw new Error('expected a polling query');
    expect(interval(query as never)).toBe(500);
    client.setQueryData(options.queryKey, { ...running, status: 'completed', updated: 12 });
    expect(interval(query as never)).toBe(false);
  });
});
