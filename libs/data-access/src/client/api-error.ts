/** The API's error body: `{ statusCode, message, errors? }`, where message may be a list (400s). */
export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  errors?: Record<string, string[] | string>;
}

/** A failed API call, with the HTTP status and the server's message as one string. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly messages: string[];
  readonly errors?: ApiErrorBody['errors'];

  constructor(status: number, statusText: string, body: ApiErrorBody | null) {
    const messages = normaliseMessages(body?.message, status, statusText);
    super(messages.join('; '));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.messages = messages;
    this.errors = body?.errors;
  }
}

function normaliseMessages(message: ApiErrorBody['message'], status: number, statusText: string): string[] {
  if (Array.isArray(message) && message.length > 0) return message.map(String);
  if (typeof message === 'string' && message) return [message];
  return [statusText || `Request failed with status ${status}`];
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A 409: the row changed since it was read (its version is stale), or its state refuses the change. */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}
