import { isApiError, logError } from '@tessera/data-access/client';
import {
  type AccessControlResponse,
  type AccessLevel,
  GUEST_ACCESS,
  hasPermission,
  isModuleVisible,
  levelSatisfies,
  type Permission,
} from '@tessera/data-access/contracts';
import { meAccessQueryOptions } from '@tessera/data-access/hooks';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useAuth } from './auth-provider';
import { useInstitution } from './institution-provider';

export interface AccessContextValue {
  /** The access-control response, or the guest fallback (docs/product/access.md#guest-fallback) when it could not load. */
  access: AccessControlResponse;
  isLoading: boolean;
  isSuperAdmin: boolean;
  /** Whether the module shows for this user (docs/product/access.md#module-visibility; super admins see every module). */
  canSeeModule: (moduleId: string) => boolean;
  hasModuleLevel: (moduleId: string, level: AccessLevel) => boolean;
  can: (permission: Permission) => boolean;
}

const AccessContext = createContext<AccessContextValue | null>(null);

/**
 * The caller's access in the selected institution (GET /functions/v1/me-access). It never throws:
 * a failure is logged as `Failed to load access permissions` and the guest fallback applies.
 */
export function AccessProvider({ children }: { children: ReactNode }) {
  const { user, isLoading: authLoading } = useAuth();
  const { currentInstitution, isLoading: institutionsLoading } = useInstitution();
  const institutionId = user ? (currentInstitution?.id ?? null) : null;
  const accessQuery = useQuery(meAccessQueryOptions(institutionId));

  useEffect(() => {
    if (!accessQuery.isError) return;
    const error = accessQuery.error;
    const status = isApiError(error) ? error.status : undefined;
    const statusText = isApiError(error) ? error.statusText : String(error);
    logError('Failed to load access permissions', `${status} ${statusText}`);
  }, [accessQuery.isError, accessQuery.error]);

  const access = (institutionId && accessQuery.data) || GUEST_ACCESS;
  const isLoading =
    authLoading ||
    (Boolean(user) && (institutionsLoading || (Boolean(institutionId) && accessQuery.isPending)));

  const value = useMemo<AccessContextValue>(
    () => ({
      access,
      isLoading,
      isSuperAdmin: access.is_super_admin,
      canSeeModule: (moduleId) => isModuleVisible(access, moduleId),
      hasModuleLevel: (moduleId, level) =>
        access.is_super_admin ||
        (isModuleVisible(access, moduleId) && levelSatisfies(access.access_control[moduleId], level)),
      can: (permission) => access.is_super_admin || hasPermission(access.access_control, permission),
    }),
    [access, isLoading],
  );
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

export function useAccess(): AccessContextValue {
  const value = useContext(AccessContext);
  if (!value) throw new Error('useAccess must be used within an AccessProvider');
  return value;
}
