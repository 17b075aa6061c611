import { hash } from 'argon2';
import { runMigrations } from '../database/data-source';
import { seedDemoData } from '../database/seed/demo-seed';
import { createDatabase, dropDatabase, TEST_SERVER_URL } from '../test/test-database';
import { eventually } from '../test/test-smtp';
import { png } from '../test/test-images';
import { DataSource } from 'typeorm';
import { RUNTIME_ROLE } from '../database/database-roles';
import { createTestApp, queryTestDatabase, type Session, signIn, type TestApp } from '../test/test-app';

/**
 * The tenant-isolation matrix over every route the API serves, read from Fastify's route table so
 * a new route cannot be forgotten: each must be classified below (public, about the signed-in user,
 * platform, or tenant) or this suite fails with its name.
 *
 * Institution A is filled through the API with a record of every kind, each carrying a marker
 * word; institution B's owner then calls every route with A's ids — under B's institution, under
 * A's (of which B's owner is not a member) and in personal scope. No answer B receives may contain
 * the marker or one of A's ids, reads of A's records are refused (403/404), and no row of A changes.
 * A's owner also keeps a lead in personal scope (no institution): B never reaches it either.
 */

const MARKER = 'Quillfeather';
const marker = MARKER.toLowerCase();
const PASSWORD = 'isolation-matrix-password';
const APPROVED_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };

/** A's records the routes' parameters can name. */
type RecordKind =
  | 'institution'
  | 'owner'
  | 'member'
  | 'invitation'
  | 'outbox'
  | 'invoice'
  | 'lead'
  | 'personalLead'
  | 'scoreRun'
  | 'contact'
  | 'company'
  | 'deal'
  | 'file'
  | 'activity'
  | 'campaign'
  | 'rule'
  | 'scoring'
  | 'workflow'
  | 'segment'
  | 'form'
  | 'goal'
  | 'sequence'
  | 'enrollment'
  | 'record'
  | 'import'
  | 'crmImport'
  | 'product'
  | 'lineItem'
  | 'quote'
  | 'mailbox'
  | 'emailMessage'
  | 'emailAttachment';

/** A parameter's value: one of A's records, or a fixed value (a module id, a token…). */
type Param = RecordKind | { value: string } | { ofB: 'deal' | 'contact' };

/** A body or a filter that names A's records on a route whose path names none of A's. */
interface Reference {
  params?: Record<string, Param>;
  body?: Record<string, RecordKind>;
  query?: Record<string, RecordKind>;
}

type Entry =
  /** Reachable without a session; its reason says why nothing of a tenant is behind it. */
  | {
      access: 'public';
      reason: string /** Where to call it when its key is no path (a wildcard). */;
      calledAt?: string;
    }
  /** About the signed-in user only (their profile, their institutions, their personalisation). */
  | { access: 'user'; reason: string }
  /** Super admins only: everyone else gets 403. */
  | { access: 'platform'; params?: Record<string, Param> }
  /** One institution's data, named by X-Institution-Id (or by `institutionQuery`). */
  | {
      access: 'tenant';
      params?: Record<string, Param>;
      /** A valid body, so refusing A's record is not hidden behind a validation error. */
      body?: Record<string, unknown>;
      /** A multipart upload. */
      upload?: boolean;
      /** The institution is a query parameter (EventSource cannot send headers). */
      institutionQuery?: string;
      /** A query string the route needs to answer at all (the search text), without the `?`. */
      queryString?: string;
      /** Why B does not call it in B's own institution (a stream that does not end). */
      skipOwn?: string;
      /** Statuses that refuse A's record under B's institution, if not 403/404 (with the reason). */
      refusedWith?: { statuses: number[]; reason: string };
      /** Each refused (a write) or finding nothing of A's (a read) under B's own institution. */
      references?: Reference[];
    };

const CRM_ID = { id: 'lead' } as const;
/** A well-formed id no institution holds: the bulk and saved-view routes need one to get past validation. */
const NO_SUCH_RECORD = '00000000-0000-4000-8000-000000000000';
const FORM_FIELDS = [
  { field: 'first_name', label: 'First name', required: true },
  { field: 'last_name', label: 'Last name', required: true },
  { field: 'email', label: 'E-mail', required: true },
];
const PATIENTS = { moduleId: { value: 'healthcare' }, submoduleId: { value: 'patients' } } as const;

/** Reachable without a session: why nothing of a tenant is behind it; where to call it if its key is no path. */
const publicRoute = (reason: string, calledAt?: string): Entry =>
  calledAt ? { access: 'public', reason, calledAt } : { access: 'public', reason };
/** A route about the signed-in user only: why. */
const userRoute = (reason: string): Entry => ({ access: 'user', reason });

/**
 * Every route of the API. Keys are `METHOD path` with the controllers' parameter names; HEAD is
 * Fastify's automatic twin of GET and is not listed.
 */
const MATRIX: Record<string, Entry> = {
  // Public: no session, nothing of a tenant.
  'GET /api/health': publicRoute('liveness and readiness for the load balancer'),
  'GET /api/health/live': publicRoute('liveness probe'),
  'GET /api/health/ready': publicRoute('readiness probe (database reachable)'),
  'GET /metrics': publicRoute('Prometheus counters, no tenant data (network-restricted)'),
  'POST /api/auth/sign-in': publicRoute('starts a session'),
  'POST /api/auth/refresh': publicRoute('renews a session from its refresh cookie'),
  'POST /api/auth/sign-out': publicRoute('ends the session of its cookie'),
  'POST /api/auth/password-reset': publicRoute('always the same answer, mail only'),
  'POST /api/auth/password-reset/confirm': publicRoute('needs the mailed token'),
  'GET /api/auth/sso': publicRoute('names the provider of a claimed e-mail domain, nothing else'),
  'GET /api/auth/sso/start': publicRoute(
    'redirects to the provider of a claimed e-mail domain',
    '/api/auth/sso/start?email=isolation%40unclaimed.test',
  ),
  'GET /api/auth/sso/callback': publicRoute(
    'needs the signed state of a sign-in this browser started',
    '/api/auth/sso/callback?code=x&state=y',
  ),
  'POST /api/auth/sign-in/two-factor': publicRoute(
    'finishes a sign-in whose password was checked (its pending cookie)',
  ),
  'POST /api/invitations/lookup': publicRoute('needs the mailed invitation token'),
  'POST /api/invitations/sign-up': publicRoute('needs the mailed invitation token'),
  'GET /api/mail/o/:file': publicRoute('tracking pixel, keyed by an unguessable token'),
  'GET /api/mail/c/:token': publicRoute('tracked link redirect, unguessable token'),
  'GET /api/mail/u/:token': publicRoute('unsubscribe page, unguessable token'),
  'POST /api/mail/u/:token': publicRoute('one-click unsubscribe, unguessable token'),
  'GET /api/forms/embed.js': publicRoute('the web form embed script, the same for everyone'),
  'GET /api/forms/:formId': publicRoute(
    'a web form as its owner published it for any visitor (fields and labels only, no owner data)',
    `/api/forms/${NO_SUCH_RECORD}`,
  ),
  'GET /api/forms/:formId/page': publicRoute(
    'the iframe page of a published web form',
    `/api/forms/${NO_SUCH_RECORD}/page`,
  ),
  'OPTIONS /api/forms/:formId/submissions': publicRoute('CORS preflight of a web form: headers only'),
  'POST /api/forms/:formId/submissions': publicRoute(
    'visitors send an owner’s published web form: it adds a lead to the form’s institution and reads nothing back',
  ),
  'GET /api/quotes/public/:token': publicRoute('a quote’s page, behind its HMAC-signed, expiring link'),
  'GET /api/quotes/public/:token/pdf': publicRoute('a quote’s PDF, behind its HMAC-signed, expiring link'),
  'POST /api/quotes/public/:token/accept': publicRoute('the customer’s answer, needs the signed link'),
  'POST /api/quotes/public/:token/decline': publicRoute('the customer’s answer, needs the signed link'),
  // About the signed-in user.
  'GET /api/auth/user': userRoute('the caller’s own profile'),
  'PATCH /api/auth/user': userRoute('the caller’s own profile'),
  'POST /api/auth/password': userRoute('the caller’s own password'),
  'GET /api/auth/sessions': userRoute('the caller’s own sessions'),
  'DELETE /api/auth/sessions/:id': userRoute('ends one of the caller’s own sessions'),
  'POST /api/auth/sessions/end-others': userRoute('ends the caller’s other sessions'),
  'GET /api/auth/two-factor': userRoute('the caller’s own two-factor status'),
  'POST /api/auth/two-factor/setup': userRoute('the caller’s own two-factor secret'),
  'POST /api/auth/two-factor/confirm': userRoute('the caller’s own two-factor sign-in'),
  'POST /api/auth/two-factor/disable': userRoute('the caller’s own two-factor sign-in'),
  'PUT /api/access/pinned': userRoute('the caller’s own sidebar'),
  'POST /api/access/recent': userRoute('the caller’s own recent modules'),
  'GET /api/institutions': userRoute('the institutions the caller is a member of'),
  'POST /api/invitations/accept': userRoute('joins with the mailed token for the caller'),
  'POST /api/subscription/payment-test': userRoute('development-only card check, touches no institution'),
  // Platform administration.
  'GET /api/platform/institutions': { access: 'platform' },
  'PATCH /api/platform/institutions/:id': { access: 'platform', params: { id: 'institution' } },
  'PUT /api/platform/institutions/:id/modules/:moduleId': {
    access: 'platform',
    params: { id: 'institution', moduleId: { value: 'crm' } },
  },
  'GET /api/platform/remotes': { access: 'platform' },
  'PUT /api/platform/institutions/:id/remotes/:remote': {
    access: 'platform',
    params: { id: 'institution', remote: { value: 'crm' } },
  },
  'DELETE /api/platform/institutions/:id/remotes/:remote': {
    access: 'platform',
    params: { id: 'institution', remote: { value: 'crm' } },
  },
  'GET /api/platform/registry': { access: 'platform' },
  'POST /api/platform/remotes': { access: 'platform' },
  'POST /api/platform/remotes/:key/deploy-tokens': { access: 'platform', params: { key: { value: 'crm' } } },
  'GET /api/platform/remotes/:key/deploy-tokens': { access: 'platform', params: { key: { value: 'crm' } } },
  'DELETE /api/platform/remotes/:key/deploy-tokens/:id': {
    access: 'platform',
    params: { key: { value: 'crm' }, id: { value: NO_SUCH_RECORD } },
  },
  'GET /api/platform/remotes/:key/audit': { access: 'platform', params: { key: { value: 'crm' } } },
  'DELETE /api/platform/remotes/:key/releases/:version': {
    access: 'platform',
    params: { key: { value: 'crm' }, version: { value: '0.0.0-never-published' } },
  },
  'GET /api/platform/outbox': { access: 'platform' },
  'GET /api/platform/error-reports': { access: 'platform' },
  'GET /api/platform/outbox/:id': { access: 'platform', params: { id: 'outbox' } },
  // The workspace: access, registry, flags, live updates.
  'GET /functions/v1/me-access': { access: 'tenant' },
  'GET /api/remotes': { access: 'tenant' },
  'GET /api/modules': userRoute(
    'the module catalogue: which modules exist on the platform, nothing of an institution',
  ),
  // Fastify prints the stored releases' routes (/remotes/<key>/v/<version>/<file>) as one wildcard.
  'GET *': publicRoute(
    'the files of published remote releases: immutable build output, the same for every institution',
    '/remotes/crm/v/1.0.0/mf-manifest.json',
  ),
  'POST /api/remotes/:key/releases': publicRoute(
    'a deploy token, not a session, is its credential; a release belongs to the platform, not a tenant',
  ),
  'GET /api/feature-flags': { access: 'tenant' },
  'GET /api/events': {
    access: 'tenant',
    institutionQuery: 'institution',
    skipOwn: 'an event stream does not end; live-updates.e2e-spec.ts covers what it carries',
  },
  // Institution administration.
  'PATCH /api/institutions/:id': {
    access: 'tenant',
    params: { id: 'institution' },
    body: { name: 'Renamed by B' },
    refusedWith: { statuses: [400], reason: 'the header must name the institution being renamed' },
  },
  'GET /api/institutions/:id/logo': {
    access: 'tenant',
    params: { id: 'institution' },
    refusedWith: { statuses: [400], reason: 'the header must name the institution whose logo is read' },
  },
  'PUT /api/institutions/:id/logo': {
    access: 'tenant',
    params: { id: 'institution' },
    upload: true,
    refusedWith: { statuses: [400], reason: 'the header must name the institution being changed' },
  },
  'DELETE /api/institutions/:id/logo': {
    access: 'tenant',
    params: { id: 'institution' },
    refusedWith: { statuses: [400], reason: 'the header must name the institution being changed' },
  },
  'GET /api/administration': { access: 'tenant' },
  'PUT /api/administration/modules/:moduleId': {
    access: 'tenant',
    params: { moduleId: { value: 'crm' } },
    body: { enabled: false },
  },
  'GET /api/administration/members': { access: 'tenant' },
  'PATCH /api/administration/members/:userId': {
    access: 'tenant',
    params: { userId: 'member' },
    body: { role: 'viewer' },
  },
  'PUT /api/administration/members/:userId/modules/:moduleId': {
    access: 'tenant',
    params: { userId: 'member', moduleId: { value: 'crm' } },
    body: { level: 'none' },
  },
  'DELETE /api/administration/members/:userId': { access: 'tenant', params: { userId: 'member' } },
  'POST /api/administration/members/:userId/end-sessions': { access: 'tenant', params: { userId: 'member' } },
  'PUT /api/administration/two-factor-requirement': { access: 'tenant', body: { required: false } },
  'GET /api/administration/sso': { access: 'tenant' },
  'PUT /api/administration/sso': {
    access: 'tenant',
    body: {
      name: 'B',
      issuer_url: 'http://127.0.0.1:9',
      client_id: 'b',
      client_secret: 'b',
      domains: ['isolation-b.test'],
      jit_enabled: false,
      jit_role: 'member',
      sso_only: false,
    },
    refusedWith: { statuses: [400], reason: 'no provider answers at that issuer' },
  },
  'DELETE /api/administration/sso': {
    access: 'tenant',
    refusedWith: { statuses: [404], reason: 'B’s own institution has no single sign-on set up' },
  },
  'GET /api/administration/invitations': { access: 'tenant' },
  'POST /api/administration/invitations': {
    access: 'tenant',
    body: { email: 'spy@isolation-b.test', role: 'member' },
  },
  'POST /api/administration/invitations/:invitationId/resend': {
    access: 'tenant',
    params: { invitationId: 'invitation' },
  },
  'DELETE /api/administration/invitations/:invitationId': {
    access: 'tenant',
    params: { invitationId: 'invitation' },
  },
  'GET /api/administration/audit': { access: 'tenant' },
  // Integrations: A's keys and webhooks are named by ids B never learns; a made-up one stands in.
  'GET /api/administration/api-keys': { access: 'tenant' },
  'POST /api/administration/api-keys': { access: 'tenant', body: { name: 'Spy key', scopes: ['crm:read'] } },
  'DELETE /api/administration/api-keys/:id': { access: 'tenant', params: { id: { value: NO_SUCH_RECORD } } },
  'GET /api/administration/webhooks': { access: 'tenant' },
  'POST /api/administration/webhooks': {
    access: 'tenant',
    body: { url: 'https://127.0.0.1/hook', events: ['deal.created'] },
    refusedWith: { statuses: [400], reason: 'a loopback receiver is refused before anything is stored' },
  },
  'DELETE /api/administration/webhooks/:id': { access: 'tenant', params: { id: { value: NO_SUCH_RECORD } } },
  'GET /api/administration/webhooks/:id/deliveries': {
    access: 'tenant',
    params: { id: { value: NO_SUCH_RECORD } },
    skipOwn: 'the made-up id is no endpoint of B’s either; webhooks.e2e-spec.ts reads real delivery logs',
  },
  'POST /api/administration/webhooks/:id/deliveries/:deliveryId/resend': {
    access: 'tenant',
    params: { id: { value: NO_SUCH_RECORD }, deliveryId: { value: NO_SUCH_RECORD } },
  },
  'GET /api/outbox': { access: 'tenant' },
  'GET /api/outbox/:id': { access: 'tenant', params: { id: 'outbox' } },
  // Subscription.
  'GET /api/subscription/plans': { access: 'tenant' },
  'GET /api/subscription/payments': { access: 'tenant' },
  'GET /api/subscription/billing': { access: 'tenant' },
  'POST /api/subscription/change-plan': {
    access: 'tenant',
    body: { plan_id: 'starter', card: APPROVED_CARD },
  },
  'GET /api/subscription/invoices/:invoiceId/download': {
    access: 'tenant',
    params: { invoiceId: 'invoice' },
  },
  // Industry modules (the records engine) and their imports.
  'GET /api/modules/:moduleId/:submoduleId/records': { access: 'tenant', params: PATIENTS },
  'POST /api/modules/:moduleId/:submoduleId/records': {
    access: 'tenant',
    params: PATIENTS,
    body: { data: { full_name: 'Spy', date_of_birth: '1980-01-01', status: 'active' } },
  },
  'GET /api/modules/:moduleId/:submoduleId/records/export.csv': { access: 'tenant', params: PATIENTS },
  'POST /api/modules/:moduleId/:submoduleId/records/import': {
    access: 'tenant',
    params: PATIENTS,
    body: { csv: 'full_name\r\nSpy\r\n' },
  },
  'GET /api/modules/:moduleId/:submoduleId/records/:id': {
    access: 'tenant',
    params: { ...PATIENTS, id: 'record' },
  },
  'GET /api/modules/:moduleId/:submoduleId/records/:id/related': {
    access: 'tenant',
    params: { ...PATIENTS, id: 'record' },
  },
  'PATCH /api/modules/:moduleId/:submoduleId/records/:id': {
    access: 'tenant',
    params: { ...PATIENTS, id: 'record' },
    body: { data: { status: 'inactive' } },
  },
  'DELETE /api/modules/:moduleId/:submoduleId/records/:id': {
    access: 'tenant',
    params: { ...PATIENTS, id: 'record' },
  },
  'POST /api/modules/:moduleId/:submoduleId/records/bulk-update': {
    access: 'tenant',
    params: PATIENTS,
    body: { ids: [NO_SUCH_RECORD], data: { status: 'inactive' } },
  },
  'POST /api/modules/:moduleId/:submoduleId/records/bulk-delete': {
    access: 'tenant',
    params: PATIENTS,
    body: { ids: [NO_SUCH_RECORD] },
  },
  'GET /api/modules/:moduleId/:submoduleId/saved-views': { access: 'tenant', params: PATIENTS },
  'POST /api/modules/:moduleId/:submoduleId/saved-views': {
    access: 'tenant',
    params: PATIENTS,
    body: { name: 'Spy view', query: 'view=table' },
  },
  'DELETE /api/modules/:moduleId/:submoduleId/saved-views/:viewId': {
    access: 'tenant',
    params: { ...PATIENTS, viewId: { value: NO_SUCH_RECORD } },
  },
  // The workspace home.
  'GET /api/home/modules/:moduleId/tiles/:tileId': {
    access: 'tenant',
    params: { moduleId: { value: 'finance' }, tileId: { value: 'finance.open-invoices' } },
  },
  'GET /api/home/due': { access: 'tenant' },
  'GET /api/home/recently-viewed': { access: 'tenant' },
  'POST /api/home/recently-viewed': { access: 'tenant', body: { entity: 'deals', id: NO_SUCH_RECORD } },
  'GET /api/modules/:moduleId/:submoduleId/imports/active': { access: 'tenant', params: PATIENTS },
  'GET /api/modules/:moduleId/:submoduleId/imports/:importId': {
    access: 'tenant',
    params: { ...PATIENTS, importId: 'import' },
  },
  'GET /api/modules/:moduleId/:submoduleId/insights': {
    access: 'tenant',
    params: { moduleId: { value: 'healthcare' }, submoduleId: { value: 'overview' } },
  },
  // CRM: leads, qualification, scoring runs, direct e-mail.
  'GET /api/crm/leads': { access: 'tenant' },
  'POST /api/crm/leads': { access: 'tenant', body: { first_name: 'Spy', last_name: 'Lead' } },
  'POST /api/error-reports': { access: 'tenant', body: { message: 'Spy error' } },
  'GET /api/crm/leads/high-scoring': { access: 'tenant' },
  'GET /api/crm/leads/stage/:stage': { access: 'tenant', params: { stage: { value: 'new' } } },
  'POST /api/crm/leads/capture': {
    access: 'tenant',
    body: { first_name: 'Spy', last_name: 'Capture', email: 'spy@isolation-b.test' },
  },
  'POST /api/crm/leads/score': { access: 'tenant' },
  'GET /api/crm/leads/score/:runId': { access: 'tenant', params: { runId: 'scoreRun' } },
  'GET /api/crm/leads/:id': { access: 'tenant', params: CRM_ID },
  'PATCH /api/crm/leads/:id': { access: 'tenant', params: CRM_ID, body: { notes: 'spy' } },
  'POST /api/crm/leads/:id/score': { access: 'tenant', params: CRM_ID },
  'GET /api/crm/leads/:id/qualification': { access: 'tenant', params: CRM_ID },
  'PUT /api/crm/leads/:id/qualification': {
    access: 'tenant',
    params: CRM_ID,
    body: { bant: { budget: false, authority: false, need: false, timing: false } },
  },
  'POST /api/crm/leads/:id/emails': {
    access: 'tenant',
    params: CRM_ID,
    body: { subject: 'Hello', body: 'Spy message' },
  },
  // CRM: companies.
  'GET /api/crm/companies': { access: 'tenant' },
  'POST /api/crm/companies': { access: 'tenant', body: { name: 'Spy Company' } },
  'GET /api/crm/companies/:id': { access: 'tenant', params: { id: 'company' } },
  'PATCH /api/crm/companies/:id': {
    access: 'tenant',
    params: { id: 'company' },
    body: { phone: '+1 555 0000' },
  },
  'DELETE /api/crm/companies/:id': { access: 'tenant', params: { id: 'company' } },
  // CRM: contacts.
  'GET /api/crm/contacts': { access: 'tenant' },
  'POST /api/crm/contacts': {
    access: 'tenant',
    body: { first_name: 'Spy', last_name: 'Contact' },
    references: [{ body: { company_id: 'company' } }],
  },
  'GET /api/crm/contacts/search': { access: 'tenant' },
  // Search across everything: B searches for A's marker word.
  'GET /api/search': { access: 'tenant', queryString: `q=${MARKER}` },
  'GET /api/crm/contacts/with-custom-fields': { access: 'tenant' },
  'GET /api/crm/contacts/:id': { access: 'tenant', params: { id: 'contact' } },
  'PATCH /api/crm/contacts/:id': {
    access: 'tenant',
    params: { id: 'contact' },
    body: { title: 'Spy' },
    references: [{ params: { id: { ofB: 'contact' } }, body: { company_id: 'company' } }],
  },
  'PUT /api/crm/contacts/:id/custom-fields': {
    access: 'tenant',
    params: { id: 'contact' },
    body: { field_name: 'Spy', field_value: '1', field_type: 'number' },
  },
  'PATCH /api/crm/contacts/:id/tags': {
    access: 'tenant',
    params: { id: 'contact' },
    body: { tags: ['spy'] },
  },
  'PATCH /api/crm/contacts/:id/status': {
    access: 'tenant',
    params: { id: 'contact' },
    body: { status: 'inactive' },
  },
  'POST /api/crm/contacts/:id/move': {
    access: 'tenant',
    params: { id: 'contact' },
    body: { stage: 'qualified' },
  },
  'POST /api/crm/contacts/:id/emails': {
    access: 'tenant',
    params: { id: 'contact' },
    body: { subject: 'Hello', body: 'Spy message' },
  },
  // Connected mailboxes and e-mail conversations (docs/product/mailboxes.md).
  'GET /api/mailboxes': { access: 'tenant' },
  'POST /api/mailboxes': {
    access: 'tenant',
    body: {
      imap_host: '127.0.0.1',
      imap_port: 1,
      imap_tls: false,
      username: 'spy@isolation-b.test',
      password: 'x',
    },
  },
  'PATCH /api/mailboxes/:id': {
    access: 'tenant',
    params: { id: 'mailbox' },
    body: { visibility: 'private' },
  },
  'DELETE /api/mailboxes/:id': { access: 'tenant', params: { id: 'mailbox' } },
  'GET /api/crm/contacts/:id/emails': { access: 'tenant', params: { id: 'contact' } },
  'GET /api/crm/leads/:id/emails': { access: 'tenant', params: CRM_ID },
  'GET /api/crm/companies/:id/emails': { access: 'tenant', params: { id: 'company' } },
  'GET /api/crm/deals/:id/emails': { access: 'tenant', params: { id: 'deal' } },
  'POST /api/crm/deals/:id/emails': {
    access: 'tenant',
    params: { id: 'deal' },
    body: { subject: 'Hello', body: 'Spy message' },
  },
  'POST /api/crm/emails/:id/reply': {
    access: 'tenant',
    params: { id: 'emailMessage' },
    body: { body: 'Spy reply' },
  },
  'GET /api/crm/email-attachments/:attachmentId': {
    access: 'tenant',
    params: { attachmentId: 'emailAttachment' },
  },
  // CRM: deals, their files, pipeline preferences.
  'GET /api/crm/deals': { access: 'tenant', references: [{ query: { owner_id: 'owner' } }] },
  'POST /api/crm/deals': {
    access: 'tenant',
    body: { name: 'Spy deal' },
    references: [{ body: { contact_id: 'contact' } }, { body: { company_id: 'company' } }],
  },
  'GET /api/crm/deals/:id': { access: 'tenant', params: { id: 'deal' } },
  'PATCH /api/crm/deals/:id': {
    access: 'tenant',
    params: { id: 'deal' },
    body: { stage: 'closed_lost' },
    references: [
      { params: { id: { ofB: 'deal' } }, body: { contact_id: 'contact' } },
      { params: { id: { ofB: 'deal' } }, body: { company_id: 'company' } },
    ],
  },
  'DELETE /api/crm/deals/:id': { access: 'tenant', params: { id: 'deal' } },
  'GET /api/crm/deals/:dealId/files': { access: 'tenant', params: { dealId: 'deal' } },
  'POST /api/crm/deals/:dealId/files': { access: 'tenant', params: { dealId: 'deal' }, upload: true },
  'GET /api/crm/deals/:dealId/files/:fileId/download': {
    access: 'tenant',
    params: { dealId: 'deal', fileId: 'file' },
  },
  'DELETE /api/crm/deals/:dealId/files/:fileId': {
    access: 'tenant',
    params: { dealId: 'deal', fileId: 'file' },
  },
  // CRM: products, line items and quotes (docs/adr/0019-products-and-quotes.md).
  'GET /api/crm/products': { access: 'tenant' },
  'GET /api/crm/products/export.csv': { access: 'tenant' },
  'POST /api/crm/products': { access: 'tenant', body: { name: 'Spy product' } },
  'GET /api/crm/products/:id': { access: 'tenant', params: { id: 'product' } },
  'PATCH /api/crm/products/:id': {
    access: 'tenant',
    params: { id: 'product' },
    body: { name: 'Spy product' },
  },
  'GET /api/crm/deals/:id/line-items': { access: 'tenant', params: { id: 'deal' } },
  'POST /api/crm/deals/:id/line-items': {
    access: 'tenant',
    params: { id: 'deal' },
    body: { name: 'Spy line', quantity: 1, unit_price: 1 },
    references: [{ params: { id: { ofB: 'deal' } }, body: { product_id: 'product' } }],
  },
  'PATCH /api/crm/deals/:id/line-items/:lineId': {
    access: 'tenant',
    params: { id: 'deal', lineId: 'lineItem' },
    body: { quantity: 2 },
  },
  'DELETE /api/crm/deals/:id/line-items/:lineId': {
    access: 'tenant',
    params: { id: 'deal', lineId: 'lineItem' },
  },
  'GET /api/crm/deals/:id/quotes': { access: 'tenant', params: { id: 'deal' } },
  'POST /api/crm/deals/:id/quotes': { access: 'tenant', params: { id: 'deal' }, body: {} },
  'GET /api/crm/quotes/:id': { access: 'tenant', params: { id: 'quote' } },
  'PATCH /api/crm/quotes/:id': { access: 'tenant', params: { id: 'quote' }, body: { terms: 'Spy terms' } },
  'POST /api/crm/quotes/:id/send': {
    access: 'tenant',
    params: { id: 'quote' },
    body: { to: 'spy@spy.test' },
  },
  'GET /api/crm/quotes/:id/pdf': { access: 'tenant', params: { id: 'quote' } },
  // CRM imports and duplicates (docs/product/crm-imports.md).
  'POST /api/crm/imports': {
    access: 'tenant',
    body: {
      entity: 'contacts',
      csv: 'First Name,Last Name\r\nSpy,Contact\r\n',
      mapping: ['first_name', 'last_name'],
      duplicates: 'skip',
    },
  },
  'GET /api/crm/imports': { access: 'tenant' },
  'GET /api/crm/imports/:id': { access: 'tenant', params: { id: 'crmImport' } },
  'POST /api/crm/imports/:id/undo': { access: 'tenant', params: { id: 'crmImport' } },
  'GET /api/crm/duplicates/:entity': { access: 'tenant', params: { entity: { value: 'contacts' } } },
  'POST /api/crm/duplicates/:entity/merge': {
    access: 'tenant',
    params: { entity: { value: 'contacts' } },
    body: {
      survivor_id: '00000000-0000-4000-8000-000000000001',
      merged_id: '00000000-0000-4000-8000-000000000002',
      take_from_merged: [],
    },
    references: [{ body: { survivor_id: 'contact' } }, { body: { merged_id: 'contact' } }],
  },
  'GET /api/crm/preferences/pipeline': { access: 'tenant' },
  'PUT /api/crm/preferences/pipeline': { access: 'tenant', body: { hidden_stages: [] } },
  // CRM: activities, campaigns, automation, scoring, workflows, segments, analytics.
  'GET /api/crm/activities': {
    access: 'tenant',
    references: [
      { query: { deal_id: 'deal' } },
      { query: { contact_id: 'contact' } },
      { query: { lead_id: 'lead' } },
    ],
  },
  'POST /api/crm/activities': {
    access: 'tenant',
    body: { type: 'note', subject: 'Spy' },
    references: [
      { body: { deal_id: 'deal' } },
      { body: { contact_id: 'contact' } },
      { body: { lead_id: 'lead' } },
    ],
  },
  'PATCH /api/crm/activities/:id/complete': { access: 'tenant', params: { id: 'activity' } },
  'GET /api/crm/email-campaigns': { access: 'tenant' },
  'POST /api/crm/email-campaigns': { access: 'tenant', body: { name: 'Spy', subject: 'Spy' } },
  'GET /api/crm/email-campaigns/:id': { access: 'tenant', params: { id: 'campaign' } },
  'PATCH /api/crm/email-campaigns/:id': {
    access: 'tenant',
    params: { id: 'campaign' },
    body: { name: 'Spy' },
  },
  'POST /api/crm/email-campaigns/:id/send': { access: 'tenant', params: { id: 'campaign' } },
  'GET /api/crm/email-campaigns/:id/delivery': { access: 'tenant', params: { id: 'campaign' } },
  'POST /api/crm/email-campaigns/audience-count': { access: 'tenant', body: { audience: {} } },
  'POST /api/crm/email-campaigns/:id/schedule': {
    access: 'tenant',
    params: { id: 'campaign' },
    body: { send_at: '2099-01-01T00:00:00.000Z' },
  },
  'POST /api/crm/email-campaigns/:id/cancel-schedule': { access: 'tenant', params: { id: 'campaign' } },
  'POST /api/crm/email-campaigns/:id/test': { access: 'tenant', params: { id: 'campaign' } },
  'GET /api/crm/automation-rules': { access: 'tenant' },
  'POST /api/crm/automation-rules': {
    access: 'tenant',
    body: {
      name: 'Spy',
      conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'won' } },
      actions_json: [],
    },
  },
  'GET /api/crm/automation-rules/:id': { access: 'tenant', params: { id: 'rule' } },
  'GET /api/crm/automation-rules/:id/runs': { access: 'tenant', params: { id: 'rule' } },
  'PATCH /api/crm/automation-rules/:id': { access: 'tenant', params: { id: 'rule' }, body: { name: 'Spy' } },
  'PATCH /api/crm/automation-rules/:id/enabled': {
    access: 'tenant',
    params: { id: 'rule' },
    body: { enabled: false },
  },
  'DELETE /api/crm/automation-rules/:id': { access: 'tenant', params: { id: 'rule' } },
  'GET /api/crm/scoring-rules': { access: 'tenant' },
  'POST /api/crm/scoring-rules': { access: 'tenant', body: { name: 'Spy', points: 5 } },
  'GET /api/crm/scoring-rules/:id': { access: 'tenant', params: { id: 'scoring' } },
  'PATCH /api/crm/scoring-rules/:id': { access: 'tenant', params: { id: 'scoring' }, body: { points: 1 } },
  'PATCH /api/crm/scoring-rules/:id/active': {
    access: 'tenant',
    params: { id: 'scoring' },
    body: { active: false },
  },
  'DELETE /api/crm/scoring-rules/:id': { access: 'tenant', params: { id: 'scoring' } },
  'GET /api/crm/workflows': { access: 'tenant' },
  'POST /api/crm/workflows': { access: 'tenant', body: { name: 'Spy', trigger: 'lead_created' } },
  'GET /api/crm/workflows/:id': { access: 'tenant', params: { id: 'workflow' } },
  'GET /api/crm/workflows/:id/executions': { access: 'tenant', params: { id: 'workflow' } },
  'PATCH /api/crm/workflows/:id': { access: 'tenant', params: { id: 'workflow' }, body: { name: 'Spy' } },
  'POST /api/crm/workflows/:id/toggle': { access: 'tenant', params: { id: 'workflow' } },
  'DELETE /api/crm/workflows/:id': { access: 'tenant', params: { id: 'workflow' } },
  'GET /api/crm/segments': { access: 'tenant' },
  'POST /api/crm/segments': { access: 'tenant', body: { name: 'Spy' } },
  'GET /api/crm/segments/:id': { access: 'tenant', params: { id: 'segment' } },
  'PATCH /api/crm/segments/:id': { access: 'tenant', params: { id: 'segment' }, body: { name: 'Spy' } },
  'DELETE /api/crm/segments/:id': { access: 'tenant', params: { id: 'segment' } },
  // CRM: web forms (their public side is below, with the other public routes).
  'GET /api/crm/forms': { access: 'tenant' },
  'POST /api/crm/forms': { access: 'tenant', body: { name: 'Spy form', fields: FORM_FIELDS } },
  'GET /api/crm/forms/:id': { access: 'tenant', params: { id: 'form' } },
  'GET /api/crm/forms/:id/submissions': { access: 'tenant', params: { id: 'form' } },
  'PATCH /api/crm/forms/:id': { access: 'tenant', params: { id: 'form' }, body: { name: 'Spy' } },
  'DELETE /api/crm/forms/:id': { access: 'tenant', params: { id: 'form' } },
  'GET /api/crm/sequences': { access: 'tenant' },
  'POST /api/crm/sequences': {
    access: 'tenant',
    body: { name: 'Spy', steps: [{ type: 'task', subject: 'Spy' }] },
  },
  'GET /api/crm/sequences/:id': { access: 'tenant', params: { id: 'sequence' } },
  'PATCH /api/crm/sequences/:id': { access: 'tenant', params: { id: 'sequence' }, body: { name: 'Spy' } },
  'DELETE /api/crm/sequences/:id': { access: 'tenant', params: { id: 'sequence' } },
  'GET /api/crm/sequences/:id/enrollments': { access: 'tenant', params: { id: 'sequence' } },
  'POST /api/crm/sequences/:id/enrollments': {
    access: 'tenant',
    params: { id: 'sequence' },
    body: { contact_ids: [NO_SUCH_RECORD] },
  },
  'DELETE /api/crm/sequences/:id/enrollments/:enrollmentId': {
    access: 'tenant',
    params: { id: 'sequence', enrollmentId: 'enrollment' },
  },
  'GET /api/crm/analytics': { access: 'tenant' },
  'GET /api/crm/analytics/charts': { access: 'tenant' },
  // Sales forecast and goals.
  'GET /api/crm/forecast': { access: 'tenant', queryString: 'from=2031-01&to=2031-12' },
  'GET /api/crm/forecast/export.csv': { access: 'tenant', queryString: 'from=2031-01&to=2031-12' },
  'PUT /api/crm/deals/:id/forecast-category': {
    access: 'tenant',
    params: { id: 'deal' },
    body: { forecast_category: 'commit' },
  },
  'GET /api/crm/goals': { access: 'tenant' },
  'POST /api/crm/goals': {
    access: 'tenant',
    body: { assignee: 'person', metric: 'deals_won', period: 'month', period_start: '2031-01', target: 3 },
    references: [{ body: { user_id: 'owner' } }],
  },
  'GET /api/crm/goals/:id': { access: 'tenant', params: { id: 'goal' } },
  'PATCH /api/crm/goals/:id': { access: 'tenant', params: { id: 'goal' }, body: { target: 9 } },
  'DELETE /api/crm/goals/:id': { access: 'tenant', params: { id: 'goal' } },
  // CRM insights: reports over the institution's CRM.
  'GET /api/crm-insights/smart-leads': { access: 'tenant' },
  'GET /api/crm-insights/lead-overview': { access: 'tenant' },
  'GET /api/crm-insights/analytics': { access: 'tenant' },
  'GET /api/crm-insights/insights': { access: 'tenant' },
  'POST /api/crm-insights/capture': {
    access: 'tenant',
    body: { first_name: 'Spy', last_name: 'Capture', email: 'spy2@isolation-b.test' },
  },
};

/** The API documentation (served when API_DOCS=1) is public: the map of the API, no tenant data. */
const isApiDocs = (path: string) =>
  path === '/api/docs' || path.startsWith('/api/docs/') || path.startsWith('/api/docs-');

/** A route's shape: its parameters' names do not matter (Fastify merges them, `:dealId|:id`). */
const shapeOf = (key: string) => key.replace(/:[^/]+/g, ':');

/**
 * Method and path of every route Fastify serves, from `printRoutes({ commonPrefix: false })`: a
 * tree whose lines are `<indent>├── <path segment> (<METHODS>)`, each segment extending its parent.
 */
function servedRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('tenant isolation over every route', () => {
  let api: TestApp;
  let ownerA: Session;
  let ownerB: Session;
  let institutionA: string;
  let institutionB: string;
  const a = {} as Record<RecordKind, string>;
  let dealOfB: string;
  let contactOfB: string;
  /** Every id of A's: none may show in an answer B receives (but the ones B sent). */
  let idsOfA: string[];
  let before: string;

  async function createInstitution(slug: string, name: string, planId: string): Promise<string> {
    const [row] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO institutions (name, slug, plan_id, modules_included)
       SELECT $1, $2, $3, array_agg(DISTINCT m) FROM (
         SELECT unnest(modules_included) AS m FROM institutions WHERE slug = 'acme') modules
       RETURNING id`,
      [name, slug, planId],
    );
    if (!row) throw new Error(`could not create ${slug}`);
    return row.id;
  }

  async function createUser(email: string, firstName: string, institutionId: string, role: string) {
    const [user] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, 'Isolation')
       RETURNING id`,
      [email, await hash(PASSWORD), firstName],
    );
    if (!user) throw new Error(`could not create ${email}`);
    await queryTestDatabase(
      'INSERT INTO institution_members (institution_id, user_id, role) VALUES ($1, $2, $3)',
      [institutionId, user.id, role],
    );
    return user.id;
  }

  /** A's data, through the API as A's owner, each with the marker where it has a name. */
  async function fillInstitutionA(): Promise<void> {
    const headers = { 'X-Institution-Id': institutionA };
    const post = async (path: string, body: Record<string, unknown>, status = 201) =>
      (await ownerA.agent.post(path).set(headers).send(body).expect(status)).body as { id: string };

    // The plan first: changing it keeps only the modules the new plan allows.
    await ownerA.agent
      .post('/api/subscription/change-plan')
      .set(headers)
      .set('Idempotency-Key', `isolation-${institutionA}`)
      .send({ plan_id: 'enterprise', card: APPROVED_CARD })
      .expect(200);
    a.lead = (
      await post('/api/crm/leads', { first_name: MARKER, last_name: 'Lead', email: `lead@${marker}.test` })
    ).id;
    await ownerA.agent
      .put(`/api/crm/leads/${a.lead}/qualification`)
      .set(headers)
      .send({ bant: { budget: true, authority: true, need: true, timing: false } })
      .expect(200);
    a.scoreRun = (await post('/api/crm/leads/score', {}, 202)).id;
    a.company = (
      await post('/api/crm/companies', { name: `${MARKER} Company`, domain: `${marker}.test` })
    ).id;
    a.contact = (
      await post('/api/crm/contacts', {
        first_name: MARKER,
        last_name: 'Contact',
        email: `contact@${marker}.test`,
        company_id: a.company,
      })
    ).id;
    await ownerA.agent
      .put(`/api/crm/contacts/${a.contact}/custom-fields`)
      .set(headers)
      .send({ field_name: `${MARKER} field`, field_value: MARKER, field_type: 'text' })
      .expect(200);
    a.deal = (
      await post('/api/crm/deals', { name: `${MARKER} deal`, amount: 4200, contact_id: a.contact })
    ).id;
    a.file = (
      await ownerA.agent
        .post(`/api/crm/deals/${a.deal}/files`)
        .set(headers)
        .attach('file', Buffer.from(`${MARKER} proposal\n`), {
          filename: `${MARKER}.txt`,
          contentType: 'text/plain',
        })
        .expect(201)
    ).body.id;
    // A's logo: B can neither read, replace nor remove it (the snapshot holds its bytes).
    await ownerA.agent
      .put(`/api/institutions/${institutionA}/logo`)
      .set(headers)
      .attach('file', png(16, 16, [40, 80, 120]), { filename: 'logo.png', contentType: 'image/png' })
      .expect(200);
    a.product = (
      await post('/api/crm/products', {
        name: `${MARKER} product`,
        code: MARKER,
        prices: [{ currency: 'USD', unit_price: 42 }],
      })
    ).id;
    const lines = await post(`/api/crm/deals/${a.deal}/line-items`, { product_id: a.product, quantity: 100 });
    a.lineItem = (lines as unknown as { items: Array<{ id: string }> }).items[0]?.id as string;
    a.quote = (await post(`/api/crm/deals/${a.deal}/quotes`, { terms: `${MARKER} terms` })).id;
    await ownerA.agent
      .put('/api/crm/preferences/pipeline')
      .set(headers)
      .send({ hidden_stages: ['closed_lost'] })
      .expect(200);
    a.activity = (
      await post('/api/crm/activities', { type: 'note', subject: `${MARKER} note`, deal_id: a.deal })
    ).id;
    a.campaign = (await post('/api/crm/email-campaigns', { name: `${MARKER} campaign`, subject: MARKER })).id;
    a.rule = (
      await post('/api/crm/automation-rules', {
        name: `${MARKER} rule`,
        conditions_json: { event_type: 'stage_change', stage_change: { to_stage: 'won' } },
        actions_json: [],
      })
    ).id;
    a.scoring = (await post('/api/crm/scoring-rules', { name: `${MARKER} scoring`, points: 7 })).id;
    a.workflow = (
      await post('/api/crm/workflows', { name: `${MARKER} workflow`, trigger: 'lead_created' })
    ).id;
    a.segment = (await post('/api/crm/segments', { name: `${MARKER} segment` })).id;
    a.form = (await post('/api/crm/forms', { name: `${MARKER} form`, fields: FORM_FIELDS })).id;
    a.goal = (
      await post('/api/crm/goals', {
        assignee: 'team',
        metric: 'won_value',
        period: 'year',
        period_start: '2031-01',
        target: 4242,
      })
    ).id;
    a.sequence = (
      await post('/api/crm/sequences', {
        name: `${MARKER} sequence`,
        steps: [{ type: 'task', subject: `${MARKER} call` }],
      })
    ).id;
    await post(`/api/crm/sequences/${a.sequence}/enrollments`, { contact_ids: [a.contact] });
    const [enrolled] = await queryTestDatabase<{ id: string }>(
      'SELECT id FROM crm_sequence_enrollments WHERE sequence_id = $1',
      [a.sequence],
    );
    a.enrollment = enrolled.id;
    a.record = (
      await post('/api/modules/healthcare/patients/records', {
        data: {
          full_name: `${MARKER} Patient`,
          date_of_birth: '1980-01-01',
          email: `patient@${marker}.test`,
          status: 'active',
        },
      })
    ).id;
    const exported = await ownerA.agent
      .get('/api/modules/healthcare/patients/records/export.csv')
      .set(headers)
      .expect(200);
    a.import = (
      await post('/api/modules/healthcare/patients/records/import', { csv: exported.text }, 202)
    ).id;
    a.crmImport = (
      await post(
        '/api/crm/imports',
        {
          entity: 'contacts',
          csv: `First Name,Last Name,Email Address\r\n${MARKER},Imported,imported@${marker}.test\r\n`,
          mapping: ['first_name', 'last_name', 'email'],
          duplicates: 'skip',
        },
        202,
      )
    ).id;
    a.invitation = (
      await post('/api/administration/invitations', { email: `invitee@${marker}.test`, role: 'member' })
    ).id;
    // A's owner also keeps a lead of their own, outside any institution (personal scope).
    a.personalLead = (
      await ownerA.agent
        .post('/api/crm/leads')
        .send({ first_name: MARKER, last_name: 'Personal' })
        .expect(201)
    ).body.id;
    await queryTestDatabase(
      `INSERT INTO feature_flags (institution_id, key, enabled) VALUES ($1, $2, true)`,
      [institutionA, `crm.${marker}`],
    );

    // A synced conversation with the contact, written as the sync job writes it (no IMAP server here).
    const [mailbox] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO crm_mailboxes (org_id, owner_id, imap_host, imap_port, imap_tls, username, password_sealed,
                                  email_address, status, sync_days)
       VALUES ($1, $2, 'imap.${marker}.test', 993, true, $3, 'sealed', $3, 'synced', 90) RETURNING id`,
      [institutionA, a.owner, `owner@${marker}.test`],
    );
    const [message] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO crm_email_messages (org_id, owner_id, mailbox_id, direction, message_id, thread_key, subject,
                                       from_address, to_addresses, text_body, received_at)
       VALUES ($1, $2, $3, 'inbound', $4, $4, $5, $6, $7, $5, now()) RETURNING id`,
      [
        institutionA,
        a.owner,
        mailbox?.id,
        `<${marker}@mail.test>`,
        `${MARKER} question`,
        `contact@${marker}.test`,
        [`owner@${marker}.test`],
      ],
    );
    await queryTestDatabase(
      `INSERT INTO crm_email_message_links (message_id, org_id, owner_id, contact_id) VALUES ($1, $2, $3, $4)`,
      [message?.id, institutionA, a.owner, a.contact],
    );
    const [attachment] = await queryTestDatabase<{ id: string }>(
      `INSERT INTO crm_email_attachments (message_id, org_id, owner_id, file_name, content_type, size_bytes, content)
       VALUES ($1, $2, $3, $4, 'text/plain', 7, $5) RETURNING id`,
      [message?.id, institutionA, a.owner, `${MARKER}.txt`, Buffer.from(MARKER.slice(0, 7))],
    );
    if (!mailbox || !message || !attachment) throw new Error('A has no mailbox conversation');
    a.mailbox = mailbox.id;
    a.emailMessage = message.id;
    a.emailAttachment = attachment.id;

    // The background work A started settles before the snapshot: the score run, the import, the mail.
    await eventually(async () => {
      const busy = await queryTestDatabase(
        `SELECT id FROM crm_lead_score_runs WHERE org_id = $1 AND status IN ('pending', 'running')
         UNION ALL SELECT id FROM record_imports WHERE org_id = $1 AND finished_at IS NULL
         UNION ALL SELECT id FROM mail_outbox WHERE org_id = $1 AND status = 'queued'
         UNION ALL SELECT id FROM crm_sequence_enrollments WHERE org_id = $1 AND status = 'active'`,
        [institutionA],
      );
      return busy.length === 0;
    }, 30_000);
    const [outbox] = await queryTestDatabase<{ id: string }>('SELECT id FROM mail_outbox WHERE org_id = $1', [
      institutionA,
    ]);
    const [invoice] = await queryTestDatabase<{ id: string }>(
      'SELECT id FROM invoices WHERE institution_id = $1',
      [institutionA],
    );
    if (!outbox || !invoice) throw new Error('A has no outbox message or invoice');
    a.outbox = outbox.id;
    a.invoice = invoice.id;
  }

  /** Every row of A's, in every table that names an institution, as text. */
  async function snapshotOfA(): Promise<string> {
    const tables = await queryTestDatabase<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('org_id', 'institution_id') ORDER BY table_name`,
    );
    const parts: string[] = [];
    const read = async (label: string, sql: string, params: unknown[]) => {
      const rows = await queryTestDatabase<{ row: string }>(sql, params);
      parts.push(`${label}:\n${rows.map((row) => row.row).join('\n')}`);
    };
    for (const { table_name: table, column_name: column } of tables) {
      await read(table, `SELECT t::text AS row FROM ${table} t WHERE ${column} = $1 ORDER BY 1`, [
        institutionA,
      ]);
    }
    await read('institutions', 'SELECT t::text AS row FROM institutions t WHERE id = $1', [institutionA]);
    await read(
      'members of A',
      `SELECT u::text AS row FROM users u
        WHERE id IN (SELECT user_id FROM institution_members WHERE institution_id = $1) ORDER BY 1`,
      [institutionA],
    );
    await read(
      'preferences of A',
      `SELECT p::text AS row FROM crm_user_preferences p
        WHERE user_id IN (SELECT user_id FROM institution_members WHERE institution_id = $1) ORDER BY 1`,
      [institutionA],
    );
    await read(
      'personal leads of A’s owner',
      'SELECT t::text AS row FROM crm_leads t WHERE org_id IS NULL AND owner_id = $1 ORDER BY 1',
      [ownerA.userId],
    );
    return parts.join('\n--\n');
  }

  let database: { name: string; url: string };

  beforeAll(async () => {
    // A database of its own: the two institutions added here stay out of suites that list every
    // institution, and no other suite's writes can show in A's snapshot. (Jest gives each test
    // file its own copy of process.env.)
    database = await createDatabase(TEST_SERVER_URL, 'tessera_isolation');
    await runMigrations(database.url);
    await seedDemoData(database.url);
    process.env.TESSERA_TEST_DATABASE_URL = database.url;
    api = await createTestApp();
    institutionA = await createInstitution(`${marker}-a`, `${MARKER} Holdings`, 'growth');
    institutionB = await createInstitution('isolation-b', 'Isolation B', 'enterprise');
    a.owner = await createUser(`owner@${marker}.test`, MARKER, institutionA, 'owner');
    a.member = await createUser(`member@${marker}.test`, MARKER, institutionA, 'member');
    await createUser('owner@isolation-b.test', 'Bea', institutionB, 'owner');
    ownerA = await signIn(api, `owner@${marker}.test`, PASSWORD);
    ownerB = await signIn(api, 'owner@isolation-b.test', PASSWORD);
    a.institution = institutionA;
    await fillInstitutionA();
    // B has data of its own, so its lists are not empty by accident.
    const headersB = { 'X-Institution-Id': institutionB };
    await ownerB.agent
      .post('/api/crm/leads')
      .set(headersB)
      .send({ first_name: 'Bea', last_name: 'Lead' })
      .expect(201);
    dealOfB = (await ownerB.agent.post('/api/crm/deals').set(headersB).send({ name: 'Bea deal' }).expect(201))
      .body.id;
    contactOfB = (
      await ownerB.agent
        .post('/api/crm/contacts')
        .set(headersB)
        .send({ first_name: 'Bea', last_name: 'Contact' })
        .expect(201)
    ).body.id;
    await ownerB.agent
      .post('/api/modules/healthcare/patients/records')
      .set(headersB)
      .send({ data: { full_name: 'Bea Patient', date_of_birth: '1990-01-01', status: 'active' } })
      .expect(201);
    idsOfA = Object.values(a);
    before = await snapshotOfA();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    if (database) await dropDatabase(TEST_SERVER_URL, database.name);
  });

  const routes = () =>
    servedRoutes(api.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false }));
  const entries = Object.entries(MATRIX);
  const entryOf = (route: string) => entries.find(([key]) => shapeOf(key) === shapeOf(route));

  it('runs as the runtime login, which row-level security binds (access/runtime-role.e2e-spec.ts)', async () => {
    const [who] = await api.app.get(DataSource).query('SELECT session_user AS login');
    expect(who.login).toBe(RUNTIME_ROLE);
  });

  it('classifies every route the API serves, and lists none it does not', () => {
    const served = routes().filter((route) => !isApiDocs(route.split(' ')[1] ?? ''));
    expect(served.length).toBeGreaterThan(100);
    const unclassified = served.filter((route) => !entryOf(route));
    expect(unclassified).toEqual([]);
    const shapes = new Set(served.map(shapeOf));
    expect(entries.map(([key]) => key).filter((key) => !shapes.has(shapeOf(key)))).toEqual([]);
  });

  function pathOf(key: string, params: Record<string, Param> = {}): string {
    const path = key.slice(key.indexOf(' ') + 1);
    return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const param = params[name];
      if (!param) throw new Error(`${key}: no value for :${name}`);
      if (typeof param === 'string') return a[param];
      if ('value' in param) return param.value;
      return param.ofB === 'deal' ? dealOfB : contactOfB;
    });
  }

  /** Calls a route as B's owner and checks that the answer carries nothing of A's. */
  async function callAsB(
    key: string,
    entry: Entry,
    path: string,
    headers: Record<string, string>,
    body = entry.access === 'tenant' ? entry.body : undefined,
  ) {
    const method = key.slice(0, key.indexOf(' ')).toLowerCase() as
      | 'get'
      | 'post'
      | 'patch'
      | 'put'
      | 'delete';
    let pending = ownerB.agent[method](path).set(headers);
    if (entry.access === 'tenant' && entry.upload) {
      pending = pending.attach('file', Buffer.from('spy\n'), {
        filename: 'spy.txt',
        contentType: 'text/plain',
      });
    } else if (body) {
      pending = pending.send(body);
    }
    const response = await pending;
    const text = `${response.text ?? ''}${JSON.stringify(response.body ?? null)}`.toLowerCase();
    const sent = `${path} ${Object.values(headers).join(' ')}`;
    expect({ route: key, status: response.status, leaks: text.includes(marker) }).toEqual({
      route: key,
      status: response.status,
      leaks: false,
    });
    const leakedIds = idsOfA.filter((id) => !sent.includes(id) && text.includes(id));
    expect({ route: key, leakedIds }).toEqual({ route: key, leakedIds: [] });
    expect(response.status).toBeLessThan(500);
    return response;
  }

  const tenantRoutes = entries.filter(([, entry]) => entry.access === 'tenant') as Array<
    [string, Extract<Entry, { access: 'tenant' }>]
  >;
  const namesARecord = (entry: Extract<Entry, { access: 'tenant' | 'platform' }>) =>
    Object.values(entry.params ?? {}).some((param) => typeof param === 'string');
  const withQuery = (path: string, entry: Extract<Entry, { access: 'tenant' }>, institution: string) =>
    entry.institutionQuery
      ? `${path}?${entry.institutionQuery}=${institution}`
      : withQueryString(path, entry);
  const withQueryString = (path: string, entry: Extract<Entry, { access: 'tenant' }>) =>
    entry.queryString ? `${path}?${entry.queryString}` : path;

  it.each(tenantRoutes)('%s: under A’s institution, B is refused (403)', async (key, entry) => {
    const path = withQuery(pathOf(key, entry.params), entry, institutionA);
    const response = await callAsB(key, entry, path, { 'X-Institution-Id': institutionA });
    expect(response.status).toBe(403);
  });

  it.each(tenantRoutes.filter(([, entry]) => namesARecord(entry)))(
    '%s: under B’s own institution, A’s record is not found',
    async (key, entry) => {
      const response = await callAsB(key, entry, pathOf(key, entry.params), {
        'X-Institution-Id': institutionB,
      });
      expect(entry.refusedWith?.statuses ?? [403, 404]).toContain(response.status);
      // In personal scope (no institution) it is not B's either.
      const personal = await callAsB(key, entry, pathOf(key, entry.params), {});
      expect([400, 403, 404]).toContain(personal.status);
      // Nor is A's owner's own lead, named in B's personal scope.
      if (Object.values(entry.params ?? {}).includes('lead')) {
        const params = Object.fromEntries(
          Object.entries(entry.params ?? {}).map(([name, param]) => [
            name,
            param === 'lead' ? 'personalLead' : param,
          ]),
        ) as Record<string, Param>;
        const ownLead = await callAsB(key, entry, pathOf(key, params), {});
        expect([403, 404]).toContain(ownLead.status);
      }
    },
  );

  it.each(
    tenantRoutes.filter(([key, entry]) => key.startsWith('GET ') && !namesARecord(entry) && !entry.skipOwn),
  )('%s: under B’s own institution, the answer has nothing of A’s', async (key, entry) => {
    const path = withQueryString(pathOf(key, entry.params), entry);
    const response = await callAsB(key, entry, path, {
      'X-Institution-Id': institutionB,
    });
    expect(response.status).toBe(200);
    await callAsB(key, entry, path, {});
  });

  const labelOf = (reference: Reference) =>
    Object.entries({ ...reference.query, ...reference.body })
      .map(([name, kind]) => `${name} = A’s ${kind}`)
      .join(', ');
  const ofA = (names: Record<string, RecordKind> = {}) =>
    Object.fromEntries(Object.entries(names).map(([name, kind]) => [name, a[kind]]));
  it.each(
    tenantRoutes.flatMap(([key, entry]) =>
      (entry.references ?? []).map(
        (reference) => [`${key} with ${labelOf(reference)}`, key, entry, reference] as const,
      ),
    ),
  )('%s: under B’s own institution, finds or links nothing', async (_, key, entry, reference) => {
    const query = new URLSearchParams(ofA(reference.query)).toString();
    const path = pathOf(key, { ...entry.params, ...reference.params }) + (query ? `?${query}` : '');
    const body = reference.body ? { ...entry.body, ...ofA(reference.body) } : entry.body;
    const response = await callAsB(key, entry, path, { 'X-Institution-Id': institutionB }, body);
    if (key.startsWith('GET ')) expect(response.status).toBe(200);
    else expect([403, 404]).toContain(response.status);
  });

  const platformRoutes = entries.filter(([, entry]) => entry.access === 'platform') as Array<
    [string, Extract<Entry, { access: 'platform' }>]
  >;
  it.each(platformRoutes)('%s: B’s owner is not a super admin (403)', async (key, entry) => {
    const response = await callAsB(key, entry, pathOf(key, entry.params), {
      'X-Institution-Id': institutionB,
    });
    expect(response.status).toBe(403);
  });

  const otherReads = entries.filter(
    ([key, entry]) => (entry.access === 'public' || entry.access === 'user') && key.startsWith('GET '),
  );
  it.each(otherReads)('%s: the answer B receives has nothing of A’s', async (key, entry) => {
    const path =
      (entry.access === 'public' && entry.calledAt) ||
      pathOf(key, { file: { value: 'isolation.gif' }, token: { value: 'isolation-token' } });
    await callAsB(key, entry, path, { 'X-Institution-Id': institutionB });
    await callAsB(key, entry, path, { 'X-Institution-Id': institutionA });
  });

  it('changed nothing of A’s, and A still reads its own records', async () => {
    expect(await snapshotOfA()).toBe(before);
    const headers = { 'X-Institution-Id': institutionA };
    const lead = await ownerA.agent.get(`/api/crm/leads/${a.lead}`).set(headers).expect(200);
    expect(lead.body.first_name).toBe(MARKER);
    const files = await ownerA.agent.get(`/api/crm/deals/${a.deal}/files`).set(headers).expect(200);
    expect(files.body.map((file: { id: string }) => file.id)).toEqual([a.file]);
    const patient = await ownerA.agent
      .get(`/api/modules/healthcare/patients/records/${a.record}`)
      .set(headers)
      .expect(200);
    expect(patient.body.title).toBe(`${MARKER} Patient`);
  });

  // The marker check means something only if A, reading the same routes, does see the marker.
  // (After the snapshot: A's first read of scoring rules adds the built-in ones.)
  it.each([
    '/api/crm/leads',
    '/api/crm/contacts',
    '/api/crm/contacts/with-custom-fields',
    '/api/crm/companies',
    '/api/crm/deals',
    '/api/crm/products',
    '/api/crm/products/export.csv',
    '/api/crm/activities',
    '/api/crm/email-campaigns',
    '/api/crm/automation-rules',
    '/api/crm/scoring-rules',
    '/api/crm/workflows',
    '/api/crm/segments',
    '/api/crm/forms',
    '/api/crm/sequences',
    '/api/crm-insights/smart-leads',
    '/api/modules/healthcare/patients/records',
    '/api/modules/healthcare/patients/records/export.csv',
    '/api/administration/members',
    '/api/administration/invitations',
    '/api/administration/audit',
    '/api/outbox',
    '/api/feature-flags',
    '/functions/v1/me-access',
    `/api/search?q=${MARKER}`,
  ])('%s: A reads its own marker there', async (path) => {
    const response = await ownerA.agent.get(path).set({ 'X-Institution-Id': institutionA }).expect(200);
    expect(`${response.text}`.toLowerCase()).toContain(marker);
  });
});
