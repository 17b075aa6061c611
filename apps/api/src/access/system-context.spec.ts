import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * The only way past the tenant scope is to name a system context (runAsSystem / @ActsAsSystem):
 * row-level security hides other tenants' rows from everything else. This list is every place that
 * does, with why; a new one fails here until someone has looked at it and added it.
 */
const ALLOWED: Record<string, string> = {
  'jobs/job-queue.service.ts': 'a job acts on the ids it was given, for whichever tenant enqueued it',
  'jobs/job-queue-installation.ts':
    "pg-boss's own statements (polls, bookkeeping) on its own tables, which have no tenant rows: on the all-tenants pool, off the requests' connections",
  'administration/invitations.controller.ts':
    'an invitation is found by its token, before anyone is a member',
  'crm/email-tracking/email-tracking.controller.ts':
    'a tracked message is found by its token; its reader has no session',
  'crm/forecast/forecast-snapshots.service.ts':
    'the monthly forecast snapshot is one job for every institution: it reads each tenant’s open deals and writes each snapshot row under its own scope',
  'crm/selling/public-quotes.controller.ts':
    'a quote is found by its HMAC-signed, expiring link; the customer who answers it has no session',
  'platform/platform.controller.ts': 'the platform console spans institutions (super admins only)',
  'mail/outbox.controller.ts': 'the platform outbox spans institutions (super admins only)',
  'registry/platform-registry.controller.ts':
    'registering remotes and deploy tokens is platform work; the audit of a remote spans institutions (super admins only)',
  'registry/releases.controller.ts':
    'a deploy token publishes a platform-wide release (no session, no institution) and writes its audit entry',
  'integrations/api-key-credentials.ts':
    'an API key is found by its hash before its institution is known (the key names it)',
  'integrations/api-key-audit.ts':
    'a key write is audited as the key in the institution the key names, in the change’s transaction',
  'access/access.service.ts': 'the access decision reads memberships to establish the tenant context',
  'access/tenant-scope.guard.ts': 'applies @ActsAsSystem to the request it guards',
  'crm/web-forms/web-form-submissions.service.ts':
    'a web form is found by its id alone (one row); its visitor has no session, and the submission then runs in the form’s own scope',
  'sso/sso.controller.ts':
    'single sign-on finds its institution by a claimed domain or its signed state, before anyone is signed in',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.spec.') && !entry.name.includes('.e2e-spec.')
      ? [path]
      : [];
  });
}

describe('system context', () => {
  it('is entered only where the list above says why', () => {
    const root = join(__dirname, '..');
    const users = sourceFiles(root)
      .filter(
        (file) =>
          !file.endsWith(join('access', 'tenant-context.ts')) &&
          !file.endsWith(join('access', 'tenant-scope.ts')),
      )
      .filter((file) =>
        /runAsSystem\(|settleRequestAsSystem\(|@ActsAsSystem\(/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(root, file).split('\\').join('/'))
      .sort();
    expect(users).toEqual(Object.keys(ALLOWED).sort());
  });
});
