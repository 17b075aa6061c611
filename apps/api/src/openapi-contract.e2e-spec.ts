import type { OpenAPIObject } from '@nestjs/swagger';
import { ResponseSchemas } from './test/response-contract';
import { useTestApi } from './test/test-fixture';

interface DocumentedResponse {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/**
 * Why an operation's success is not described well enough for a generated client, or null when
 * it is: a body with its schema, or an explicit no-content (204) or redirect.
 */
function missingSuccess(responses: Record<string, DocumentedResponse> = {}): string | null {
  const successes = Object.entries(responses).filter(([status]) => /^[23]/.test(status));
  if (successes.length === 0) return 'no success response';
  for (const [status, response] of successes) {
    if (status === '204' || status.startsWith('3')) {
      if (response.content) return `${status} documents a body`;
      continue;
    }
    const media = Object.entries(response.content ?? {});
    if (media.length === 0) return `${status} has no body schema`;
    for (const [type, { schema }] of media) if (!schema) return `${status} ${type} has no schema`;
  }
  return null;
}

/** The API's contract: what every operation answers, so a client generated from it is typed. */
describe('OpenAPI contract', () => {
  const { api } = useTestApi([]);
  let document: Document;

  beforeAll(async () => {
    const response = await fetch(`${api.url}/api/docs-json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });

  it('documents the success response of every operation', () => {
    const undocumented: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        operations += 1;
        const reason = missingSuccess(operation.responses);
        if (reason) undocumented.push(`${method.toUpperCase()} ${path}: ${reason}`);
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(undocumented).toEqual([]);
  });

  it('documents the one error body for the refusals and failures of every operation', () => {
    const error = document.components.schemas.ApiErrorBody;
    expect(error?.required).toEqual(expect.arrayContaining(['statusCode', 'message']));
    const withoutErrorShape: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        const errors = Object.entries(operation.responses ?? {}).filter(([status]) => /^[45]/.test(status));
        const documented = errors.some(
          ([, response]) =>
            response.content?.['application/json']?.schema?.$ref === '#/components/schemas/ApiErrorBody',
        );
        if (!documented) withoutErrorShape.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(withoutErrorShape).toEqual([]);
  });

  it('names every schema a response refers to', () => {
    const text = JSON.stringify(document.paths);
    const referenced = new Set(
      [...text.matchAll(/#\/components\/schemas\/([\w.-]+)/g)].map((match) => match[1]),
    );
    const missing = [...referenced].filter((name) => name && !document.components.schemas[name]);
    expect(missing).toEqual([]);
  });

  it('refuses bodies that drift from the documented schema (what every API test checks)', () => {
    const schemas = new ResponseSchemas(document as unknown as OpenAPIObject);
    const institution = {
      id: '6f1d2c9e-8d6b-4e0f-9a51-0c3b1e2d4f5a',
      name: 'Acme',
      slug: 'acme',
      plan_id: null,
      status: 'active',
      userRole: 'owner',
    };
    expect(schemas.mismatch('GET', '/api/institutions', 200, [institution])).toBeNull();
    // A missing field, a wrong type, a null where none is allowed.
    const { slug: _slug, ...withoutSlug } = institution;
    expect(schemas.mismatch('GET', '/api/institutions', 200, [withoutSlug])).toContain(
      "must have required property 'slug'",
    );
    expect(schemas.mismatch('GET', '/api/institutions', 200, [{ ...institution, name: 7 }])).toContain(
      'must be string',
    );
    expect(schemas.mismatch('GET', '/api/institutions', 200, [{ ...institution, status: null }])).toContain(
      'must be string',
    );
    // A value outside the contract's enumeration.
    const member = {
      user_id: institution.id,
      email: 'taylor.brooks@acme.test',
      name: 'Taylor Brooks',
      role: 'member',
      joined_at: '2026-01-05T09:00:00.000Z',
      levels: { crm: 'write' },
      explicit_modules: [],
    };
    expect(schemas.mismatch('GET', '/api/administration/members', 200, [member])).toBeNull();
    expect(
      schemas.mismatch('GET', '/api/administration/members', 200, [{ ...member, role: 'boss' }]),
    ).toContain('must be equal to one of the allowed values');
    expect(
      schemas.mismatch('GET', '/api/administration/members', 200, [{ ...member, levels: { crm: 'all' } }]),
    ).toContain('must be equal to one of the allowed values');
    // Errors carry the one error body; a success status the operation does not answer is refused.
    expect(
      schemas.mismatch('GET', '/api/institutions', 404, { statusCode: 404, message: 'Not found' }),
    ).toBeNull();
    expect(schemas.mismatch('GET', '/api/institutions', 404, { message: 'Not found' })).toContain(
      'statusCode',
    );
    expect(schemas.mismatch('GET', '/api/institutions', 201, [])).toBe('status 201 is not documented');
  });
});
