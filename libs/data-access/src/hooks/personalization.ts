import { recordRecentModule, savePinnedModules } from '@tessera/data-access/client';
import { type AccessControlResponse, togglePinned } from '@tessera/data-access/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useCurrentInstitutionId } from './current-institution';

/**
 * Toggles a module's pin (docs/product/shell.md#pinning) in the current institution and invalidates the access-control
 * query on success (docs/product/crm.md#stored-data-and-scope). `userId` is the signed-in user's; without one the toggle fails with
 * `User not loaded` (docs/product/shell.md#pinning).
 */
export function useTogglePinnedModule(userId: string | null | undefined) {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (moduleId: string) => {
      if (!userId) throw new Error('User not loaded');
      if (!institutionId) throw new Error('No institution selected');
      const access = queryClient.getQueryData<AccessControlResponse>(queryKeys.meAccess(institutionId));
      const next = togglePinned(access?.personalization.sidebar_pinned ?? [], moduleId);
      return savePinnedModules(institutionId, next);
    },
    onSuccess: async (saved) => {
      if (!institutionId) return;
      // Show the new order at once; the invalidation then reconciles with the server.
      queryClient.setQueryData<AccessControlResponse>(queryKeys.meAccess(institutionId), (access) =>
        access
          ? {
              ...access,
              personalization: { ...access.personalization, sidebar_pinned: saved.sidebar_pinned },
            }
          : access,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.meAccess(institutionId) });
    },
  });
}

/** Records that a module was opened, feeding the dashboard's recent modules. */
export function useRecordRecentModule() {
  const institutionId = useCurrentInstitutionId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: string) => {
      if (!institutionId) throw new Error('No institution selected');
      return recordRecentModule(institutionId, moduleId);
    },
    onSuccess: ({ recent_modules }) => {
      if (!institutionId) return;
      queryClient.setQueryData<AccessControlResponse>(queryKeys.meAccess(institutionId), (access) =>
        access ? { ...access, personalization: { ...access.personalization, recent_modules } } : access,
      );
    },
  });
}
