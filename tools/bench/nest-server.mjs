#!/usr/bin/env node
// The framework's own floor: a plain NestJS app on @nestjs/platform-fastify — the API's versions of
// both, resolved from the same node_modules — with one controller and nothing else (no guards, no
// interceptors, no pipes, no middleware, no logger), answering the bench's endpoints with the API's
// SQL through tools/bench/floor-work.mjs, the code the bare server runs. The API measured against it
// shows what the API adds to every request beyond NestJS itself.
// Started by tools/bench/run.mjs; env: DATABASE_URL, PORT, JWT_SECRET.
import 'reflect-metadata';
import { Body, Controller, Get, Headers, HttpException, Module, Param, Patch, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { createFloorWork, HttpError } from './floor-work.mjs';

const work = createFloorWork({ databaseUrl: process.env.DATABASE_URL, jwtSecret: process.env.JWT_SECRET });

/** The floor's errors as Nest answers them: `{ statusCode, message }` with the status. */
async function nestAnswer(promise) {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof HttpError) throw new HttpException(error.message, error.status);
    throw error;
  }
}

class FloorController {
  health() {
    return work.health();
  }
  meAccess(headers) {
    return nestAnswer(work.meAccess(headers));
  }
  deals(headers, query) {
    return nestAnswer(work.deals(headers, query));
  }
  deal(headers, id) {
    return nestAnswer(work.deal(headers, id));
  }
  changeStage(headers, id, body) {
    return nestAnswer(work.changeStage(headers, id, body));
  }
  leads(headers, query) {
    return nestAnswer(work.leads(headers, query));
  }
  records(headers, moduleId, submoduleId, query) {
    return nestAnswer(work.records(headers, moduleId, submoduleId, query));
  }
}

// Decorators applied by hand: this file runs in Node as it is, without a TypeScript build.
function route(name, method, params) {
  const prototype = FloorController.prototype;
  for (const [index, decorator] of params.entries()) decorator(prototype, name, index);
  method(prototype, name, Object.getOwnPropertyDescriptor(prototype, name));
}
route('health', Get('api/health'), []);
route('meAccess', Get('functions/v1/me-access'), [Headers()]);
route('deals', Get('api/crm/deals'), [Headers(), Query()]);
route('deal', Get('api/crm/deals/:id'), [Headers(), Param('id')]);
route('changeStage', Patch('api/crm/deals/:id'), [Headers(), Param('id'), Body()]);
route('leads', Get('api/crm/leads'), [Headers(), Query()]);
route('records', Get('api/modules/:moduleId/:submoduleId/records'), [
  Headers(),
  Param('moduleId'),
  Param('submoduleId'),
  Query(),
]);
Controller()(FloorController);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

const app = await NestFactory.create(FloorModule, new FastifyAdapter(), { logger: false });
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`plain Nest server listening on ${process.env.PORT}`);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    app
      .close()
      .then(() => work.end())
      .then(() => process.exit(0));
  });
}
