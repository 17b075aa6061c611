import { apiFetch } from './api-fetch';

export interface FeatureFlagsResponse {
  flags: Record<string, boolean>;
}

export function fetchFeatureFlags(
  institutionId: string,
  signal?: AbortSignal,
): Promise<FeatureFlagsResponse> {
  return apiFetch<FeatureFlagsResponse>('/api/feature-flags', { institutionId, signal });
}
