// A real OpenID provider (oidc-provider) for the single sign-on tests, run as its own process on
// loopback: `node test-oidc-provider.mjs` with OIDC_CLIENTS='[{client_id, client_secret, redirect_uris}]'.
// It prints `ready <issuer>` once listening. People sign in on its development login page with any
// e-mail address as the login. POST /test/next-id-token { aud?, nonce?, expired? } makes the next ID
// token it issues carry those claims, signed with its own key: what a misbehaving or hostile provider
// would send, for the client to refuse.
import { createServer } from 'node:http';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
const clients = JSON.parse(process.env.OIDC_CLIENTS ?? '[]').map((client) => ({
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_post',
  ...client,
}));

const provider = new Provider(issuer, {
  clients,
  jwks: { keys: [jwk] },
  cookies: { keys: ['test-oidc-provider-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  scopes: ['openid', 'email', 'profile'],
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: id, email_verified: true }),
  }),
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
});

let tamper = null;
provider.use(async (ctx, next) => {
  await next();
  if (!tamper || ctx.path !== '/token' || typeof ctx.body?.id_token !== 'string') return;
  const claims = { ...decodeJwt(ctx.body.id_token) };
  if (tamper.aud) claims.aud = tamper.aud;
  if (tamper.nonce) claims.nonce = tamper.nonce;
  if (tamper.expired) {
    claims.iat = Math.floor(Date.now() / 1000) - 1200;
    claims.exp = Math.floor(Date.now() / 1000) - 600;
  }
  tamper = null;
  ctx.body = {
    ...ctx.body,
    id_token: await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(privateKey),
  };
});

const handle = provider.callback();
server.on('request', (request, response) => {
  if (request.method === 'POST' && request.url === '/test/next-id-token') {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      tamper = JSON.parse(body || '{}');
      response.writeHead(204).end();
    });
    return;
  }
  handle(request, response);
});
process.stdout.write(`ready ${issuer}\n`);
