/**
 * Every query key in one place. Org-scoped keys START with the institution id (libs/data-access/README.md), so
 * switching institution can never show another institution's cached rows and one
 * `removeQueries({ queryKey: [institutionId] })` forgets everything of an institution.
 */
export const queryKeys = {
  authUser: () => ['auth', 'user'] as const,
  institutions: () => ['institutions'] as const,
  institution: (institutionId: string) => [institutionId] as const,
  meAccess: (institutionId: string) => [institutionId, 'me-access'] as const,
  featureFlags: (institutionId: string) => [institutionId, 'feature-flags'] as const,
  remotes: (institutionId: string) => [institutionId, 'remotes'] as const,
  crmAnalytics: (institutionId: string, start: string, end: string) =>
    [institutionId, 'crm', 'analytics', { start, end }] as const,
};
