/**
 * Without an institution the key still starts with a scope: the CRM API answers the caller's
 * personal rows there, and other org-scoped queries stay disabled under the same key.
 */
export const NO_INSTITUTION_KEY = 'personal';

/** The first element of every org-scoped key: the institution id, or `personal`. */
export const scopeKey = (institutionId: string | null): string => institutionId ?? NO_INSTITUTION_KEY;

/**
 * Keys shared by the shell's providers. Org-scoped keys START with the institution id (libs/data-access/README.md),
 * so switching institution can never show another institution's cached rows and one
 * `removeQueries({ queryKey: [institutionId] })` forgets everything of an institution.
 */
export const queryKeys = {
  authUser: () => ['auth', 'user'] as const,
  authSessions: () => ['auth', 'sessions'] as const,
  twoFactor: () => ['auth', 'two-factor'] as const,
  institutions: () => ['institutions'] as const,
  institution: (institutionId: string) => [institutionId] as const,
  meAccess: (institutionId: string | null) => [scopeKey(institutionId), 'me-access'] as const,
  featureFlags: (institutionId: string | null) => [scopeKey(institutionId), 'feature-flags'] as const,
  remotes: (institutionId: string | null) => [scopeKey(institutionId), 'remotes'] as const,
  /** Kept under the institution's scope: whatever refreshes an institution's answers refreshes the catalogue too. */
  moduleCatalogue: (institutionId: string | null) => [scopeKey(institutionId), 'module-catalogue'] as const,
  crmAnalytics: (institutionId: string | null, start: string, end: string) =>
    [scopeKey(institutionId), 'crm', 'analytics', { start, end }] as const,
};
