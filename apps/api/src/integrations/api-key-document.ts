import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ADMIN_READ_SCOPE, type InstitutionRole, INSTITUTION_ROLES } from '@tessera/data-access/contracts';
import {
  ACROSS_MODULES,
  INSTITUTION_ACCESS,
  MEMBERSHIP_OPTIONAL,
  MODULE_ACCESS,
  type ModuleAccessRequirement,
  SYSTEM_CONTEXT,
} from '../access/tenant-scope';
import { IS_PUBLIC } from '../common/public.decorator';

export const API_KEY_SCHEME = 'api_key';
const SESSION_SCHEME = 'tessera_at';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests this API key may make per minute (API_KEY_REQUESTS_PER_MINUTE)',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': { description: 'Requests left in the current minute', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends', schema: { type: 'integer' } },
};

/**
 * The scope an API key needs for a route, read from the same decorators the tenant scope guard
 * reads (integrations/api-key-scopes.ts): null when keys cannot call it at all.
 */
function scopeOf(method: string, read: <T>(key: string) => T | undefined): string | null {
  if (read<boolean>(IS_PUBLIC) || read<string>(SYSTEM_CONTEXT)) return null;
  const module = read<ModuleAccessRequirement>(MODULE_ACCESS);
  if (module) {
    if (module.level === 'admin') return null;
    const id = typeof module.module === 'string' ? module.module : `{${module.module.param}}`;
    return `${id}:${module.level}`;
  }
  const roles = read<InstitutionRole[]>(INSTITUTION_ACCESS);
  if (roles) {
    if (method !== 'get') return null;
    return INSTITUTION_ROLES.every((role) => roles.includes(role)) ? 'none' : ADMIN_READ_SCOPE;
  }
  if (read<boolean>(ACROSS_MODULES)) return '<module>:read of each module searched';
  if (read<boolean>(MEMBERSHIP_OPTIONAL)) return 'none';
  return null;
}

/** Operation id (`Controller_method`, Nest's default) → the HTTP method and the scope a key needs. */
function scopesByOperation(app: INestApplication): Map<string, string | null> {
  const scopes = new Map<string, string | null>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name] as unknown;
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const requestMethod = Reflect.getMetadata('method', handler) as number | undefined;
        if (requestMethod === undefined) continue;
        const read = <T>(key: string): T | undefined =>
          (Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller)) as T | undefined;
        // Nest's RequestMethod enum: 0 GET, 1 POST, 2 PUT, 3 DELETE, 4 PATCH.
        const method = ['get', 'post', 'put', 'delete', 'patch'][requestMethod] ?? 'other';
        scopes.set(`${controller.name}_${name}`, scopeOf(method, read));
      }
    }
  }
  return scopes;
}

/**
 * Adds API-key authentication to the document (docs/api.md): the scheme, and on every operation a
 * key may call the scope it needs (`x-api-key-scope`, also in its description), the rate-limit
 * headers and the 429 answer.
 */
export function documentApiKeys(app: INestApplication, document: OpenAPIObject): void {
  document.components ??= {};
  document.components.securitySchemes = {
    ...document.components.securitySchemes,
    [API_KEY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'tsk_…',
      description:
        'An API key of one institution (Authorization: Bearer tsk_…): no cookie, CSRF origin or X-Institution-Id. Each operation names the scope it needs in x-api-key-scope.',
    },
  };
  const scopes = scopesByOperation(app);
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const scope = scopes.get(operation.operationId);
      if (scope === undefined || scope === null) continue;
      operation.security = [{ [SESSION_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }];
      Object.assign(operation, { 'x-api-key-scope': scope });
      const note = scope === 'none' ? 'any key of the institution' : `\`${scope}\``;
      operation.description = `${operation.description ? `${operation.description}\n\n` : ''}API key scope: ${note}.`;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (/^2/.test(status) && response && 'description' in response)
          response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
      }
      operation.responses['429'] ??= {
        description: 'Over the API key’s requests per minute',
        headers: {
          'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
          ...RATE_LIMIT_HEADERS,
        },
      };
    }
  }
}
