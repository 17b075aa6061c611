import {
  ANON_API_KEY,
  ANON_API_KEY_HEADER,
  type AccessControlResponse,
  type PinnedModulesBody,
  type RecentModules,
} from '@tessera/data-access/contracts';
import { apiFetch } from './api-fetch';

export function fetchMeAccess(institutionId: string, signal?: AbortSignal): Promise<AccessControlResponse> {
  return apiFetch<AccessControlResponse>('/functions/v1/me-access', {
    institutionId,
    signal,
    // docs/product/access.md#the-access-control-response-me-access: credentials, a JSON content type and the anonymous API key header.
    headers: { 'Content-Type': 'application/json', [ANON_API_KEY_HEADER]: ANON_API_KEY },
  });
}

export function savePinnedModules(
  institutionId: string,
  sidebarPinned: string[],
): Promise<PinnedModulesBody> {
  return apiFetch<PinnedModulesBody>('/api/access/pinned', {
    method: 'PUT',
    institutionId,
    body: { sidebar_pinned: sidebarPinned },
  });
}

export function recordRecentModule(institutionId: string, moduleId: string): Promise<RecentModules> {
  return apiFetch<RecentModules>('/api/access/recent', {
    method: 'POST',
    institutionId,
    body: { module_id: moduleId },
  });
}
