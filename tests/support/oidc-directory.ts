import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person of the test directory. */
export interface DirectoryPerson {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface DirectoryClient {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) on loopback, for the tests: its login step signs in, without
 * a form, the person named by login_hint (or by `signInAs`, to play someone else). Clients can be set after start, since
 * a Stratum directory's callback address holds the id of a record made once the issuer address is known.
 */
export interface TestDirectory {
  issuer: string;
  people: Map<string, DirectoryPerson>;
  /** when set, whoever the sign-in is for, the directory signs in this e-mail's person */
  signInAs: string | null;
  setClients(clients: DirectoryClient[]): void;
  addPerson(email: string, extra?: Partial<DirectoryPerson>): DirectoryPerson;
  close(): Promise<void>;
}

export async function startTestDirectory(): Promise<TestDirectory> {
  // one signing key for every configuration, so that a relying party's cached keys stay right after setClients
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-directory', use: 'sig', alg: 'RS256' };
  const people = new Map<string, DirectoryPerson>();
  let provider: Provider | null = null;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  const server = createServer((req, res) => {
    if (!provider || !handler) {
      res.writeHead(503).end('no clients yet');
      return;
    }
    if (req.url?.startsWith('/interaction/')) void interact(provider, req, res);
    else handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const directory: TestDirectory = {
    issuer,
    people,
    signInAs: null,
    setClients(clients) {
      provider = new Provider(issuer, {
        clients: clients.map((c) => ({
          client_id: c.clientId,
          ...(c.clientSecret ? { client_secret: c.clientSecret } : { token_endpoint_auth_method: 'none' }),
          redirect_uris: c.redirectUris,
        })),
        jwks: { keys: [jwk] },
        cookies: { keys: ['test-directory-cookie-key'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        findAccount: (_ctx: unknown, sub: string) => {
          const p = [...people.values()].find((x) => x.sub === sub);
          if (!p) return undefined;
          return {
            accountId: sub,
            claims: () => ({
              sub,
              email: p.email,
              email_verified: p.emailVerified ?? true,
              given_name: p.givenName,
              family_name: p.familyName,
              name: [p.givenName, p.familyName].filter(Boolean).join(' ') || undefined,
            }),
          };
        },
      });
      handler = provider.callback();
    },
    addPerson(email, extra = {}) {
      const person = { sub: `sub-${people.size + 1}-${email}`, email, ...extra };
      people.set(email, person);
      return person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  /** The directory's login and consent, answered at once for the person the sign-in is for. */
  async function interact(p: Provider, req: IncomingMessage, res: ServerResponse) {
    try {
      const details = await p.interactionDetails(req, res);
      const person = people.get(directory.signInAs ?? details.params.login_hint ?? '');
      if (!person) {
        await p.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'no such person in the directory' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new p.Grant({ accountId: person.sub, clientId: details.params.client_id });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  }
  return directory;
}

/** A very small cookie jar for one origin: enough to carry the directory's interaction cookies between redirects. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired =
        attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now()) ||
        attrs.some((a) => /^\s*max-age=0/i.test(a));
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the browser at the directory: follows its redirects from the authorization address until it sends the browser
 * away (back to the relying party's callback), and returns that address.
 */
export async function followDirectory(authorizationUrl: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (!location) throw new Error(`the directory stopped at ${url}: ${res.status} ${await res.text()}`);
    const next = new URL(location, url);
    if (next.origin !== origin) return next;
    url = next;
  }
  throw new Error('the directory redirected too often');
}
