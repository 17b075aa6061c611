import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { registerAccessHooks } from './access/access-http-hooks';
import { AppModule } from './app.module';
import { buildApiDocument } from './common/api-document';
import { registerRequestScope } from './common/request-scope';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';
import { httpServerOptions, observeHttp } from './operations/http-observability';
import { createLogger, createRequestLog, PinoNestLogger } from './operations/logger';
import { registerRouteBodyLimits } from './security/body-limit';
import { registerMultipartLimits, registerStreamedUploads } from './security/multipart-limits';
import { registerJsonDepthLimit } from './security/json-depth';
import { registerOriginCheck } from './security/origin-check';
import { registerRateLimits } from './security/rate-limits';
import { registerSecurityHeaders } from './security/security-headers';
import { registerStaticWeb } from './web/static-web';
import { ApiKeyAudit } from './integrations/api-key-audit';

const BODY_LIMIT = 2 * 1024 * 1024;

export interface CreateAppOptions {
  /** Serve the built shell and remotes (the production server); tests of the API alone skip it. */
  serveWeb?: boolean;
  logger?: boolean;
  /** Sees the Fastify instance before any route is added (the tests' response contract). */
  observe?: (fastify: FastifyInstance) => void;
  /**
   * The OpenAPI document when the caller already has it: scanning every controller takes about a
   * second, and the API tests start dozens of apps of the same code in one run.
   */
  apiDocument?: OpenAPIObject;
}

/**
 * Fastify reads no body of a GET or HEAD request: such routes go without the plugin's request
 * decompression hook. Registered before @fastify/compress, whose own onRoute hook reads `decompress`.
 */
function skipDecompressionWithoutBody(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) {
      (route as { decompress?: false }).decompress = false;
    }
  });
}

/**
 * The API as the server and the tests both run it: Fastify, security headers, cookies, the origin
 * check, rate limits, validation, errors, docs. Hook order is the order below: every answer gets
 * the headers, cookies are read before the origin check needs them.
 */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const logOptions = {
    production: config.production,
    level: options.logger === false ? 'silent' : config.logLevel,
  };
  const logger = createLogger(logOptions);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, databaseUrl),
    new FastifyAdapter({ trustProxy: config.trustProxy, bodyLimit: BODY_LIMIT, ...httpServerOptions() }),
    { logger: options.logger === false ? false : new PinoNestLogger(logger) },
  );
  const fastify = app.getHttpAdapter().getInstance();
  registerRequestScope(fastify);
  observeHttp(app, createRequestLog(logger, logOptions), config);
  registerAccessHooks(app);
  app.get(ApiKeyAudit).register(fastify);
  options.observe?.(fastify);
  registerJsonDepthLimit(app, BODY_LIMIT);
  registerRouteBodyLimits(fastify);
  registerSecurityHeaders(fastify, config);
  await app.register(fastifyCookie);
  registerOriginCheck(fastify, config);
  await registerRateLimits(fastify, config);
  registerMultipartLimits(fastify);
  await registerStreamedUploads(fastify);
  app.setGlobalPrefix('api', { exclude: ['functions/v1/me-access', 'metrics'] });
  app.useGlobalPipes(createValidationPipe());

  const spaFallback = options.serveWeb
    ? await registerStaticWeb(fastify, config.webRoot, config.allowedOrigins)
    : null;
  // Registered after the static files (they ship precompressed, see tools/federation/precompress.mjs):
  // its hook then reaches only the API's routes, added later by init. JSON above 1 KB is compressed;
  // event streams never are.
  skipDecompressionWithoutBody(fastify);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback));

  // In production the API's map is published only when the operator says so (API_DOCS=1).
  if (config.apiDocs) {
    const document = options.apiDocument ?? buildApiDocument(app);
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  }
  await app.init();
  return app;
}
