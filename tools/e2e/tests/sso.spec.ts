import { startTestOidcProvider } from '../../../apps/api/src/test/test-oidc';
import { institutionIdOf } from './admin-session';
import { expect, test } from './fixtures';
import { closeOpenedContexts, DANA, openContext, pageOf, SAME_ORIGIN } from './shell-session';

test.afterEach(closeOpenedContexts);

test('a newcomer of a claimed domain signs in through the provider’s login page and lands in the workspace', async ({
  browser,
}) => {
  const origin = SAME_ORIGIN.Origin;
  // The API suite's OpenID provider (oidc-provider on loopback), with this server's callback registered.
  const provider = await startTestOidcProvider([
    {
      client_id: 'tessera-e2e',
      client_secret: 'e2e-client-secret',
      redirect_uris: [`${origin}/api/auth/sso/callback`],
    },
  ]);
  const owner = await pageOf(browser, DANA);
  const headers = { ...SAME_ORIGIN, 'X-Institution-Id': await institutionIdOf(owner, 'Acme Corporation') };
  const domain = `sso-journey-${Date.now()}.test`;
  try {
    const saved = await owner.request.put('/api/administration/sso', {
      headers,
      data: {
        name: 'Journey Login',
        issuer_url: provider.issuer,
        client_id: 'tessera-e2e',
        client_secret: 'e2e-client-secret',
        domains: [domain],
        jit_enabled: true,
        jit_role: 'viewer',
        sso_only: true,
      },
    });
    expect(saved.status()).toBe(200);

    const page = await (await openContext(browser)).newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(`robin@${domain}`);
    // Single sign-on is the only way for this domain: no password to type.
    await page.getByRole('link', { name: 'Continue with Journey Login' }).click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await page.getByPlaceholder('Enter any login').fill(`robin@${domain}`);
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: /robin/ })).toBeVisible();
  } finally {
    await owner.request.delete('/api/administration/sso', { headers });
    await provider.stop();
  }
});
