import type { SessionUser } from '../auth/auth-service.ts';
import type { TokenCaller } from '../auth/caller-cache.ts';
import type { DirectoryOffers } from '../auth/sso-provider.ts';
import type { JsonSchema } from '../metadata/registry.ts';
import { jsonBody, operation, pathParameter, queryParameter } from './operations.ts';
import { object, orNull, ref } from './schema-shapes.ts';

const tags = ['auth'];
const email = { type: 'string', minLength: 1, description: 'trimmed; compared without regard to case' };

/** A JSON body of the named, required, non-empty strings and nothing else (server/routes/auth-routes.ts `strings`). */
const strings = (...names: string[]) =>
  jsonBody(object(Object.fromEntries(names.map((n) => [n, n === 'email' ? email : { type: 'string', minLength: 1 }]))));

/** The signed-in user, with the token to send with every call after this one (`token` header, or Authorization: Bearer). */
export const sessionUserSchema: JsonSchema = object({
  id: { type: 'integer', description: 'the account' },
  uid: { type: 'integer', description: 'the account (as the spec names it)' },
  token: {
    type: 'string',
    description: 'the session token: send it in the `token` header (or as a Bearer token); it is shown this once',
  },
  role: { enum: ['holder', 'employee'] },
  companyId: { type: ['integer', 'null'] },
  employeeId: { type: ['integer', 'null'] },
  email: { type: 'string' },
  firstName: { type: ['string', 'null'] },
  lastName: { type: ['string', 'null'] },
  language: {
    type: ['string', 'null'],
    enum: ['en', 'bn', 'de', null],
    description: 'the language the person chose (null: none yet)',
  },
} satisfies Record<keyof SessionUser, JsonSchema>);

const caller = object(
  {
    accountId: { type: 'integer' },
    role: { enum: ['holder', 'employee'] },
    companyId: { type: ['integer', 'null'] },
    employeeId: { type: ['integer', 'null'] },
    email: { type: 'string' },
    name: {
      type: 'string',
      description: 'first and last name, else the e-mail; for an API token "API token: <its name>"',
    },
    apiToken: object({
      id: { type: 'integer' },
      name: { type: 'string' },
      access: { enum: ['read', 'readWrite'] },
      modules: { type: 'array', items: { type: 'string' } },
    }),
  } satisfies Record<keyof TokenCaller, JsonSchema>,
  ['apiToken'],
);

const offers = object({
  providers: {
    type: 'array',
    items: object({
      key: { type: 'string', description: 'the directory to start with (sso/start `provider`)' },
      name: { type: 'string' },
      companyName: orNull({ type: 'string' }),
    }),
  },
  passwords: {
    type: 'boolean',
    description: 'false when every company this domain leads to signs in through its directory only',
  },
} satisfies Record<keyof DirectoryOffers, JsonSchema>);

/** Sign-in, sign-out, the caller, password reset, sign-up and directory sign-in: none needs a token but sign-out and /me. */
export function sessionPaths(): Record<string, JsonSchema> {
  const user = object({ user: ref('SessionUser') });
  const echoed = object({ email: { type: 'string' } });
  return {
    '/api/v1/auth/login': {
      post: operation({
        operationId: 'auth.login',
        tags,
        summary: 'Sign in',
        description: 'Repeated failures for one e-mail are answered 429 for a while (Retry-After).',
        open: true,
        requestBody: strings('email', 'password'),
        data: user,
        failures: [400, 401, 403, 413, 422, 429, 500],
      }),
    },
    '/api/v1/auth/logout': {
      post: operation({
        operationId: 'auth.logout',
        tags,
        summary: 'Sign out (ends the session of the token sent)',
        data: object({}),
        failures: [400, 401, 413, 500],
      }),
    },
    '/api/v1/auth/language': {
      post: operation({
        operationId: 'auth.language',
        tags,
        summary: 'Remember the language the signed-in person reads Stratum in',
        description: 'One of en, bn, de; their mail and documents follow it.',
        requestBody: jsonBody(object({ language: { enum: ['en', 'bn', 'de'] } })),
        data: object({ language: { enum: ['en', 'bn', 'de'] } }),
        failures: [400, 401, 413, 422, 500],
      }),
    },
    '/api/v1/auth/me': {
      get: operation({
        operationId: 'auth.me',
        tags,
        summary: 'Who the token belongs to',
        data: object({ user: caller }),
        failures: [401, 500],
      }),
    },
    '/api/v1/auth/forgot-password': {
      post: operation({
        operationId: 'auth.forgotPassword',
        tags,
        summary: 'Mail a reset key',
        description: 'Answers alike whether or not the e-mail has an account.',
        open: true,
        requestBody: strings('email'),
        data: echoed,
        failures: [400, 413, 422, 500],
      }),
    },
    '/api/v1/auth/reset-password': {
      post: operation({
        operationId: 'auth.resetPassword',
        tags,
        summary: 'Set a password with a reset key',
        open: true,
        requestBody: strings('email', 'password', 'authKey'),
        data: echoed,
        failures: [400, 413, 422, 500],
      }),
    },
    '/api/v1/auth/sign-up': {
      post: operation({
        operationId: 'auth.signUp',
        tags,
        summary: 'Sign up: mail an invited e-mail a link to choose a password',
        description: 'Answers alike for any e-mail.',
        open: true,
        requestBody: strings('email'),
        data: echoed,
        failures: [400, 413, 422, 500],
      }),
    },
    '/api/v1/auth/sign-up/complete': {
      post: operation({
        operationId: 'auth.signUpComplete',
        tags,
        summary: 'Sign up: choose the password with the key from the mail',
        open: true,
        requestBody: strings('email', 'password', 'authKey'),
        data: echoed,
        failures: [400, 403, 409, 413, 422, 500],
      }),
    },
    '/api/v1/auth/sso/providers': {
      get: operation({
        operationId: 'auth.ssoProviders',
        tags,
        summary: 'The directories offered for an e-mail (by its domain)',
        open: true,
        parameters: [queryParameter('email', { type: 'string', minLength: 1 }, undefined, true)],
        data: offers,
        failures: [422, 500],
      }),
    },
    '/api/v1/auth/sso/start': {
      post: operation({
        operationId: 'auth.ssoStart',
        tags,
        summary: 'Start an OpenID Connect sign-in (PKCE)',
        description:
          'Returns the directory’s address to open and sets the browser cookie that binds the sign-in to this browser.',
        open: true,
        requestBody: jsonBody(
          object(
            {
              provider: { type: 'string', minLength: 1 },
              purpose: { enum: ['signIn', 'signUp'], default: 'signIn' },
              email: { type: 'string' },
            },
            ['purpose', 'email'],
          ),
        ),
        data: object({ url: { type: 'string', format: 'uri' } }),
        failures: [400, 404, 413, 422, 500],
      }),
    },
    '/api/v1/auth/sso/exchange': {
      post: operation({
        operationId: 'auth.ssoExchange',
        tags,
        summary: 'Exchange the one-time code of a directory callback for the session',
        description: 'A directory sign-in that failed is refused here with the failure it met.',
        open: true,
        requestBody: strings('code'),
        data: user,
        failures: [400, 401, 403, 404, 409, 413, 422, 500],
      }),
    },
    '/auth/{provider}/callback': {
      get: operation({
        operationId: 'auth.ssoCallback',
        tags,
        summary: 'Where the directory sends the browser back to',
        description:
          'Redirects to the renderer’s sign-in (or sign-up) page with a one-time code in the address fragment; a failure travels the same way and is told by sso/exchange.',
        open: true,
        parameters: [
          pathParameter('provider', { type: 'string' }, 'the directory: a company’s sso-provider id, or platform'),
          queryParameter('state', { type: 'string' }),
          queryParameter('code', { type: 'string' }),
        ],
        responses: {
          '302': {
            description: 'to /app/sessions/<signIn|signUp>#sso=<code>',
            headers: { Location: { schema: { type: 'string' } } },
          },
        },
        failures: [500],
      }),
    },
  };
}
