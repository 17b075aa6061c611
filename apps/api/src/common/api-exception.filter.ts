import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { DomainError } from './domain-errors';

interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error?: string;
  errors?: Record<string, string[]>;
}

/** PostgreSQL error codes that are the caller's fault, not the server's. */
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these values already exists'],
  '23503': [400, 'A referenced record does not exist'],
  '23514': [400, 'A value is outside what is allowed'],
  '22P02': [400, 'A value has the wrong format'],
  '22007': [400, 'A date has the wrong format'],
  '22008': [400, 'A date is out of range'],
  '22003': [400, 'A number is out of range'],
};

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * The one place errors become HTTP answers: typed domain errors, Nest's HTTP exceptions, and
 * database refusals; anything else is a logged 500 that never leaks internals. A GET for a client
 * route that matched nothing gets the shell's index.html (history-API routing).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly spaFallback: SpaFallback | null = null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();

    if (exception instanceof NotFoundException && this.spaFallback?.(request, reply)) return;

    const body = this.toBody(exception);
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (body.statusCode === 429 && typeof retryAfter === 'number')
      reply.header('Retry-After', String(retryAfter));
    if (body.statusCode >= 500)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    void reply.status(body.statusCode).send(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof DomainError) {
      return {
        statusCode: exception.status,
        message: exception.message,
        ...(exception.details ? { errors: exception.details } : {}),
      };
    }
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      if (typeof response === 'string') return { statusCode: exception.getStatus(), message: response };
      const { statusCode, message, error, errors } = response as Partial<ErrorBody>;
      return {
        statusCode: statusCode ?? exception.getStatus(),
        message: message ?? exception.message,
        ...(error ? { error } : {}),
        ...(errors ? { errors } : {}),
      };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception.driverError as { code?: string } | undefined)?.code;
      const known = code ? PG_CLIENT_ERRORS[code] : undefined;
      if (known) return { statusCode: known[0], message: known[1] };
    }
    const statusCode = (exception as { statusCode?: number } | null)?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      // Fastify's own refusals (bad JSON, body too large) keep their status.
      return { statusCode, message: (exception as Error).message };
    }
    return { statusCode: 500, message: 'Internal server error' };
  }
}
