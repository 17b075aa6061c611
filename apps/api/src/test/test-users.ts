import { hash } from 'argon2';
import { queryTestDatabase, type Session, signIn, type TestApp } from './test-app';

/**
 * An account of one suite's own, straight into the run's database: the demo users are shared by
 * every suite, so whatever a test changes about a user (its password, its attempt counters, its
 * personal CRM rows) is done to one of these. Returns the new user's id.
 */
export async function createTestUser(
  email: string,
  { password = 'tessera-demo', firstName = 'Test', lastName = 'User' } = {},
): Promise<string> {
  const [row] = await queryTestDatabase<{ id: string }>(
    'INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4) RETURNING id',
    [email, await hash(password), firstName, lastName],
  );
  return (row as { id: string }).id;
}

/** A unique address for a user of this run only (`<label>-<pid>-<time>@<domain>`). */
export function uniqueEmail(label: string, domain: string): string {
  return `${label}-${process.pid}-${Date.now()}@${domain}`;
}

/** A CRM user of this run only, signed in: personal-scope figures cannot be disturbed by other suites. */
export async function signInFreshUser(api: Pick<TestApp, 'url'>, name: string): Promise<Session> {
  const email = uniqueEmail(name, 'crm.test');
  await createTestUser(email, { firstName: 'Fresh', lastName: name });
  return signIn(api, email);
}

/** An institution of one suite's own, on Acme's plan and modules: its rows and counts are the suite's alone. */
export async function createTestInstitution(label: string): Promise<string> {
  const [row] = await queryTestDatabase<{ id: string }>(
    `INSERT INTO institutions (name, slug, plan_id, modules_included)
     SELECT $1, $2, plan_id, modules_included FROM institutions WHERE slug = 'acme'
     RETURNING id`,
    [`${label} Holdings`, `${label}-${process.pid}-${Date.now()}`],
  );
  if (!row) throw new Error(`could not create ${label}`);
  return row.id;
}

/** A new account with `role` in the institution, signed in. */
export async function signInNewMember(
  api: Pick<TestApp, 'url'>,
  institutionId: string,
  role: string,
  label: string,
  { domain = 'members.test', password = 'member-test-password' } = {},
): Promise<Session> {
  const email = uniqueEmail(label, domain);
  const userId = await createTestUser(email, { password, firstName: label, lastName: 'Member' });
  await queryTestDatabase(
    'INSERT INTO institution_members (institution_id, user_id, role) VALUES ($1, $2, $3)',
    [institutionId, userId, role],
  );
  return signIn(api, email, password);
}
