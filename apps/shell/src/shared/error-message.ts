import { isApiError } from '@tessera/data-access/client';

/** The server's message for a refused change (they are written for people), else a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status < 500 && error.message) return error.message;
  return fallback;
}
