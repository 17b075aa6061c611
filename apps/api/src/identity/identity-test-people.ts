import { INSTITUTION_HEADER } from '@tessera/data-access/contracts';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { queryTestDatabase, type TestApp } from '../test/test-app';
import { createTestUser, uniqueEmail } from '../test/test-users';

/** A person of one test only, and an agent that signs them in (as a browser would, with the app's Origin). */
export interface TestPerson {
  id: string;
  email: string;
  password: string;
  agent: ReturnType<typeof request.agent>;
}

export async function newPerson(api: Pick<TestApp, 'url'>, label: string): Promise<TestPerson> {
  const email = uniqueEmail(label, 'identity.test');
  const password = 'identity-test-password';
  const id = await createTestUser(email, { password, firstName: 'Ida', lastName: label });
  return { id, email, password, agent: request.agent(api.url).set('Origin', api.url) };
}

/** An institution of this test alone (CRM on), with the people given and their roles. */
export async function newInstitution(members: Array<[TestPerson, string]>): Promise<string> {
  const [row] = await queryTestDatabase<{ id: string }>(
    `INSERT INTO institutions (name, slug, plan_id, modules_included)
     VALUES ('Identity Test', 'identity-' || substr(md5(random()::text), 1, 10), 'enterprise', ARRAY['crm'])
     RETURNING id`,
  );
  const id = (row as { id: string }).id;
  for (const [person, role] of members) {
    await queryTestDatabase(
      'INSERT INTO institution_members (institution_id, user_id, role) VALUES ($1, $2, $3)',
      [id, person.id, role],
    );
  }
  return id;
}

export function institutionHeader(institutionId: string): Record<string, string> {
  return { [INSTITUTION_HEADER]: institutionId };
}

/** The code an authenticator app shows for `secret`, `offsetSteps` time steps from now. */
export function codeFor(secret: string, offsetSteps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Turns two-factor on through the API; answers the secret and the recovery codes. */
export async function turnOnTwoFactor(
  person: TestPerson,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await person.agent
    .post('/api/auth/sign-in')
    .send({ email: person.email, password: person.password })
    .expect(200);
  const setup = await person.agent.post('/api/auth/two-factor/setup').expect(200);
  const secret: string = setup.body.secret;
  const confirmed = await person.agent
    .post('/api/auth/two-factor/confirm')
    .send({ code: codeFor(secret) })
    .expect(200);
  return { secret, recoveryCodes: confirmed.body.recovery_codes };
}
