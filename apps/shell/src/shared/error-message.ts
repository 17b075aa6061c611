import { isApiError } from '@tessera/data-access/client';
import { toast } from '@tessera/ui';

/** The server's message for a refused change (they are written for people), else a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status < 500 && error.message) return error.message;
  return fallback;
}

/** A failed change, said in a toast in the server's words where it has them. */
export function toastFailure(error: unknown, fallback: string): void {
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}
