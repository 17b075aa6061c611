export { ApiError, isApiError, type ApiErrorBody } from './api-error';
export {
  apiFetch,
  onSessionRefreshed,
  refreshSession,
  type ApiFetchOptions,
  type HttpMethod,
  type SessionResponse,
} from './api-fetch';
export * from './records';
