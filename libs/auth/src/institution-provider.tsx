import { isApiError } from '@tessera/data-access/client';
import {
  type Institution,
  SELECTED_INSTITUTION_KEY,
  selectInstitution,
} from '@tessera/data-access/contracts';
import {
  CurrentInstitutionIdProvider,
  clearFeatureFlagCache,
  institutionsQueryOptions,
  queryKeys,
} from '@tessera/data-access/hooks';
import { toast } from '@tessera/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { onAuthEvent } from './auth-events';
import { useAuth } from './auth-provider';

/** docs/product/institutions.md#choosing-the-institution: the list reloads 100 ms after SIGNED_IN / SIGNED_OUT. */
export const INSTITUTION_RELOAD_DELAY_MS = 100;

export interface InstitutionContextValue {
  institutions: Institution[];
  currentInstitution: Institution | null;
  isLoading: boolean;
  switchInstitution: (institutionId: string) => void;
  /** Clears the feature-flag cache and forgets the saved selection (docs/product/institutions.md#choosing-the-institution). */
  clearInstitutionCache: () => void;
}

const InstitutionContext = createContext<InstitutionContextValue | null>(null);

function readSavedId(): string | null {
  try {
    return sessionStorage.getItem(SELECTED_INSTITUTION_KEY);
  } catch {
    return null;
  }
}

function writeSavedId(institutionId: string | null): void {
  try {
    if (institutionId) sessionStorage.setItem(SELECTED_INSTITUTION_KEY, institutionId);
    else sessionStorage.removeItem(SELECTED_INSTITUTION_KEY);
  } catch {
    // Storage can be refused (privacy modes); the selection then lasts for this page only.
  }
}

/** docs/product/institutions.md#messages: load failures toast, except when the cause is simply a signed-out user. */
export function shouldToastInstitutionError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (message.toLowerCase().includes('not authenticated')) return false;
  return !(isApiError(error) && error.status === 401);
}

/**
 * Which institution the user works in (docs/product/institutions.md#choosing-the-institution): restored from sessionStorage
 * `selectedInstitutionId`, else the first of the list (then saved).
 */
export function InstitutionProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const institutionsQuery = useQuery(institutionsQueryOptions(Boolean(user)));
  const [savedId, setSavedId] = useState<string | null>(readSavedId);

  const institutions = useMemo(
    () => (user ? (institutionsQuery.data ?? []) : []),
    [user, institutionsQuery.data],
  );
  const currentInstitution = useMemo(() => selectInstitution(institutions, savedId), [institutions, savedId]);

  // When none was saved, or the saved one is not in the list, the first one is selected AND saved.
  useEffect(() => {
    if (currentInstitution && currentInstitution.id !== savedId) {
      writeSavedId(currentInstitution.id);
      setSavedId(currentInstitution.id);
    }
  }, [currentInstitution, savedId]);

  useEffect(() => {
    if (institutionsQuery.isError && shouldToastInstitutionError(institutionsQuery.error)) {
      toast({
        title: 'Error',
        description: 'Failed to load institution information',
        variant: 'destructive',
      });
    }
  }, [institutionsQuery.isError, institutionsQuery.error]);

  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event !== 'SIGNED_IN' && event !== 'SIGNED_OUT') return;
        setTimeout(() => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.institutions() });
        }, INSTITUTION_RELOAD_DELAY_MS);
      }),
    [queryClient],
  );

  const switchInstitution = useCallback(
    (institutionId: string) => {
      writeSavedId(institutionId);
      setSavedId(institutionId);
      clearFeatureFlagCache(queryClient, institutionId);
      // Access and data of the institution are refetched so nothing stale shows after a switch.
      void queryClient.invalidateQueries({ queryKey: queryKeys.institution(institutionId) });
    },
    [queryClient],
  );

  const clearInstitutionCache = useCallback(() => {
    clearFeatureFlagCache(queryClient);
    writeSavedId(null);
    setSavedId(null);
  }, [queryClient]);

  const value = useMemo<InstitutionContextValue>(
    () => ({
      institutions,
      currentInstitution,
      isLoading: Boolean(user) && institutionsQuery.isPending,
      switchInstitution,
      clearInstitutionCache,
    }),
    [
      institutions,
      currentInstitution,
      user,
      institutionsQuery.isPending,
      switchInstitution,
      clearInstitutionCache,
    ],
  );
  // The data hooks read the selection from data-access, so no screen passes the id to them.
  return (
    <InstitutionContext.Provider value={value}>
      <CurrentInstitutionIdProvider institutionId={currentInstitution?.id ?? null}>
        {children}
      </CurrentInstitutionIdProvider>
    </InstitutionContext.Provider>
  );
}

export function useInstitution(): InstitutionContextValue {
  const value = useContext(InstitutionContext);
  if (!value) throw new Error('useInstitution must be used within an InstitutionProvider');
  return value;
}
