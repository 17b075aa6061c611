// What the bench's two reference servers do per request (tools/bench/bare-server.mjs without a
// framework, tools/bench/nest-server.mjs on NestJS + Fastify): the API's SQL for each endpoint,
// copied from its query log, with the checks a correct server must make for the rows to be the
// right ones — the access cookie's HS256 signature, and the caller's membership and level in the
// named institution through the API's own access query (kept per user and institution, as the API
// keeps its decisions). Both servers run this same code, so they differ by their framework only.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { DEAL_STAGE_LABELS } from '@tessera/data-access/contracts';
import pg from 'pg';

// The API's SQL, copied from its query log (TypeORM's column aliases aside).
const ACCESS_SQL = `SELECT i.id, i.name, i.slug, i.plan_id, i.status, i.modules_included, i.require_two_factor,
  m.role AS membership_role,
  EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = $1 AND t.enabled_at IS NOT NULL) AS two_factor_on,
  (SELECT s.name FROM institution_sso s WHERE s.institution_id = i.id AND s.sso_only) AS sso_only_name,
  COALESCE((SELECT json_object_agg(a.module_id, a.level) FROM member_module_access a
            WHERE a.institution_id = i.id AND a.user_id = $1), '{}'::json) AS module_overrides
  FROM institutions i LEFT JOIN institution_members m ON m.institution_id = i.id AND m.user_id = $1
  WHERE i.id = $2`;
const DEAL_COLUMNS = `d.id, d.org_id, d.owner_id, d.name, d.title, d.description, d.amount::float8 AS amount,
  d.currency, d.probability, d.stage, d.status, d.company_id, d.account_id, d.contact_id,
  to_char(d.expected_close_date, 'YYYY-MM-DD') AS expected_close_date, d.lead_source, d.closed_at, d.version,
  d.forecast_category,
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

export class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function numberParam(query, name, fallback) {
  const raw = query[name];
  const value = Number(raw ?? fallback);
  return raw !== undefined && Number.isFinite(value) ? value : fallback;
}

/** `headers` are Node's lower-cased request headers; `query` a plain object of query strings. */
export function createFloorWork({ databaseUrl, jwtSecret }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const key = createSecretKey(Buffer.from(jwtSecret ?? '', 'utf8'));
  const superAdmins = new Set(
    (process.env.SUPER_ADMIN_EMAILS ?? 'admin@tessera.app')
      .split(',')
      .map((email) => email.trim().toLowerCase()),
  );

  /** HS256 check of the access cookie, as the API's passport-jwt strategy does. */
  function userFrom(headers) {
    const cookie = headers.cookie ?? '';
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

  // Never forgotten: nothing changes during a bench, and forgetting is the API's extra work.
  const accessRows = new Map();
  async function accessRow(userId, institutionId) {
    const rowKey = `${userId}:${institutionId}`;
    if (!accessRows.has(rowKey))
      accessRows.set(rowKey, (await pool.query(ACCESS_SQL, [userId, institutionId])).rows[0]);
    return accessRows.get(rowKey);
  }

  async function scopeFor(headers, user, moduleId, needed) {
    const institutionId = String(headers['x-institution-id'] ?? '').toLowerCase();
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

  async function meAccess(headers) {
    const user = userFrom(headers);
    const [scope, profile] = await Promise.all([
      scopeFor(headers, user, null, 'read'),
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
      two_factor_setup_required: !user.isSuperAdmin && org.require_two_factor && org.two_factor_on !== true,
      // The bench signs in with a password and its institution has no SSO-only rule; the rule is read
      // all the same, as the API reads it on every access decision.
      sso_sign_in_required: org.sso_only_name ? { name: org.sso_only_name } : null,
    };
  }

  async function deals(headers, query) {
    const scope = await scopeFor(headers, userFrom(headers), 'crm', 'read');
    const { rows } = await pool.query(DEALS_SQL, [
      scope.institution.id,
      numberParam(query, 'limit', 500),
      numberParam(query, 'offset', 0),
    ]);
    return rows;
  }

  async function deal(headers, id) {
    const scope = await scopeFor(headers, userFrom(headers), 'crm', 'read');
    const { rows } = await pool.query(DEAL_SQL, [id, scope.institution.id]);
    if (!rows[0]) throw new HttpError(404, 'Deal not found');
    return rows[0];
  }

  async function changeStage(headers, id, body) {
    const user = userFrom(headers);
    const scope = await scopeFor(headers, user, 'crm', 'write');
    const stage = body?.stage;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(`${DEAL_SQL} FOR UPDATE`, [id, scope.institution.id]);
      const current = rows[0];
      if (!current) throw new HttpError(404, 'Deal not found');
      const status = stage === 'closed_won' ? 'won' : stage === 'closed_lost' ? 'lost' : 'open';
      const updated = await client.query(
        `UPDATE crm_deals d SET stage = $1, status = $2, updated_at = CURRENT_TIMESTAMP WHERE d.id = $3
          RETURNING ${DEAL_COLUMNS}`,
        [stage, status, id],
      );
      if (stage !== current.stage) {
        await client.query(
          `INSERT INTO crm_activities (org_id, owner_id, contact_id, deal_id, type, subject, status, completed_at)
           VALUES ($1, $2, $3, $4, 'stage_change', $5, 'completed', CURRENT_TIMESTAMP)`,
          [
            current.org_id,
            user.id,
            current.contact_id,
            current.id,
            `Stage changed from ${DEAL_STAGE_LABELS[current.stage]} to ${DEAL_STAGE_LABELS[stage]}`,
          ],
        );
      }
      await client.query('COMMIT');
      const row = updated.rows[0];
      // The API tells open screens after the commit, without waiting: the same NOTIFY, on a
      // channel nobody listens to (the API's listener would otherwise work for the floor's writes).
      const event = {
        resource: 'deal',
        action: 'moved',
        id,
        institutionId: row.org_id,
        moduleId: 'crm',
        actorId: user.id,
      };
      pool.query('SELECT pg_notify($1, $2)', ['tessera_bench_floor', JSON.stringify(event)]).catch(() => {});
      return row;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  async function leads(headers, query) {
    const scope = await scopeFor(headers, userFrom(headers), 'crm', 'read');
    const limit = numberParam(query, 'limit', 25);
    const offset = numberParam(query, 'offset', 0);
    // Side by side on two connections, as the API runs them.
    const [page, total] = await Promise.all([
      pool.query(LEADS_SQL, [scope.institution.id, limit, offset]),
      pool.query(LEADS_COUNT_SQL, [scope.institution.id]),
    ]);
    return { rows: page.rows, total: total.rows[0].total, limit, offset };
  }

  async function records(headers, moduleId, submoduleId, query) {
    const scope = await scopeFor(headers, userFrom(headers), moduleId, 'read');
    const limit = numberParam(query, 'limit', 25);
    const offset = numberParam(query, 'offset', 0);
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

  return {
    health: () => ({ status: 'ok' }),
    meAccess,
    deals,
    deal,
    changeStage,
    leads,
    records,
    end: () => pool.end(),
  };
}
