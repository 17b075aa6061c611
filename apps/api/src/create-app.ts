import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';
import { remoteReleasesDir } from './registry/remote-releases';
import { registerStaticWeb } from './web/static-web';

export interface CreateAppOptions {
  /** Serve the built shell and remotes (the production server); tests of the API alone skip it. */
  serveWeb?: boolean;
  logger?: boolean;
}

/** The API as the server and the tests both run it: Fastify, cookies, validation, errors, docs. */
export async function createApp(
  config: AppConfig,
  databaseUrl: string,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, databaseUrl),
    new FastifyAdapter({ trustProxy: true, bodyLimit: 2 * 1024 * 1024 }),
    { logger: options.logger === false ? false : ['error', 'warn', 'log'] },
  );
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  app.setGlobalPrefix('api', { exclude: ['functions/v1/me-access'] });
  app.useGlobalPipes(createValidationPipe());

  const spaFallback = options.serveWeb
    ? await registerStaticWeb(app.getHttpAdapter().getInstance(), config.webRoot, remoteReleasesDir(config))
    : null;
  app.useGlobalFilters(new ApiExceptionFilter(spaFallback));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Tessera API')
      .setDescription('Multi-tenant business workspace. Org-scoped calls carry X-Institution-Id.')
      .setVersion('1.0')
      .addCookieAuth('tessera_at')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  await app.init();
  return app;
}
