// Runs oidc-provider, the certified OpenID provider, as the app's Google for the end-to-end tests
// (issue 24; Playwright starts it next to the app):
//   node --import tsx packages/fakes/src/serve-oidc-provider.ts --port 4020 --public-url http://127.0.0.1:3000
// It is not a fake: its defaults, its dev login and consent pages (any login, any password), PKCE,
// RFC 9207 `iss` in every answer, RFC 7009 revocation. One client is registered for the app
// (client id knap-e2e, secret below) with the sign-in and connection callbacks of that public URL.
// Its accounts have the login as `sub`, `<login>@oidc.example` as a verified e-mail. GET
// /_e2e/tokens answers the tokens it issued (`issued`: each token answer's access_token, id_token,
// scope) and the access and refresh tokens since revoked (`revoked`), so a spec can check that none
// reached the browser and that a disconnect reached it.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import Provider from 'oidc-provider';

const OIDC_PROVIDER_CLIENT = {
  client_id: 'knap-e2e',
  client_secret: 'knap-e2e-secret-that-is-long-enough-for-hs256',
};
/** The scopes of the Google connections it can grant (oidc-provider drops scopes it does not know). */
const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://www.googleapis.com/auth/drive.readonly',
];

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'public-url': { type: 'string' } },
});
const port = Number(values.port);
const publicUrl = values['public-url'];
if (!Number.isInteger(port) || port <= 0 || !publicUrl) {
  console.error('usage: serve-oidc-provider.ts --port <port> --public-url <the app’s PUBLIC_URL>');
  process.exit(2);
}

const issuer = `http://127.0.0.1:${port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      ...OIDC_PROVIDER_CLIENT,
      redirect_uris: [
        `${publicUrl}/api/google/auth/signin/callback`,
        `${publicUrl}/api/google/auth/callback`,
      ],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  scopes: ['openid', 'offline_access', ...GOOGLE_SCOPES],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@oidc.example`, email_verified: true, name: sub }),
    };
  },
  features: { devInteractions: { enabled: true }, revocation: { enabled: true } },
});
type Issued = { access_token?: string; id_token?: string; refresh_token?: string; scope?: string };
const issued: Issued[] = [];
const revoked: string[] = [];
provider.on('grant.success', (ctx) => {
  const { access_token, id_token, refresh_token, scope } = (ctx.body ?? {}) as Issued;
  issued.push({ access_token, id_token, refresh_token, scope });
});
// An opaque token's value is its jti; revocation destroys it.
const destroyed = (token: { jti: string }) => revoked.push(token.jti);
provider.on('access_token.destroyed', destroyed);
provider.on('refresh_token.destroyed', destroyed);

const callback = provider.callback();
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/_e2e/tokens') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ issued, revoked }));
    return;
  }
  callback(req, res);
});
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
console.log(`oidc-provider: ${issuer} (client ${OIDC_PROVIDER_CLIENT.client_id})`);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
