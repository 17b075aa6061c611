export { ApiError, type ApiErrorBody, isApiError, isConflict } from './api-error';
export {
  type ApiFile,
  apiDownload,
  apiFetch,
  filenameFromContentDisposition,
  onSessionRefreshed,
  saveFile,
  refreshSession,
  type ApiFetchOptions,
  type HttpMethod,
} from './api-fetch';
export * from './records';
export * from './crm-deals';
export * from './crm-contacts';
export * from './crm-companies';
export * from './crm-activities';
export * from './crm-charts';
export * from './crm-leads';
export * from './crm-scoring';
export * from './crm-automation';
export * from './crm-qualification';
export * from './crm-analytics-report';
export * from './administration';
export * from './invitations';
export * from './password-reset';
export * from './outbox';
export * from './crm-email';
export * from './crm-campaigns';
export * from './crm-sequences';
export * from './crm-imports';
export * from './session';
export * from './identity';
export * from './institutions';
export * from './access';
export * from './feature-flags';
export * from './remotes';
export * from './registry-admin';
export * from './crm-analytics';
export { logError, errorReportFor, resetErrorLogger, setErrorReportInstitution } from './error-logger';
export * from './record-lists';
export * from './home';
export * from './search';
export * from './integrations';
export * from './crm-web-forms';
export * from './crm-forecast';
export * from './crm-selling';
export * from './mailboxes';
