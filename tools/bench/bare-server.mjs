#!/usr/bin/env node
// The limit the API is measured against: a bare `node:http` + `pg` server, pool of 10 like the
// API's, answering the bench's endpoints with the same SQL the API runs and the same JSON rows.
// It does what a correct server must do for the rows to be the right ones: it checks the access
// token (HS256, the API's cookie) and resolves the caller's membership and level in the named
// institution with the API's own access query (kept per user and institution, as the API keeps it).
// Nothing else: no framework, no validation layer.
// Started by tools/bench/run.mjs; env: DATABASE_URL, PORT, JWT_SECRET.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? '', 'utf8'));
const superAdmins = new Set(
  (process.env.SUPER_ADMIN_EMAILS ?? 'admin@tessera.app')
    .split(',')
    .map((email) => email.trim().toLowerCase()),
);

// The API's SQL, copied from its query log (TypeORM's column aliases aside).
const ACCESS_SQL = `SELECT i.id, i.name, i.slug, i.plan_id, i.status, i.modules_included, m.role AS membership_role,
  COALESCE((SELECT json_object_agg(a.module_id, a.level) FROM member_module_access a
            WHERE a.institution_id = i.id AND a.user_id = $1), '{}'::json) AS module_overrides
  FROM institutions i LEFT JOIN institution_members m ON m.institution_id = i.id AND m.user_id = $1
  WHERE i.id = $2`;
const DEAL_COLUMNS = `d.id, d.org_id, d.owner_id, d.name, d.title, d.description, d.amount::float8 AS amount,
  d.currency, d.probability, d.stage, d.status, d.company_id, d.account_id, d.contact_id,
  to_char(d.expected_close_date, 'YYYY-MM-DD') AS expected_close_date, d.lead_source, d.closed_at, d.version,
  d.created_at, d.updated_at`;
const DEALS_SQL = `SELECT ${DEAL_COLUMNS} FROM crm_deals d WHERE d.org_id = $1
  ORDER BY d.created_at DESC, d.id LIMIT $2 OFFSET $3`;
const DEAL_SQL = `SELECT ${DEAL_COLUMNS} FROM crm_deals d WHERE d.id = $1 AND d.org_id = $2`;
// The API answers an unfiltered page's total from the scope's kept count (crm_lead_totals).
const LEADS_COUNT_SQL = 'SELECT total::int AS total FROM crm_lead_totals WHERE scope_id = $1';
const LEADS_SQL = `SELECT l.id, l.org_id, l.owner_id, l.first_name, l.last_name, l.email, l.phone, l.company, l.position,
  l.lead_source, l.source, l.website, l.industry, l.company_size, l.budget_range, l.timeline, l.pain_points, l.notes,
  l.stage, l.status, l.lead_score, l.qualification_score, l.qualification_data, l.created_at, l.updated_at
  FROM crm_leads l WHERE l.org_id = $1 ORDER BY l.lead_score DESC, l.id ASC LIMIT $2 OFFSET $3`;
const PROFILE_SQL = `SELECT u.email, json_build_object('first_name', u.first_name, 'last_name', u.last_name,
  'avatar_url', u.avatar_url) AS user_metadata, p.sidebar_pinned, p.recent_modules
  FROM users u LEFT JOIN user_access_control p ON p.user_id = u.id WHERE u.id = $1`;
const RECORDS_SQL = `SELECT r.id, r.org_id, r.owner_id, r.module_id, r.submodule_id, r.data, r.title, r.version,
  r.created_at, r.updated_at FROM records r WHERE r.module_id = $1 AND r.submodule_id = $2 AND r.org_id = $3
  ORDER BY lower(r.data->>'full_name') ASC NULLS LAST, r.created_at DESC, r.id ASC LIMIT $4 OFFSET $5`;
const RECORDS_COUNT_SQL =
  'SELECT count(*) AS total FROM records r WHERE r.module_id = $1 AND r.submodule_id = $2 AND r.org_id = $3';
const LEVEL_RANK = { none: 0, read: 1, write: 2, admin: 3 };
const ROLE_LEVEL = { owner: 'admin', admin: 'admin', member: 'write', viewer: 'read' };
const STAGE_LABELS = {
  prospecting: 'Prospecting',
  qualification: 'Qualification',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
};

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** HS256 check of the access cookie, as the API's passport-jwt strategy does. */
function userFrom(request) {
  const cookie = request.headers.cookie ?? '';
  const token = /(?:^|;\s*)tessera_at=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new HttpError(401, 'User not authenticated');
  const [header, payload, signature] = token.split('.');
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(401, 'User not authenticated');
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) {
    throw new HttpError(401, 'User not authenticated');
  }
  return {
    id: claims.sub,
    email: claims.email,
    isSuperAdmin: superAdmins.has(String(claims.email).toLowerCase()),
  };
}

/**
 * Membership, institution status, module enabled, the caller's level on it: the API's one query,
 * kept per user and institution as the API keeps its decisions (this server never forgets one:
 * nothing changes during a bench, and forgetting is the API's extra work, not the limit's).
 */
const accessRows = new Map();
async function accessRow(userId, institutionId) {
  const key = `${userId}:${institutionId}`;
  if (!accessRows.has(key))
    accessRows.set(key, (await pool.query(ACCESS_SQL, [userId, institutionId])).rows[0]);
  return accessRows.get(key);
}

async function scopeFor(request, user, moduleId, needed) {
  const institutionId = String(request.headers['x-institution-id'] ?? '').toLowerCase();
  const row = await accessRow(user.id, institutionId);
  if (!row || (!row.membership_role && !user.isSuperAdmin)) throw new HttpError(403, 'Not a member');
  if (row.status === 'suspended' && !user.isSuperAdmin) throw new HttpError(403, 'Suspended');
  const accessControl = {};
  for (const id of row.modules_included) {
    accessControl[id] = user.isSuperAdmin
      ? 'admin'
      : (row.module_overrides[id] ?? ROLE_LEVEL[row.membership_role]);
  }
  if (moduleId && (LEVEL_RANK[accessControl[moduleId]] ?? 0) < LEVEL_RANK[needed]) {
    throw new HttpError(403, 'No access');
  }
  return { institution: row, role: user.isSuperAdmin ? 'super_admin' : row.membership_role, accessControl };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}));
    request.on('error', reject);
  });
}

async function changeStage(scope, user, id, stage) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query(`${DEAL_SQL} FOR UPDATE`, [id, scope.institution.id]);
    const deal = rows[0];
    if (!deal) throw new HttpError(404, 'Deal not found');
    const status = stage === 'closed_won' ? 'won' : stage === 'closed_lost' ? 'lost' : 'open';
    const updated = await client.query(
      `UPDATE crm_deals d SET stage = $1, status = $2, updated_at = CURRENT_TIMESTAMP WHERE d.id = $3
        RETURNING ${DEAL_COLUMNS}`,
      [stage, status, id],
    );
    if (stage !== deal.stage) {
      await client.query(
        `INSERT INTO crm_activities (org_id, owner_id, contact_id, deal_id, type, subject, status, completed_at)
         VALUES ($1, $2, $3, $4, 'stage_change', $5, 'completed', CURRENT_TIMESTAMP)`,
        [
          deal.org_id,
          user.id,
          deal.contact_id,
          deal.id,
          `Stage changed from ${STAGE_LABELS[deal.stage]} to ${STAGE_LABELS[stage]}`,
        ],
      );
    }
    await client.query('COMMIT');
    return updated.rows[0];
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

function numberParam(url, name, fallback) {
  const value = Number(url.searchParams.get(name) ?? fallback);
  return Number.isFinite(value) ? value : fallback;
}

async function answer(request, url) {
  const path = url.pathname;
  if (path === '/api/health') return { status: 'ok' };
  const user = userFrom(request);
  if (path === '/functions/v1/me-access') {
    const [scope, profile] = await Promise.all([
      scopeFor(request, user, null, 'read'),
      pool.query(PROFILE_SQL, [user.id]).then((result) => result.rows[0]),
    ]);
    const meta = profile.user_metadata;
    const name = [meta.first_name, meta.last_name].filter(Boolean).join(' ') || profile.email;
    const org = scope.institution;
    return {
      user: { id: user.id, name, role: scope.role, org_id: org.id },
      organization: {
        id: org.id,
        name: org.name,
        slug: org.slug,
        plan_id: org.plan_id,
        status: org.status,
        modules_included: org.modules_included,
      },
      access_control: scope.accessControl,
      personalization: {
        sidebar_pinned: profile.sidebar_pinned ?? [],
        recent_modules: profile.recent_modules ?? [],
      },
      is_super_admin: user.isSuperAdmin,
    };
  }
  if (path === '/api/crm/deals' && request.method === 'GET') {
    const scope = await scopeFor(request, user, 'crm', 'read');
    const { rows } = await pool.query(DEALS_SQL, [
      scope.institution.id,
      numberParam(url, 'limit', 500),
      numberParam(url, 'offset', 0),
    ]);
    return rows;
  }
  const dealId = /^\/api\/crm\/deals\/([0-9a-f-]{36})$/.exec(path)?.[1];
  if (dealId && request.method === 'GET') {
    const scope = await scopeFor(request, user, 'crm', 'read');
    const { rows } = await pool.query(DEAL_SQL, [dealId, scope.institution.id]);
    if (!rows[0]) throw new HttpError(404, 'Deal not found');
    return rows[0];
  }
  if (dealId && request.method === 'PATCH') {
    const scope = await scopeFor(request, user, 'crm', 'write');
    const body = await readBody(request);
    return changeStage(scope, user, dealId, body.stage);
  }
  if (path === '/api/crm/leads') {
    const scope = await scopeFor(request, user, 'crm', 'read');
    const limit = numberParam(url, 'limit', 25);
    const offset = numberParam(url, 'offset', 0);
    // Side by side on two connections, as the API runs them.
    const [page, total] = await Promise.all([
      pool.query(LEADS_SQL, [scope.institution.id, limit, offset]),
      pool.query(LEADS_COUNT_SQL, [scope.institution.id]),
    ]);
    return { rows: page.rows, total: total.rows[0].total, limit, offset };
  }
  const records = /^\/api\/modules\/([a-z-]+)\/([a-z-]+)\/records$/.exec(path);
  if (records) {
    const [, moduleId, submoduleId] = records;
    const scope = await scopeFor(request, user, moduleId, 'read');
    const limit = numberParam(url, 'limit', 25);
    const offset = numberParam(url, 'offset', 0);
    const { rows } = await pool.query(RECORDS_SQL, [
      moduleId,
      submoduleId,
      scope.institution.id,
      limit,
      offset,
    ]);
    // As TypeORM's getManyAndCount: no count query when the first page is not full.
    const total =
      offset === 0 && rows.length < limit
        ? rows.length
        : Number(
            (await pool.query(RECORDS_COUNT_SQL, [moduleId, submoduleId, scope.institution.id])).rows[0]
              .total,
          );
    return {
      rows: rows.map((row) => ({
        id: row.id,
        data: row.data,
        title: row.title,
        version: row.version,
        created_at: row.created_at,
        updated_at: row.updated_at,
      })),
      total,
      limit,
      offset,
      labels: {},
    };
  }
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
    pool.end().then(() => process.exit(0));
  });
}
