import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { createAccount } from './invitation-links';
import { closeOpenedContexts, DANA, openContext, pageOf } from './shell-session';

test.afterEach(closeOpenedContexts);

/** The code an authenticator app shows, `steps` time steps from now (each code is accepted once). */
function codeFor(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

// A person of its own: turning two-factor on changes how they sign in, which no shared demo session may see.
test('turns on two-factor sign-in from the profile and signs in with a code from the app', async ({
  browser,
}) => {
  const email = `casey.${Date.now()}@example.test`;
  const password = 'two-factor-journey';
  await createAccount(await pageOf(browser, DANA), email, password);

  const page = await (await openContext(browser)).newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await card.getByLabel('Key for your authenticator app').textContent()) ?? '';
  await card.getByLabel('Code from the app').fill(codeFor(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card).toContainText('10 recovery codes left');

  // This browser is among the sessions; ending it signs this browser out.
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await sessions.getByRole('button', { name: /^Sign out: .* \(this browser\)$/ }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const step = page.getByRole('form', { name: 'Two-factor sign-in' });
  await step.getByLabel('Authentication code').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toHaveText('That code is wrong or was already used');
  // The code of the next step: the one used to turn it on is spent.
  await step.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  // Back where the session ended.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText('recovery codes left');
});
