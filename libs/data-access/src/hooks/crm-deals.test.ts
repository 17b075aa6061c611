import { QueryClient } from '@tanstack/react-query';
import type { Deal } from '@tessera/data-access/contracts';
import { dealKeys, dealQueryOptions, dealsQueryOptions, storeDeal } from './crm-deals';

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
});
