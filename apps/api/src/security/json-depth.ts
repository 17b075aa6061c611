import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';

/** Deeper than any body the API accepts; shallow enough that nothing recurses into trouble. */
export const MAX_JSON_DEPTH = 64;

/**
 * True when objects and arrays nest deeper than `max` in the JSON text. One pass over the
 * characters before parsing: a hostile body costs what reading it costs, and is refused before
 * anything recursive (parsing, transformation, validation) walks it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

class JsonTooDeepError extends Error {
  readonly statusCode = 400;
  constructor(max: number) {
    super(`The JSON body is nested more than ${max} levels deep`);
  }
}

/** Fastify's own JSON parser (with its prototype-poisoning checks), behind the depth check. */
export function registerJsonDepthLimit(
  app: NestFastifyApplication,
  bodyLimit: number,
  max = MAX_JSON_DEPTH,
): void {
  const parse = app.getHttpAdapter().getInstance().getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit }, (request, body, done) => {
    const text = body.toString('utf8');
    if (jsonDepthExceeds(text, max)) {
      done(new JsonTooDeepError(max), undefined);
      return;
    }
    parse(request, text, done);
  });
}
