import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * An OpenID Connect provider for the tests (the oidc-provider package, in-process on a loopback port): one
 * confidential client, PKCE required, and an interaction that signs in whoever the test named with
 * `signIn` and consents for them — what a person at the provider's login page would do.
 */
export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signIn(accountId: string): void;
  /**
   * What a browser does from the provider's authorization address on: follows its redirects (keeping the
   * provider's cookies) until it is sent back to the portal, and answers that address's query.
   */
  authorize(authorizationUrl: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startOidcProvider(
  redirectUris: string[],
  postLogoutRedirectUris: string[] = [],
): Promise<OidcProvider> {
  const clientId = 'eip-portal';
  const clientSecret = 'eip-portal-test-secret';
  let accountId: string | null = null;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        post_logout_redirect_uris: postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, preferred_username: sub, name: sub, email: `${sub}@example.com` }),
    }),
    cookies: { keys: ['eip-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (!request.url?.startsWith('/interaction/')) return void callback(request, response);
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      if (!accountId) throw new Error('no one is signed in at the test provider');
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(request, response, { login: { accountId }, consent: { grantId } });
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signIn(id) {
      accountId = id;
    },
    async authorize(authorizationUrl) {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (!url.startsWith(issuer)) return Object.fromEntries(new URL(url).searchParams);
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${url}: HTTP ${response.status}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
