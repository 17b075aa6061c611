import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ConfigError, loadAppConfig } from '../config/app-config';
import { prepareDatabase } from '../database/prepare-database';
import {
  asBytes,
  createTestApp,
  institutionIds,
  queryTestDatabase,
  type Session,
  signIn,
  TEST_JWT_SECRET,
  type TestApp,
} from '../test/test-app';
import { useTestApi } from '../test/test-fixture';
import { createDatabase, dropDatabase, TEST_SERVER_URL } from '../test/test-database';
import { createTestUser, uniqueEmail } from '../test/test-users';
import { FOREIGN_ORIGIN_MESSAGE } from './origin-check';

const PASSWORD = 'tessera-demo';
const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/** A user of this run only, so attempt counters and sessions are not shared with other suites. */
async function createUser(label: string, password = PASSWORD): Promise<string> {
  const email = uniqueEmail(label, 'security.test');
  await createTestUser(email, { password, firstName: 'Sec', lastName: label });
  return email;
}

interface Tokens {
  access: string;
  refresh: string;
}

function tokensOf(response: request.Response): Tokens {
  const cookies = String(response.headers['set-cookie']);
  return {
    access: cookies.match(/tessera_at=([^;]+)/)?.[1] ?? '',
    refresh: cookies.match(/tessera_rt=([^;]+)/)?.[1] ?? '',
  };
}

async function signInTokens(api: TestApp, email: string, password = PASSWORD): Promise<Tokens> {
  const response = await request(api.url).post('/api/auth/sign-in').send({ email, password }).expect(200);
  return tokensOf(response);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('security', () => {
  const { api } = useTestApi([]);

  describe('invitations cannot hand out more power than the inviter has', () => {
    it('refuses an address at the super admin domain to an institution owner (403)', async () => {
      // Other suites write such invitations straight into the table: count only this test's.
      const [{ started }] = await queryTestDatabase<{ started: Date }>('SELECT now() AS started');
      const owner = await signIn(api, 'owner@globex.test');
      const refused = await owner.agent
        .post('/api/administration/invitations')
        .set(owner.headers('globex'))
        .send({ email: 'someone@tessera.app', role: 'member' })
        .expect(403);
      expect(refused.body.message).toBe(
        'Only a super admin can invite an address at tessera.app: accounts there are super admins',
      );
      const upper = await owner.agent
        .post('/api/administration/invitations')
        .set(owner.headers('globex'))
        .send({ email: 'Someone@Tessera.App', role: 'viewer' })
        .expect(403);
      expect(upper.body.message).toMatch(/Only a super admin/);
      const [row] = await queryTestDatabase<{ n: string }>(
        `SELECT count(*) AS n FROM institution_invitations WHERE email LIKE '%@tessera.app' AND created_at >= $1`,
        [started],
      );
      expect(Number(row?.n)).toBe(0);
    });

    it('lets a super admin invite such an address', async () => {
      const admin = await signIn(api, 'admin@tessera.app', 'tessera-admin');
      const globex = (await institutionIds()).globex as string;
      const invited = await admin.agent
        .post('/api/administration/invitations')
        .set({ 'X-Institution-Id': globex })
        .send({ email: `ops-${process.pid}@tessera.app`, role: 'member' })
        .expect(201);
      await admin.agent
        .delete(`/api/administration/invitations/${invited.body.id}`)
        .set({ 'X-Institution-Id': globex })
        .expect(204);
    });

    it('lets only owners invite owners', async () => {
      const owner = await signIn(api, 'owner@globex.test');
      const sam = await signIn(api, 'sam.ortiz@globex.test');
      await owner.agent
        .patch(`/api/administration/members/${sam.userId}`)
        .set(owner.headers('globex'))
        .send({ role: 'admin' })
        .expect(204);
      try {
        const refused = await sam.agent
          .post('/api/administration/invitations')
          .set(sam.headers('globex'))
          .send({ email: `owner-to-be-${process.pid}@globex.test`, role: 'owner' })
          .expect(403);
        expect(refused.body.message).toBe('Only owners can invite owners');
        const allowed = await owner.agent
          .post('/api/administration/invitations')
          .set(owner.headers('globex'))
          .send({ email: `owner-to-be-${process.pid}@globex.test`, role: 'owner' })
          .expect(201);
        await owner.agent
          .delete(`/api/administration/invitations/${allowed.body.id}`)
          .set(owner.headers('globex'))
          .expect(204);
      } finally {
        await owner.agent
          .patch(`/api/administration/members/${sam.userId}`)
          .set(owner.headers('globex'))
          .send({ role: 'member' })
          .expect(204);
      }
    });
  });

  describe('rate limits', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({
        RATE_LIMIT_SIGN_IN: '3',
        RATE_LIMIT_SIGN_UP: '2',
        RATE_LIMIT_REFRESH: '2',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        ACCOUNT_LOCKOUT_FAILURES: '5',
        ACCOUNT_WINDOW_SECONDS: '600',
        ACCOUNT_REQUESTS_PER_WINDOW: '2',
      });
    });
    afterAll(() => limited.close());

    const from = (ip: string) => ({ 'X-Forwarded-For': ip });

    it('answers 429 with Retry-After and the usual error body past the per-IP limit', async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        await request(limited.url)
          .post('/api/auth/sign-in')
          .set(from('203.0.113.7'))
          .send({ email: 'not-an-email', password: 'x' })
          .expect(400);
      }
      const refused = await request(limited.url)
        .post('/api/auth/sign-in')
        .set(from('203.0.113.7'))
        .send({ email: 'demo@acme.test', password: PASSWORD })
        .expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.body).toEqual(
        expect.objectContaining({ statusCode: 429, message: expect.stringMatching(/^Too many attempts/) }),
      );
      // Another network is not affected.
      await request(limited.url)
        .post('/api/auth/sign-in')
        .set(from('203.0.113.8'))
        .send({ email: 'demo@acme.test', password: PASSWORD })
        .expect(200);
    });

    it('limits refresh and sign-up per IP', async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        await request(limited.url).post('/api/auth/refresh').set(from('203.0.113.20')).expect(401);
      }
      const refresh = await request(limited.url)
        .post('/api/auth/refresh')
        .set(from('203.0.113.20'))
        .expect(429);
      expect(refresh.headers['retry-after']).toBeDefined();

      const signUp = (token: string) =>
        request(limited.url)
          .post('/api/invitations/sign-up')
          .set(from('203.0.113.30'))
          .send({ token, password: 'long-enough', first_name: 'A', last_name: 'B' });
      await signUp('a'.repeat(43)).expect(400);
      await signUp('b'.repeat(43)).expect(400);
      await signUp('c'.repeat(43)).expect(429);
    });

    it('limits password-reset requests per e-mail address whatever the network', async () => {
      const email = `flood-${process.pid}-${Date.now()}@nowhere.test`;
      const resetRequest = (ip: string) =>
        request(limited.url).post('/api/auth/password-reset').set(from(ip)).send({ email });
      await resetRequest('198.51.100.1').expect(202);
      await resetRequest('198.51.100.2').expect(202);
      const refused = await resetRequest('198.51.100.3').expect(429);
      expect(refused.body.message).toMatch(/^Too many requests for this e-mail address/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses 20 wrong passwords in a row for one account; the right one works after the window', async () => {
      const email = await createUser('lockout');
      const statuses: number[] = [];
      let retryAfter = 0;
      for (let attempt = 1; attempt <= 20; attempt++) {
        // A different network each time: the per-IP limit is not what stops this.
        const response = await request(limited.url)
          .post('/api/auth/sign-in')
          .set(from(`192.0.2.${attempt}`))
          .send({ email, password: `wrong-${attempt}` });
        statuses.push(response.status);
        if (response.status === 429) {
          retryAfter = Number(response.headers['retry-after']);
          expect(response.body).toEqual(
            expect.objectContaining({
              statusCode: 429,
              message: expect.stringMatching(
                /^Too many wrong passwords for this account\. Try again in \d+ minutes\.$/,
              ),
            }),
          );
        }
      }
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Locked: even the right password waits for the window.
      await request(limited.url)
        .post('/api/auth/sign-in')
        .set(from('192.0.2.99'))
        .send({ email, password: PASSWORD })
        .expect(429);
      // Ten minutes pass (the window starts earlier in the counter rather than the test sleeping).
      await queryTestDatabase(
        `UPDATE auth_throttle SET window_started_at = window_started_at - interval '601 seconds' WHERE key = $1`,
        [`password:${email}`],
      );
      await request(limited.url)
        .post('/api/auth/sign-in')
        .set(from('192.0.2.99'))
        .send({ email, password: PASSWORD })
        .expect(200);
      // The success ends the run of failures.
      expect(
        await queryTestDatabase('SELECT 1 FROM auth_throttle WHERE key = $1', [`password:${email}`]),
      ).toEqual([]);
    }, 120_000);

    it('counts an unknown address like a known one (no account enumeration)', async () => {
      const email = `ghost-${process.pid}-${Date.now()}@nowhere.test`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await request(limited.url)
          .post('/api/auth/sign-in')
          .set(from(`192.0.2.${100 + attempt}`))
          .send({ email, password: 'whatever' });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(5).fill(401), 429]);
    }, 120_000);
  });

  describe('cross-site requests', () => {
    let session: Session;
    beforeAll(async () => {
      session = await signIn(api, 'demo@acme.test');
    });

    const profile = { first_name: 'Dana' };

    it('refuses a cookie-authenticated write from a foreign origin, or from nowhere', async () => {
      const foreign = await session.agent
        .patch('/api/auth/user')
        .set('Origin', 'https://evil.test')
        .send(profile)
        .expect(403);
      expect(foreign.body).toEqual(
        expect.objectContaining({ statusCode: 403, message: FOREIGN_ORIGIN_MESSAGE }),
      );
      await session.agent.patch('/api/auth/user').set('Origin', 'null').send(profile).expect(403);
      // No Origin and no Referer: a browser always sends one of them with a write.
      const tokens = await signInTokens(api, 'demo@acme.test');
      await request(api.url)
        .patch('/api/auth/user')
        .set('Cookie', `tessera_at=${tokens.access}`)
        .send(profile)
        .expect(403);
      await request(api.url)
        .patch('/api/auth/user')
        .set('Cookie', `tessera_at=${tokens.access}`)
        .set('Referer', 'https://evil.test/page')
        .send(profile)
        .expect(403);
      // The refresh cookie is a session cookie too.
      await request(api.url)
        .post('/api/auth/refresh')
        .set('Cookie', `tessera_rt=${tokens.refresh}`)
        .set('Origin', 'https://evil.test')
        .expect(403);
    });

    it('accepts the app’s own origin, its Referer, and a configured extra origin', async () => {
      await session.agent.patch('/api/auth/user').send(profile).expect(200);
      const tokens = await signInTokens(api, 'demo@acme.test');
      await request(api.url)
        .patch('/api/auth/user')
        .set('Cookie', `tessera_at=${tokens.access}`)
        .set('Referer', `${api.url}/profile`)
        .send(profile)
        .expect(200);
      const extra = await createTestApp({
        ALLOWED_ORIGINS: 'https://shell.example.com, http://localhost:4200',
      });
      try {
        const other = await signInTokens(extra, 'demo@acme.test');
        await request(extra.url)
          .patch('/api/auth/user')
          .set('Cookie', `tessera_at=${other.access}`)
          .set('Origin', 'https://shell.example.com')
          .send(profile)
          .expect(200);
      } finally {
        await extra.close();
      }
    });

    it('does not apply to Bearer-authenticated requests, which no other site can forge', async () => {
      const tokens = await signInTokens(api, 'demo@acme.test');
      await request(api.url)
        .patch('/api/auth/user')
        .set(bearer(tokens.access))
        .set('Origin', 'https://tool.example.com')
        .send(profile)
        .expect(200);
    });

    it('refuses a sign-in posted from a foreign origin (login CSRF) but not from a script without one', async () => {
      await request(api.url)
        .post('/api/auth/sign-in')
        .set('Origin', 'https://evil.test')
        .send({ email: 'demo@acme.test', password: PASSWORD })
        .expect(403);
      await request(api.url)
        .post('/api/auth/sign-in')
        .send({ email: 'demo@acme.test', password: PASSWORD })
        .expect(200);
    });
  });

  describe('security headers', () => {
    it('sends the CSP and the other headers on every answer, errors included', async () => {
      for (const [path, status] of [
        ['/api/health', 200],
        ['/api/auth/user', 401],
        ['/api/no-such-route', 404],
        // Outside the API's paths: the page policy (no web root here, so a 404).
        ['/crm', 404],
      ] as const) {
        const response = await request(api.url).get(path).expect(status);
        const csp = String(response.headers['content-security-policy']);
        if (path.startsWith('/api/')) {
          // JSON answers: nothing may load, nothing may frame them.
          expect(csp).toBe("default-src 'none';frame-ancestors 'none'");
        } else {
          expect(csp).toContain("default-src 'self'");
          expect(csp).toContain("script-src 'self'");
          expect(csp).toContain("frame-ancestors 'none'");
          expect(csp).toContain("object-src 'none'");
        }
        expect(csp).not.toContain('unsafe-eval');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('same-origin');
        expect(response.headers['x-frame-options']).toBe('DENY');
        // Served over http here: HSTS would be wrong.
        expect(response.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('names the remotes’ origins in the CSP and sends HSTS when PUBLIC_URL is https', async () => {
      const configured = await createTestApp({
        PUBLIC_URL: 'https://tessera.example.com',
        REMOTE_CRM_URL: 'https://cdn.example.com/crm/mf-manifest.json',
      });
      try {
        // The page policy names the remotes (outside the API's paths; no web root here, so a 404).
        const response = await request(configured.url).get('/crm').expect(404);
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self' https://cdn.example.com");
        expect(csp).toContain("connect-src 'self' https://cdn.example.com");
        expect(csp).toContain('upgrade-insecure-requests');
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
        const json = await request(configured.url).get('/api/health').expect(200);
        expect(json.headers['strict-transport-security']).toBe('max-age=31536000');
      } finally {
        await configured.close();
      }
    });

    it('serves the API docs with their own policy, and in production only with API_DOCS=1', async () => {
      const docs = await request(api.url).get('/api/docs').expect(200);
      expect(docs.headers['content-type']).toMatch(/text\/html/);
      expect(String(docs.headers['content-security-policy'])).toMatch(/script-src 'self';/);
      const production = await createTestApp({ NODE_ENV: 'production', API_DOCS: '' });
      try {
        await request(production.url).get('/api/docs').expect(404);
        await request(production.url).get('/api/docs-json').expect(404);
      } finally {
        await production.close();
      }
    });

    it('leaves the document-only headers off JSON answers and keeps them on pages', async () => {
      const webRoot = mkdtempSync(join(tmpdir(), 'tessera-sec-pages-'));
      mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
      writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Tessera</title>\n');
      const web = await createTestApp({ WEB_ROOT: webRoot, DATA_DIR: webRoot }, { serveWeb: true });
      const documentOnly = [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ];
      try {
        const page = await request(web.url).get('/crm').expect(200);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
        for (const name of documentOnly) expect(page.headers[name]).toBeDefined();
        for (const [path, status] of [
          ['/api/health', 200],
          ['/api/auth/user', 401],
          ['/api/no-such-route', 404],
        ] as const) {
          const json = await request(web.url).get(path).expect(status);
          expect(json.headers['content-type']).toMatch(/application\/json/);
          for (const name of documentOnly) expect(json.headers[name]).toBeUndefined();
          // What protects a JSON answer should a browser ever render it stays.
          expect(json.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
          expect(json.headers['x-content-type-options']).toBe('nosniff');
          expect(json.headers['x-frame-options']).toBe('DENY');
          expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
        }
      } finally {
        await web.close();
        rmSync(webRoot, { recursive: true, force: true });
      }
    });

    it('answers CORS for the remotes to the configured shell origins only', async () => {
      const webRoot = mkdtempSync(join(tmpdir(), 'tessera-sec-web-'));
      mkdirSync(join(webRoot, 'crm-remote', 'dist'), { recursive: true });
      writeFileSync(join(webRoot, 'crm-remote', 'dist', 'remoteEntry.js'), 'var crm_remote;\n');
      const web = await createTestApp(
        { WEB_ROOT: webRoot, ALLOWED_ORIGINS: 'https://shell.example.com', DATA_DIR: webRoot },
        { serveWeb: true },
      );
      try {
        const allowed = await request(web.url)
          .get('/remotes/crm/remoteEntry.js')
          .set('Origin', 'https://shell.example.com')
          .expect(200);
        expect(allowed.headers['access-control-allow-origin']).toBe('https://shell.example.com');
        expect(allowed.headers.vary).toMatch(/Origin/);
        expect(allowed.headers['cross-origin-resource-policy']).toBe('cross-origin');
        const foreign = await request(web.url)
          .get('/remotes/crm/remoteEntry.js')
          .set('Origin', 'https://evil.test')
          .expect(200);
        expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await web.close();
        rmSync(webRoot, { recursive: true, force: true });
      }
    });
  });

  describe('revocation', () => {
    it('refuses the access token at once after sign-out (cookie or Bearer)', async () => {
      const email = await createUser('signout');
      const first = await signInTokens(api, email);
      await request(api.url).get('/api/auth/user').set(bearer(first.access)).expect(200);
      await request(api.url)
        .post('/api/auth/sign-out')
        .set('Cookie', `tessera_at=${first.access}; tessera_rt=${first.refresh}`)
        .set('Origin', api.url)
        .expect(204);
      const refused = await request(api.url).get('/api/auth/user').set(bearer(first.access)).expect(401);
      expect(refused.body.message).toBe('User not authenticated');
      await request(api.url).get('/api/auth/user').set('Cookie', `tessera_at=${first.access}`).expect(401);

      // An API client signs out with its Bearer token alone.
      const second = await signInTokens(api, email);
      await request(api.url).post('/api/auth/sign-out').set(bearer(second.access)).expect(204);
      await request(api.url).get('/api/auth/user').set(bearer(second.access)).expect(401);
    });

    it('ends every session of the user on a password change; the changer continues in a fresh one', async () => {
      const email = await createUser('password-change');
      const here = await signInTokens(api, email);
      const elsewhere = await signInTokens(api, email);
      const changed = await request(api.url)
        .post('/api/auth/password')
        .set(bearer(here.access))
        .send({ current_password: PASSWORD, new_password: 'a-brand-new-password' })
        .expect(204);
      const fresh = tokensOf(changed);
      expect(fresh.access).not.toBe('');
      await request(api.url).get('/api/auth/user').set(bearer(here.access)).expect(401);
      await request(api.url).get('/api/auth/user').set(bearer(elsewhere.access)).expect(401);
      await request(api.url).get('/api/auth/user').set(bearer(fresh.access)).expect(200);
      for (const refresh of [here.refresh, elsewhere.refresh]) {
        await request(api.url)
          .post('/api/auth/refresh')
          .set('Cookie', `tessera_rt=${refresh}`)
          .set('Origin', api.url)
          .expect(401);
      }
      await request(api.url)
        .post('/api/auth/refresh')
        .set('Cookie', `tessera_rt=${fresh.refresh}`)
        .set('Origin', api.url)
        .expect(200);
      await signInTokens(api, email, 'a-brand-new-password');
    });

    it('tells other API processes at once (NOTIFY), and a process started later still refuses', async () => {
      const email = await createUser('multi-process');
      const other = await createTestApp();
      try {
        const tokens = await signInTokens(api, email);
        await request(other.url).get('/api/auth/user').set(bearer(tokens.access)).expect(200);
        await request(api.url).post('/api/auth/sign-out').set(bearer(tokens.access)).expect(204);
        let status = 200;
        for (let waited = 0; waited < 3000 && status === 200; waited += 50) {
          status = (await request(other.url).get('/api/auth/user').set(bearer(tokens.access))).status;
          if (status === 200) await sleep(50);
        }
        expect(status).toBe(401);
        const later = await createTestApp();
        try {
          await request(later.url).get('/api/auth/user').set(bearer(tokens.access)).expect(401);
        } finally {
          await later.close();
        }
      } finally {
        await other.close();
      }
    });

    it('refuses tokens signed with another secret or without a session id', async () => {
      const stranger = await createTestApp({ JWT_SECRET: 'another-secret-of-thirty-two-bytes-or-more' });
      try {
        const foreign = await signInTokens(stranger, 'demo@acme.test');
        await request(api.url).get('/api/auth/user').set(bearer(foreign.access)).expect(401);
      } finally {
        await stranger.close();
      }
    });
  });

  describe('production settings', () => {
    const databaseUrl = 'postgres://postgres@127.0.0.1:5432/tessera';

    it('refuses to start without a JWT_SECRET of at least 32 bytes', () => {
      expect(() => loadAppConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
      expect(() => loadAppConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is not set/);
      expect(() => loadAppConfig({ DATABASE_URL: databaseUrl })).toThrow(/JWT_SECRET is not set/);
      expect(() => loadAppConfig({ DATABASE_URL: databaseUrl, JWT_SECRET: 'short-secret' })).toThrow(
        /JWT_SECRET is too short: 12 bytes, production needs at least 32/,
      );
      expect(loadAppConfig({ DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET }).production).toBe(true);
      // Development on this machine may run with a throwaway secret.
      expect(loadAppConfig({ NODE_ENV: 'development' }).jwtSecret).toHaveLength(64);
    });

    it('has limits that suit real use by default', () => {
      expect(loadAppConfig({ NODE_ENV: 'development' }).rateLimits).toEqual({
        ipWindowSeconds: 60,
        signInPerIp: 100,
        signUpPerIp: 20,
        passwordResetPerIp: 20,
        refreshPerIp: 300,
        webFormPerIp: 10,
        webFormPerForm: 100,
        accountFailures: 10,
        accountRequests: 5,
        accountWindowSeconds: 900,
        mailToAddressPerHour: 3,
        invitationsPerInstitutionPerHour: 50,
        passwordResetsPerAddressPerHour: 3,
        campaignTestsPerPersonPerHour: 20,
      });
    });

    it('defaults to no demo data, no payments, no API docs and Secure cookies for a public https URL', () => {
      const config = loadAppConfig({
        DATABASE_URL: databaseUrl,
        JWT_SECRET: TEST_JWT_SECRET,
        PUBLIC_URL: 'https://tessera.example.com',
      });
      expect(config).toMatchObject({
        production: true,
        seedDemo: false,
        paymentProvider: null,
        apiDocs: false,
        cookieSecure: true,
        publicUrl: 'https://tessera.example.com',
        allowedOrigins: ['https://tessera.example.com'],
      });
      expect(
        loadAppConfig({
          NODE_ENV: 'production',
          JWT_SECRET: TEST_JWT_SECRET,
          PUBLIC_URL: 'http://tessera.lan',
        }).cookieSecure,
      ).toBe(true);
      expect(() => loadAppConfig({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'stripe' })).toThrow(
        /PAYMENT_PROVIDER/,
      );
      expect(() => loadAppConfig({ NODE_ENV: 'development', PUBLIC_URL: 'tessera.example.com' })).toThrow(
        /PUBLIC_URL/,
      );
    });

    it('creates no demo users in a production database', async () => {
      const { name, url } = await createDatabase(TEST_SERVER_URL, 'tessera_sec_prod');
      try {
        const config = loadAppConfig({
          NODE_ENV: 'production',
          DATABASE_URL: url,
          JWT_SECRET: TEST_JWT_SECRET,
        });
        const prepared = await prepareDatabase(config, url);
        expect(prepared.seeded).toBe(false);
        const { Client } = await import('pg');
        const client = new Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
          expect(Number(rows[0]?.n)).toBe(0);
        } finally {
          await client.end();
        }
      } finally {
        await dropDatabase(TEST_SERVER_URL, name);
      }
    });
  });

  describe('payments', () => {
    it('changes nothing without PAYMENT_PROVIDER=test, and says so', async () => {
      const off = await createTestApp({ PAYMENT_PROVIDER: '' });
      try {
        const owner = await signIn(off, 'owner@globex.test');
        const status = await owner.agent
          .get('/api/subscription/payments')
          .set(owner.headers('globex'))
          .expect(200);
        expect(status.body).toEqual({ configured: false, test_mode: false });
        const refused = await owner.agent
          .post('/api/subscription/change-plan')
          .set(owner.headers('globex'))
          .set('Idempotency-Key', randomUUID())
          .send({ plan_id: 'starter', card: CARD })
          .expect(503);
        expect(refused.body.message).toMatch(/^Payments are not configured on this server/);
        const [row] = await queryTestDatabase<{ plan_id: string }>(
          `SELECT plan_id FROM institutions WHERE slug = 'globex'`,
        );
        expect(row?.plan_id).toBe('growth');
        await owner.agent
          .post('/api/subscription/payment-test')
          .send({ card: CARD, amount_cents: 100 })
          .expect(404);
      } finally {
        await off.close();
      }
    });

    describe('idempotent plan changes', () => {
      let owner: Session;
      let northwind: string;
      let before: { plan_id: string; modules_included: string[] };

      beforeAll(async () => {
        owner = await signIn(api, 'nora.hale@northwind.test');
        northwind = owner.institutions.northwind as string;
        [before] = await queryTestDatabase<{ plan_id: string; modules_included: string[] }>(
          'SELECT plan_id, modules_included FROM institutions WHERE id = $1',
          [northwind],
        );
      });
      afterAll(async () => {
        await queryTestDatabase('UPDATE institutions SET plan_id = $2, modules_included = $3 WHERE id = $1', [
          northwind,
          before.plan_id,
          before.modules_included,
        ]);
      });

      const changePlan = (plan: string, key: string | null) => {
        const call = owner.agent.post('/api/subscription/change-plan').set(owner.headers('northwind'));
        if (key !== null) call.set('Idempotency-Key', key);
        return call.send({ plan_id: plan, card: CARD });
      };
      const invoicesOf = async (key: string) =>
        queryTestDatabase<{ status: string; invoice_id: string | null; charge_id: string | null }>(
          'SELECT status, invoice_id, charge_id FROM payments WHERE institution_id = $1 AND idempotency_key = $2',
          [northwind, key],
        );

      it('needs an idempotency key', async () => {
        const refused = await changePlan('growth', null).expect(400);
        expect(refused.body.message).toMatch(/^Send an Idempotency-Key header/);
      });

      it('charges a double submit once and answers both with the same result', async () => {
        const key = randomUUID();
        const [first, second] = await Promise.all([changePlan('growth', key), changePlan('growth', key)]);
        expect([first.status, second.status].sort()).toEqual(
          first.status === 200 && second.status === 200 ? [200, 200] : [200, 409],
        );
        const replay = await changePlan('growth', key).expect(200);
        const winner = first.status === 200 ? first : second;
        expect(replay.body.invoice.id).toBe(winner.body.invoice.id);
        const payments = await invoicesOf(key);
        expect(payments).toEqual([
          expect.objectContaining({ status: 'applied', invoice_id: winner.body.invoice.id }),
        ]);
        const [count] = await queryTestDatabase<{ n: string }>(
          'SELECT count(*) AS n FROM invoices WHERE institution_id = $1 AND charge_id = $2',
          [northwind, payments[0]?.charge_id],
        );
        expect(Number(count?.n)).toBe(1);
        const reused = await changePlan('enterprise', key).expect(409);
        expect(reused.body.message).toMatch(/already used for another plan change/);
      });

      it('records a charge whose plan change fails, refunds it and changes nothing', async () => {
        await queryTestDatabase(`
          CREATE OR REPLACE FUNCTION security_test_fail_invoice() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'invoice store unavailable'; END $$ LANGUAGE plpgsql`);
        await queryTestDatabase(
          `CREATE TRIGGER security_test_fail_invoice BEFORE INSERT ON invoices FOR EACH ROW
           WHEN (NEW.institution_id = '${northwind}') EXECUTE FUNCTION security_test_fail_invoice()`,
        );
        const key = randomUUID();
        try {
          const [current] = await queryTestDatabase<{ plan_id: string }>(
            'SELECT plan_id FROM institutions WHERE id = $1',
            [northwind],
          );
          const target = current?.plan_id === 'starter' ? 'growth' : 'starter';
          const failed = await changePlan(target, key).expect(500);
          expect(failed.body.message).toBe(
            'The plan could not be changed, so the payment was refunded. Your plan has not been changed. Please try again.',
          );
          const [payment] = await invoicesOf(key);
          expect(payment).toEqual(expect.objectContaining({ status: 'refunded', invoice_id: null }));
          expect(payment?.charge_id).toMatch(/^test_ch_/);
          const [after] = await queryTestDatabase<{ plan_id: string }>(
            'SELECT plan_id FROM institutions WHERE id = $1',
            [northwind],
          );
          expect(after?.plan_id).toBe(current?.plan_id);
          const audit = await owner.agent
            .get('/api/administration/audit')
            .set(owner.headers('northwind'))
            .expect(200);
          expect(audit.body.map((entry: { action: string }) => entry.action)).toContain('payment.refunded');
          // The same checkout again gets the same answer, not a second charge.
          await changePlan(target, key).expect(500);
          expect(await invoicesOf(key)).toHaveLength(1);
        } finally {
          await queryTestDatabase('DROP TRIGGER IF EXISTS security_test_fail_invoice ON invoices');
          await queryTestDatabase('DROP FUNCTION IF EXISTS security_test_fail_invoice()');
        }
      });
    });
  });

  describe('uploaded files', () => {
    it('are served as inert attachments, never as HTML or SVG of this origin', async () => {
      const demo = await signIn(api, 'demo@acme.test');
      const deal = await demo.agent
        .post('/api/crm/deals')
        .set(demo.headers('acme'))
        .send({ name: 'Security files deal', amount: 10 })
        .expect(201);
      const cases = [
        {
          name: 'page.html',
          type: 'text/html',
          served: 'application/octet-stream',
          body: '<script>alert(1)</script>',
        },
        {
          name: 'image.svg',
          type: 'image/svg+xml',
          served: 'application/octet-stream',
          body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        },
        { name: 'notes.txt', type: 'text/plain', served: 'text/plain; charset=utf-8', body: 'plain notes' },
        { name: 'scan.pdf', type: 'application/pdf', served: 'application/pdf', body: '%PDF-1.4' },
      ];
      try {
        for (const file of cases) {
          const uploaded = await demo.agent
            .post(`/api/crm/deals/${deal.body.id}/files`)
            .set(demo.headers('acme'))
            .attach('file', Buffer.from(file.body), { filename: file.name, contentType: file.type })
            .expect(201);
          const download = await demo.agent
            .get(`/api/crm/deals/${deal.body.id}/files/${uploaded.body.id}/download`)
            .set(demo.headers('acme'))
            .buffer(true)
            .parse(asBytes)
            .expect(200);
          expect(download.headers['content-type']).toBe(file.served);
          expect(download.headers['content-disposition']).toBe(
            `attachment; filename="${file.name}"; filename*=UTF-8''${file.name}`,
          );
          expect(download.headers['content-security-policy']).toBe('sandbox');
          expect(download.headers['x-content-type-options']).toBe('nosniff');
          expect(download.body.toString()).toBe(file.body);
        }
      } finally {
        await demo.agent.delete(`/api/crm/deals/${deal.body.id}`).set(demo.headers('acme'));
      }
    });
  });

  describe('CSV exports', () => {
    it('neutralise spreadsheet formulas in exported records', async () => {
      const demo = await signIn(api, 'demo@acme.test');
      const name = `Formula Patient ${process.pid}`;
      const created = await demo.agent
        .post('/api/modules/healthcare/patients/records')
        .set(demo.headers('acme'))
        .send({
          data: {
            full_name: name,
            date_of_birth: '1980-01-01',
            insurance_provider: '=HYPERLINK("http://evil.test","open")',
            phone: '+1 555 0100',
            status: 'active',
          },
        })
        .expect(201);
      try {
        const exported = await demo.agent
          .get(`/api/modules/healthcare/patients/records/export.csv?search=${encodeURIComponent(name)}`)
          .set(demo.headers('acme'))
          .expect(200);
        expect(exported.text).toContain(`"'=HYPERLINK(""http://evil.test"",""open"")"`);
        expect(exported.text).toContain("'+1 555 0100");
        expect(exported.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
      } finally {
        await demo.agent
          .delete(`/api/modules/healthcare/patients/records/${created.body.id}`)
          .set(demo.headers('acme'));
      }
    });
  });

  describe('hostile bodies', () => {
    it('answers 400 to JSON nested too deep, before anything walks it', async () => {
      const depth = 100_000;
      const response = await request(api.url)
        .post('/api/auth/sign-in')
        .set('Content-Type', 'application/json')
        .send(`${'['.repeat(depth)}${']'.repeat(depth)}`)
        .expect(400);
      expect(response.body).toEqual(
        expect.objectContaining({
          statusCode: 400,
          message: 'The JSON body is nested more than 64 levels deep',
        }),
      );
      const object = `${'{"a":'.repeat(65)}1${'}'.repeat(65)}`;
      await request(api.url)
        .post('/api/auth/sign-in')
        .set('Content-Type', 'application/json')
        .send(object)
        .expect(400);
      // Brackets inside strings are text, not nesting.
      await request(api.url)
        .post('/api/auth/sign-in')
        .send({ email: 'demo@acme.test', password: '['.repeat(150) })
        .expect(401);
    });

    it('answers 400 to a campaign audience of the wrong shape', async () => {
      const demo = await signIn(api, 'demo@acme.test');
      for (const audience of [[], 'everyone', 7, null]) {
        const response = await demo.agent
          .post('/api/crm/email-campaigns')
          .send({ name: 'Shape', subject: 'Shape', audience })
          .expect(400);
        expect(response.body.errors).toEqual(expect.objectContaining({ audience: expect.any(Array) }));
      }
      const card = await demo.agent
        .post('/api/subscription/change-plan')
        .set(demo.headers('acme'))
        .set('Idempotency-Key', randomUUID())
        .send({ plan_id: 'growth', card: [] })
        .expect(400);
      expect(card.body.errors.card).toContain('card must be an object');
    });
  });
});
