import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from '@playwright/test';
import { PEOPLE, sessionFile, signIn } from './shell-session';

// Each demo person signs in once per run, through the real form; every other journey starts from
// the session saved here (shell-session.ts: savedSession says why it can be shared). The sign-ins
// are independent: both workers take them.
test.describe.configure({ mode: 'parallel' });

for (const person of PEOPLE) {
  test(`${person.email} signs in once for the run`, async ({ page }) => {
    await signIn(page, person);
    mkdirSync(dirname(sessionFile(person)), { recursive: true });
    await page.context().storageState({ path: sessionFile(person) });
  });
}
