/**
 * Errors services throw in product words; the one exception filter maps them to HTTP.
 * Messages are the ones users see, so they come from docs/product/ where it states one.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(404, `${what} not found`);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, details?: Record<string, string[]>) {
    super(409, message, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string, details?: Record<string, string[]>) {
    super(400, message, details);
  }
}

export class NotAuthenticatedError extends DomainError {
  constructor(message = 'User not authenticated') {
    super(401, message);
  }
}

/** 429, with the seconds to wait when known: the exception filter turns them into a `Retry-After` header. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** "in 14 minutes", "in 30 seconds": how long a refused caller waits, in words. */
export function waitInWords(seconds: number): string {
  if (seconds >= 90) return `in ${Math.ceil(seconds / 60)} minutes`;
  return seconds <= 1 ? 'in a second' : `in ${seconds} seconds`;
}
