import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from '@nestjs/swagger';

type Responses = NonNullable<OpenAPIObject['paths'][string]['get']>['responses'];

/** The document's response schemas, compiled once per method, route and status. */
export class ResponseSchemas {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction | string>();

  constructor(readonly document: OpenAPIObject) {
    addFormats(this.ajv);
    this.ajv.addSchema({ components: openApi30ToJsonSchema(document.components ?? {}) }, 'openapi');
  }

  /**
   * Why the body does not match its documented schema, or null when it does; undefined for routes
   * outside the document (the SPA fallback, the docs themselves), which are not the API's contract.
   */
  mismatch(method: string, path: string, status: number, body: unknown): string | null | undefined {
    const item = this.document.paths[path];
    if (!item) return undefined;
    const key = `${method} ${path} ${status}`;
    let validator = this.validators.get(key);
    if (validator === undefined) {
      const operation = item[method.toLowerCase() as 'get'];
      validator = operation ? this.compile(operation.responses, status) : 'the operation is not documented';
      this.validators.set(key, validator);
    }
    if (typeof validator === 'string') return validator;
    if (validator(body)) return null;
    const errors = this.ajv.errorsText(validator.errors?.slice(0, 5), { dataVar: 'body' });
    return `${errors}\n  body: ${JSON.stringify(body).slice(0, 500)}`;
  }

  private compile(responses: Responses, status: number): ValidateFunction | string {
    const code = String(status);
    const response = responses[code] ?? responses[`${code[0]}XX`] ?? responses.default;
    if (!response) return `status ${code} is not documented`;
    if ('$ref' in response) return 'response given by reference';
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return `status ${code} documents no JSON body`;
    return this.ajv.compile(openApi30ToJsonSchema(schema) as object);
  }
}

/**
 * Checks every JSON body the API under test sends against the schema its OpenAPI document gives
 * for that method, route and status, so the document cannot drift from the code: a test that
 * receives an undocumented body fails, whatever it asserts itself.
 */
export class ResponseContract {
  private readonly violations: string[] = [];
  private schemas: ResponseSchemas | null = null;

  /** Watches the app's answers; call before its routes are registered. */
  observe(fastify: FastifyInstance): void {
    // preSerialization sees the body an object route returns (not the streams and texts of
    // downloads), before compression.
    fastify.addHook('preSerialization', async (request, reply, payload) => {
      const route = request.routeOptions.url;
      if (route && this.schemas) {
        const path = route.replace(/:(\w+)/g, '{$1}');
        const body: unknown = JSON.parse(JSON.stringify(payload) ?? 'null');
        // Fastify answers HEAD with the GET route.
        const method = request.method === 'HEAD' ? 'GET' : request.method;
        const mismatch = this.schemas.mismatch(method, path, reply.statusCode, body);
        if (mismatch) this.violations.push(`${method} ${path} ${reply.statusCode}: ${mismatch}`);
      }
      return payload;
    });
  }

  use(schemas: ResponseSchemas): void {
    this.schemas = schemas;
  }

  /** The violations seen since the last call (a test's share). */
  take(): string[] {
    return this.violations.splice(0);
  }
}

/**
 * OpenAPI 3.0 schemas into JSON Schema: `nullable` becomes a null alternative, and local references
 * point at the components registered as "openapi".
 */
function openApi30ToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApi30ToJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') converted.$ref = value.replace(/^#\//, 'openapi#/');
    else if (key !== 'nullable') converted[key] = openApi30ToJsonSchema(value);
  }
  if ((schema as { nullable?: unknown }).nullable !== true) return converted;
  if (typeof converted.type === 'string' && !converted.$ref && !converted.allOf) {
    converted.type = [converted.type, 'null'];
    if (Array.isArray(converted.enum)) converted.enum = [...converted.enum, null];
    return converted;
  }
  return { anyOf: [converted, { type: 'null' }] };
}
