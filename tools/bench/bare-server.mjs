#!/usr/bin/env node
// The lowest limit the API is measured against: a bare `node:http` + `pg` server, pool of 10 like
// the API's, answering the bench's endpoints with the API's SQL and the same JSON rows
// (tools/bench/floor-work.mjs, shared with the plain NestJS server). No framework, no validation
// layer. Started by tools/bench/run.mjs; env: DATABASE_URL, PORT, JWT_SECRET.
import { createServer } from 'node:http';
import { createFloorWork, HttpError } from './floor-work.mjs';

const work = createFloorWork({ databaseUrl: process.env.DATABASE_URL, jwtSecret: process.env.JWT_SECRET });

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}));
    request.on('error', reject);
  });
}

async function answer(request, url) {
  const path = url.pathname;
  const { headers } = request;
  const query = Object.fromEntries(url.searchParams);
  if (path === '/api/health') return work.health();
  if (path === '/functions/v1/me-access') return work.meAccess(headers);
  if (path === '/api/crm/deals' && request.method === 'GET') return work.deals(headers, query);
  const dealId = /^\/api\/crm\/deals\/([0-9a-f-]{36})$/.exec(path)?.[1];
  if (dealId && request.method === 'GET') return work.deal(headers, dealId);
  if (dealId && request.method === 'PATCH') return work.changeStage(headers, dealId, await readBody(request));
  if (path === '/api/crm/leads') return work.leads(headers, query);
  const records = /^\/api\/modules\/([a-z-]+)\/([a-z-]+)\/records$/.exec(path);
  if (records) return work.records(headers, records[1], records[2], query);
  throw new HttpError(404, 'Not found');
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://bare');
  answer(request, url).then(
    (body) => {
      const json = JSON.stringify(body);
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(json),
      });
      response.end(json);
    },
    (error) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error(error);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ statusCode: status, message: error.message }));
    },
  );
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`bare server listening on ${typeof address === 'object' && address ? address.port : ''}`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    work.end().then(() => process.exit(0));
  });
}
