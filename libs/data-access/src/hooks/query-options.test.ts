import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@tessera/data-access/client';
import { meAccessQueryOptions, retryAccessFetch } from './access';
import { clearFeatureFlagCache } from './feature-flags';
import { queryKeys } from './query-keys';
import { remotesQueryOptions } from './remotes';

describe('query options', () => {
  it('scopes org data by institution id first', () => {
    expect(meAccessQueryOptions('org-1').queryKey[0]).toBe('org-1');
    expect(remotesQueryOptions('org-1').queryKey).toEqual(['org-1', 'remotes']);
    expect(queryKeys.featureFlags('org-2')[0]).toBe('org-2');
  });

  it('follows docs/product/access.md#the-access-control-response-me-access for me-access: 2 retries, 5 minutes fresh, no focus refetch, no throw', () => {
    const options = meAccessQueryOptions('org-1');
    expect(options.retry).toBe(retryAccessFetch);
    // Up to 2 retries for what may pass (network, 5xx)…
    expect(retryAccessFetch(0, new TypeError('fetch failed'))).toBe(true);
    expect(retryAccessFetch(1, new ApiError(503, 'Service Unavailable', null))).toBe(true);
    expect(retryAccessFetch(2, new ApiError(503, 'Service Unavailable', null))).toBe(false);
    // …none for a refusal a retry cannot change (suspended institution, not a member).
    expect(
      retryAccessFetch(0, new ApiError(403, 'Forbidden', { message: 'This institution is suspended.' })),
    ).toBe(false);
    expect(options.staleTime).toBe(300_000);
    expect(options.refetchOnWindowFocus).toBe(false);
    expect(options.throwOnError).toBe(false);
  });

  it('waits for an institution', () => {
    expect(meAccessQueryOptions(null).enabled).toBe(false);
  });

  it('clears one institution\u2019s feature flags and leaves the others', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.featureFlags('a'), { flags: { x: true } });
    client.setQueryData(queryKeys.featureFlags('b'), { flags: { x: true } });
    clearFeatureFlagCache(client, 'a');
    expect(client.getQueryData(queryKeys.featureFlags('a'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.featureFlags('b'))).toBeDefined();
    clearFeatureFlagCache(client);
    expect(client.getQueryData(queryKeys.featureFlags('b'))).toBeUndefined();
  });
});
