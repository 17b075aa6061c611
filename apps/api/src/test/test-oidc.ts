import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { SSO_CALLBACK_PATH, type SsoSettingsInput } from '@tessera/data-access/contracts';

export interface TestOidcProvider {
  issuer: string;
  /** The next ID token the provider issues carries these claims (signed with its own key). */
  tamperNextIdToken(changes: { aud?: string; nonce?: string; expired?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export interface TestOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/** A real oidc-provider on loopback, in its own process (test-oidc-provider.mjs). */
export async function startTestOidcProvider(clients: TestOidcClient[]): Promise<TestOidcProvider> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'test-oidc-provider.mjs')], {
    env: { ...process.env, NODE_OPTIONS: '', OIDC_CLIENTS: JSON.stringify(clients) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready (\S+)/.exec(output);
      if (ready?.[1]) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`the test OpenID provider exited (${code})`)));
  });
  return {
    issuer,
    async tamperNextIdToken(changes) {
      const answer = await fetch(`${issuer}/test/next-id-token`, {
        method: 'POST',
        body: JSON.stringify(changes),
      });
      if (answer.status !== 204) throw new Error(`tamper: ${answer.status}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Cookies per origin, as a browser keeps them (enough for these flows: no paths, no expiry). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jars.get(url.origin) ?? new Map()).entries()]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  take(url: URL, response: Response): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(url.origin, jar);
  }
}

/** The provider with Tessera as its one client, and what an owner saves to use it for a domain. */
export interface TesseraOidcProvider extends TestOidcProvider {
  /** The institution's set-up for the domain's people, without the secret (sent the first time only). */
  settingsFor(domain: string): SsoSettingsInput;
}

/** The provider with Tessera as its one client, sending people back to this API's callback. */
export async function startProviderForTessera(
  apiUrl: string,
  clientSecret: string,
): Promise<TesseraOidcProvider> {
  const provider = await startTestOidcProvider([
    { client_id: 'tessera', client_secret: clientSecret, redirect_uris: [`${apiUrl}${SSO_CALLBACK_PATH}`] },
  ]);
  return {
    ...provider,
    settingsFor: (domain) => ({
      name: 'Acme Login',
      issuer_url: provider.issuer,
      client_id: 'tessera',
      domains: [domain],
      jit_enabled: false,
      jit_role: 'member',
      sso_only: false,
    }),
  };
}

export interface ProviderSignIn {
  /** Where the API sent the browser at the end. */
  location: string;
  /** The API's cookies after the callback (the session's, when it opened one). */
  apiCookies: string;
}

/**
 * A browser's trip through single sign-on without a browser: the API's start for the typed `email`,
 * the provider's login page (signing in as `login`, the same person unless a test says otherwise) and
 * consent, back to the API's callback. Redirects are followed by hand, with cookies per origin; the
 * provider's forms are submitted as a person would.
 */
export async function signInThroughProvider(
  apiUrl: string,
  email: string,
  login = email,
): Promise<ProviderSignIn> {
  const api = new URL(apiUrl).origin;
  const jar = new CookieJar();
  let url = new URL(`/api/auth/sso/start?email=${encodeURIComponent(email)}`, apiUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), cookie: jar.header(url) },
    });
    jar.take(url, response);
    const location = response.headers.get('location');
    if (url.origin === api && url.pathname === SSO_CALLBACK_PATH) {
      return { location: location ?? '', apiCookies: jar.header(url) };
    }
    if (location) {
      const next = new URL(location, url);
      // Refused before the provider was reached: the API sent the browser back to its sign-in page.
      if (next.origin === api && next.pathname !== SSO_CALLBACK_PATH) {
        return { location: next.pathname + next.search, apiCookies: jar.header(next) };
      }
      url = next;
      init = {};
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected page at ${url}: ${response.status} ${page.slice(0, 200)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    url = new URL(action, url);
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('single sign-on did not come back to the API');
}
