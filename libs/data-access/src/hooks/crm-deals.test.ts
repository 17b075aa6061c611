import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { Deal } from '@tessera/data-access/contracts';
import {
  dealKeys,
  dealQueryOptions,
  dealsQueryOptions,
  storeDeal,
  updateDealMutationOptions,
} from './crm-deals';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('CRM deal query options', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('keys start with the institution, or "personal" without one', () => {
    expect(dealsQueryOptions('org-1').queryKey).toEqual(['org-1', 'crm', 'deals', 'list']);
    expect(dealKeys.detail(null, 'd1')).toEqual(['personal', 'crm', 'deals', 'detail', 'd1']);
    expect(dealKeys.pipelinePreferences('org-1')[0]).toBe('org-1');
  });

  it('answers null for an unknown deal (the screen says Deal not found)', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { statusCode: 404, message: 'Deal not found' }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(
      client.fetchQuery({ ...dealQueryOptions('org-1', 'missing'), retry: false }),
    ).resolves.toBeNull();
  });

  it('puts a saved deal in the list and the detail caches', () => {
    const client = new QueryClient();
    const before = [
      { id: 'a', stage: 'prospecting' },
      { id: 'b', stage: 'proposal' },
    ] as Deal[];
    client.setQueryData(dealKeys.list('org-1'), before);
    storeDeal(client, 'org-1', { id: 'b', stage: 'negotiation' } as Deal);
    expect(client.getQueryData<Deal[]>(dealKeys.list('org-1'))?.map((d) => d.stage)).toEqual([
      'prospecting',
      'negotiation',
    ]);
    expect(client.getQueryData<Deal>(dealKeys.detail('org-1', 'b'))?.stage).toBe('negotiation');
    storeDeal(client, 'org-1', { id: 'c', stage: 'proposal' } as Deal);
    expect(client.getQueryData<Deal[]>(dealKeys.list('org-1'))?.[0].id).toBe('c');
  });

  it('reloads the deals after a 409, so a retry carries the current version', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { statusCode: 409, message: 'The deal was changed' }));
    const client = new QueryClient();
    client.setQueryData(dealKeys.list('org-1'), [{ id: 'a', stage: 'proposal', version: 1 }]);
    const observer = new MutationObserver(client, updateDealMutationOptions(client, 'org-1'));
    await expect(observer.mutate({ id: 'a', changes: { stage: 'negotiation', version: 1 } })).rejects.toThrow(
      'The deal was changed',
    );
    expect(client.getQueryState(dealKeys.list('org-1'))?.isInvalidated).toBe(true);
    // The refused change left the cached row as it was.
    expect(client.getQueryData<Deal[]>(dealKeys.list('org-1'))?.[0].stage).toBe('proposal');
  });

  it('leaves the deals alone after another refusal', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { statusCode: 403, message: 'Forbidden' }));
    const client = new QueryClient();
    client.setQueryData(dealKeys.list('org-1'), [{ id: 'a', stage: 'proposal', version: 1 }]);
    const observer = new MutationObserver(client, updateDealMutationOptions(client, 'org-1'));
    await expect(
      observer.mutate({ id: 'a', changes: { stage: 'negotiation', version: 1 } }),
    ).rejects.toThrow();
    expect(client.getQueryState(dealKeys.list('org-1'))?.isInvalidated).toBe(false);
  });
});
