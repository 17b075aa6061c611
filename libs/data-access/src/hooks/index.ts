export { NO_INSTITUTION_KEY, queryKeys, scopeKey } from './query-keys';
export { CurrentInstitutionIdProvider, useCurrentInstitutionId } from './current-institution';
export {
  AUTH_USER_STALE_TIME,
  authUserQueryOptions,
  changePassword,
  fetchAuthUser,
  signIn,
  signOut,
  updateProfile,
  useAuthUserQuery,
  useChangePassword,
  useUpdateProfile,
  type PasswordChange,
  type ProfileUpdate,
} from './auth';
export {
  fetchInstitutions,
  institutionsQueryOptions,
  updateInstitutionName,
  useInstitutionsQuery,
  useRenameInstitution,
  type InstitutionRename,
} from './institutions';
export {
  ACCESS_RETRIES,
  ACCESS_STALE_TIME,
  fetchMeAccess,
  meAccessQueryOptions,
  useMeAccessQuery,
} from './access';
export {
  clearFeatureFlagCache,
  featureFlagsQueryOptions,
  fetchFeatureFlags,
  useFeatureFlags,
  type FeatureFlagsResponse,
} from './feature-flags';
export { fetchRemoteRegistry, remotesQueryOptions, useRemoteRegistry } from './remotes';
export {
  recordRecentModule,
  savePinnedModules,
  useRecordRecentModule,
  useTogglePinnedModule,
} from './personalization';
export {
  crmAnalyticsQueryOptions,
  fetchCrmAnalytics,
  useCrmAnalytics,
  type CrmAnalyticsSummary,
} from './crm-analytics';
export * from './records';
export * from './crm-deals';
export * from './crm-contacts';
export * from './crm-activities';
export * from './crm-charts';
export * from './crm-leads';
export * from './crm-scoring';
export * from './crm-automation';
export * from './crm-qualification';
export * from './crm-analytics-report';
export * from './administration';
export * from './outbox';
export * from './invitations';
export * from './password-reset';
export { applyLiveEvent, LIVE_RECONNECT_MS, resyncInstitution, useLiveUpdates } from './live-updates';
export * from './crm-email';
export * from './crm-campaigns';
