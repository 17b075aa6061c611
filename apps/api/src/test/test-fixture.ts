import {
  createTestApp,
  failOnViolations,
  institutionIds,
  type Session,
  signIn,
  type TestApp,
} from './test-app';

/**
 * The API under test for one spec file, with the given users signed in: started before the file's
 * tests, closed after them. Call it in a `describe` body; the objects it returns are filled in by
 * the time the first hook or test runs, so a spec names its app and sessions once, at the top.
 * Hooks the spec declares after this call run after the sign-ins.
 */
export function useTestApi<const Emails extends readonly string[]>(
  emails: Emails,
  env: NodeJS.ProcessEnv = {},
): { api: TestApp; sessions: { [Index in keyof Emails]: Session } } {
  const api = {} as TestApp;
  const sessions = emails.map(() => ({}) as Session);
  beforeAll(async () => {
    Object.assign(api, await createTestApp(env));
    for (const [index, email] of emails.entries())
      Object.assign(sessions[index] as Session, await signIn(api, email));
  });
  // Each test answers for the bodies it received.
  afterEach(() => failOnViolations(api.takeResponseViolations()));
  afterAll(() => api.close());
  return { api, sessions: sessions as { [Index in keyof Emails]: Session } };
}

/** The seeded institutions' ids by slug, read before the file's tests (filled in place, like useTestApi's). */
export function useInstitutionIds(): Record<string, string> {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(ids, await institutionIds());
  });
  return ids;
}
