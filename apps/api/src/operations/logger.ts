import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context';

/**
 * Fields never written to a log, wherever they appear in a logged object: credentials travel in
 * these headers and bodies.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  'password',
  'token',
  'authorization',
  'cookie',
];

export interface LogOptions {
  production: boolean;
  /** LOG_LEVEL: trace, debug, info, warn, error, fatal or silent. */
  level?: string;
}

let stdout: DestinationStream | undefined;

/** Lines gathered before a write, unless the next flush comes first. */
const STDOUT_BATCH_BYTES = 4096;
/** The longest a line waits for its write. */
const STDOUT_FLUSH_MS = 50;

/**
 * Standard output, written asynchronously: lines are gathered until about 4 KB (a few dozen request
 * lines) or 50 ms have passed, then written together, so a busy server makes one write for many
 * requests instead of one each (every asynchronous write is a hand-off to libuv's thread pool and
 * back, which cost more than building the line; docs/adr/0018-per-request-costs-2.md).
 * One stream for every logger of the process, so lines never interleave; pino flushes it at exit.
 */
function stdoutDestination(): DestinationStream {
  stdout ??= pino.destination({
    dest: 1,
    sync: false,
    minLength: STDOUT_BATCH_BYTES,
    periodicFlush: STDOUT_FLUSH_MS,
  });
  return stdout;
}

/**
 * One JSON line per event in production and whenever the output is not a terminal (a log shipper
 * reads it); readable lines for a developer at a terminal.
 */
export function createLogger({ production, level }: LogOptions): Logger {
  const pretty = !production && process.stdout.isTTY === true;
  const options = {
    level: level ?? 'info',
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (pretty) {
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid' },
      },
    });
  }
  return pino(options, stdoutDestination());
}

/** What one request's log line says: named fields only, never headers or bodies. */
export interface RequestLine {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId?: string;
  institutionId?: string;
}

export type RequestLogLevel = 'debug' | 'info' | 'error';

/** The request log: one line per finished request (operations/http-observability.ts). */
export interface RequestLog {
  enabled(level: RequestLogLevel): boolean;
  write(level: RequestLogLevel, line: RequestLine): void;
}

/**
 * The request log. In production (and whenever the output is not a terminal) each line is the
 * JSON pino would write for these fields — `{"level","time","pid",…fields,"msg":"request"}`, same
 * keys, order and stream — built by hand: pino's generic serialisation of an object (key walk,
 * per-value checks, its own escaping) was the largest single cost of a logged request after the
 * socket write (docs/adr/0024-per-request-costs-3.md). The fields are fixed and credential-free, so
 * there is nothing to redact. At a terminal it is `logger` itself (readable lines, one transport).
 */
export function createRequestLog(
  logger: Logger,
  { production, level }: LogOptions,
  destination: DestinationStream = stdoutDestination(),
): RequestLog {
  const pretty = !production && process.stdout.isTTY === true;
  if (pretty) {
    return {
      enabled: (lineLevel) => logger.isLevelEnabled(lineLevel),
      write: (lineLevel, line) => logger[lineLevel](line, 'request'),
    };
  }
  const threshold = pino.levels.values[level ?? 'info'] ?? Number.POSITIVE_INFINITY;
  const prefix = { debug: '{"level":20', info: '{"level":30', error: '{"level":50' } as const;
  const pid = `,"pid":${process.pid}`;
  return {
    enabled: (lineLevel) => pino.levels.values[lineLevel] >= threshold,
    write(lineLevel, line) {
      let text = `${prefix[lineLevel]},"time":${Date.now()}${pid},"requestId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"status":${line.status},"durationMs":${line.durationMs}`;
      if (line.userId !== undefined) text += `,"userId":${JSON.stringify(line.userId)}`;
      if (line.institutionId !== undefined) text += `,"institutionId":${JSON.stringify(line.institutionId)}`;
      destination.write(`${text},"msg":"request"}\n`);
    },
  };
}

const NEST_TO_PINO: Record<LogLevel, 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal'> = {
  log: 'info',
  error: 'error',
  warn: 'warn',
  debug: 'debug',
  verbose: 'trace',
  fatal: 'fatal',
};

/** Nest's own messages (and every `new Logger(context)` in the features) as pino lines. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: LogLevel, message: unknown, rest: unknown[]): void {
    // Nest passes the context last; an error's stack comes before it.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = level === 'error' && typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
    const requestId = currentRequestId();
    const fields = { context, ...(requestId ? { requestId } : {}), ...(stack ? { stack } : {}) };
    if (message instanceof Error) {
      this.logger[NEST_TO_PINO[level]]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[NEST_TO_PINO[level]]({ ...fields, ...(message as object) });
    } else {
      this.logger[NEST_TO_PINO[level]](fields, String(message));
    }
  }
}
