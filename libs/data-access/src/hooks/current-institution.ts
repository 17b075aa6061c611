import { createContext, createElement, type ReactNode, useContext, useEffect } from 'react';
import { setErrorReportInstitution } from '@tessera/data-access/client';

/**
 * The institution the user works in, as the hooks read it. The auth library's InstitutionProvider
 * knows the selection and publishes its id here; this library is shared as one instance between
 * the shell and the remotes, so every hook of every module reads the same value and screens never
 * pass the id themselves.
 */
const CurrentInstitutionContext = createContext<string | null>(null);

export function CurrentInstitutionIdProvider({
  institutionId,
  children,
}: {
  institutionId: string | null;
  children?: ReactNode;
}) {
  // The logger reports to the institution the user works in (docs/product/errors.md).
  useEffect(() => setErrorReportInstitution(institutionId), [institutionId]);
  return createElement(CurrentInstitutionContext.Provider, { value: institutionId }, children);
}

/** The selected institution's id; null when none is selected (signed out, or personal CRM rows). */
export function useCurrentInstitutionId(): string | null {
  return useContext(CurrentInstitutionContext);
}

/** The institution a write needs; none selected is refused before any call. */
export function requireInstitution(institutionId: string | null): string {
  if (!institutionId) throw new Error('Select an institution first.');
  return institutionId;
}
