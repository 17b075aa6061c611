import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { documentApiKeys } from '../integrations/api-key-document';
import { WebhookEventBody } from '../integrations/integrations.responses';
import { ApiErrorBody } from './api-error.body';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The API's OpenAPI document. Every error leaves through ApiExceptionFilter with one body, so the
 * shape is added once here for every 4xx and 5xx of every operation (an operation that documents a
 * particular error itself keeps its own description).
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Tessera API')
      .setDescription(
        'Multi-tenant business workspace. Org-scoped calls carry X-Institution-Id, or an API key of the institution (docs/api.md). Webhook deliveries have the body WebhookEventBody, signed in Tessera-Signature.',
      )
      .setVersion('1.0')
      .addCookieAuth('tessera_at')
      .build(),
    { extraModels: [ApiErrorBody, WebhookEventBody] },
  );
  documentApiKeys(app, document);
  const error = { 'application/json': { schema: { $ref: getSchemaPath(ApiErrorBody) } } };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation: Operation | undefined = item[method];
      if (!operation) continue;
      operation.responses['4XX'] ??= { description: 'Refused: the error body says why', content: error };
      operation.responses['5XX'] ??= { description: 'Server error', content: error };
      for (const [status, response] of Object.entries(operation.responses)) {
        if (/^[45]/.test(status) && response && 'description' in response && !response.content)
          response.content = error;
      }
    }
  }
  return document;
}
