import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../server/boot.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type TestStratum } from '../support/test-stratum.ts';
import { documentedPath, openApiReplyCheck } from '../support/openapi-validator.ts';

const CLIENT_DIR = join(ROOT, 'tests', 'openapi-client');

/** tests/openapi-client/client-journey.ts, as this test uses it. */
type Journey = (
  baseUrl: string,
  fetchImpl: typeof fetch,
  email: string,
  password: string,
) => Promise<{
  signedInAs: string;
  departments: number;
  added: Record<string, unknown>;
  updatedVersion: number;
  staleRefusal: string;
  transitions: (string | null)[];
  csv: string;
}>;
const ADMIN = { email: 'farzana.rahman@padma.example', password: 'stratum-demo' };

/** The routes that serve the built renderer (its pages and assets, where it is built), not the API: the document describes the API. */
const RENDERER_ROUTES = ['/', '/app', '/app/*', '/auth/*', '/assets/*'];

/** A served route as a pattern: a parameter with a pattern (`:id{[0-9]+}`) stands for a segment like that, one without (`:flow`) for any segment. */
const pattern = (path: string) =>
  new RegExp(
    `^${path.replace(/[.]/g, '\\.').replace(/:[A-Za-z]+(?:\{([^}]*)\})?/g, (_, re: string | undefined) => (re ? `(?:${re})` : '[^/]+'))}$`,
  );
/** A documented path made concrete (`{id}` → a value), to be matched by the served route patterns. */
const concrete = (path: string) => path.replace(/\{[A-Za-z]+\}/g, '1');

describe('the served OpenAPI document, as a client generated from it sees it', () => {
  let first: TestStratum;
  let doc: { paths: Record<string, Record<string, unknown>> } & Record<string, unknown>;

  beforeAll(async () => {
    first = await startTestStratum(backends()[0]!, {}, { demo: true });
    doc = (await (await first.app.request('/api/v1/openapi.json')).json()) as typeof doc;
    // the client an integrator would generate, beside the journey written against it; both must type-check
    writeFileSync(join(CLIENT_DIR, 'stratum-api.d.ts'), astToString(await openapiTS(doc as never)));
    const tsc = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(CLIENT_DIR, 'tsconfig.json')],
      { encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr, 'the generated client and the journey type-check').toBe('');
    expect(tsc.status).toBe(0);
  }, 240_000);
  afterAll(() => first?.close());

  it('documents every route the server serves, and serves every route it documents', () => {
    const served = first.app.routes.filter((r) => r.method !== 'ALL' && !RENDERER_ROUTES.includes(r.path));
    expect(served.length).toBeGreaterThan(1000);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
    );
    const undocumented = served
      .filter((r) => !documented.some((d) => d.method === r.method && pattern(r.path).test(concrete(d.path))))
      .map((r) => `${r.method} ${r.path}`);
    const unserved = documented
      .filter((d) => !served.some((r) => r.method === d.method && pattern(r.path).test(concrete(d.path))))
      .map((d) => `${d.method} ${d.path}`);
    expect(undocumented, 'served but not documented').toEqual([]);
    expect(unserved, 'documented but not served').toEqual([]);
  });

  for (const backend of backends())
    it(`signs in, lists, adds, updates with the version, fires transitions and downloads an export (${backend.name})`, async () => {
      const t = backend === backends()[0] ? first : await startTestStratum(backend, {}, { demo: true });
      try {
        // imported by its address: its types come from the client generated above, which the project's own type check never sees
        const { clientJourney } = (await import(pathToFileURL(join(CLIENT_DIR, 'client-journey.ts')).href)) as {
          clientJourney: Journey;
        };
        // the client's own fetch, answered by the server in this process; each reply is held to the document as well
        const check = openApiReplyCheck(doc);
        const problems: string[] = [];
        const calls: string[] = [];
        const r = await clientJourney(
          'http://stratum.test',
          async (input, init) => {
            const req = input instanceof Request ? input : new Request(input, init);
            const res = await t.app.request(req);
            const { pathname } = new URL(req.url);
            const type = res.headers.get('content-type') ?? '';
            const body = type.startsWith('application/json') ? await res.clone().json() : await res.clone().text();
            calls.push(`${req.method} ${pathname} ${res.status}`);
            problems.push(
              check(req.method, documentedPath(doc, req.method, pathname) ?? pathname, res.status, type, body),
            );
            return res;
          },
          ADMIN.email,
          ADMIN.password,
        );
        expect(problems.filter(Boolean)).toEqual([]);
        expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
          'POST /api/v1/auth/login 200',
          'POST /api/v1/department/add 200',
          'POST /api/v1/department/update 200',
          'POST /api/v1/department/update 409',
          'POST /api/v1/performance-scorecard/accept-back 200',
          'POST /api/v1/performance-scorecard/approve 200',
        ]);
        expect(r.signedInAs).toBe('Farzana');
        expect(r.departments).toBeGreaterThan(0);
        expect(r.added).toMatchObject({ name: 'Client journey, renamed', version: 2 });
        expect(r.updatedVersion).toBe(2);
        expect(r.staleRefusal).toBe('stale_version');
        expect(r.transitions).toEqual(['Draft', 'Approved']);
        const [header, ...rows] = r.csv.trim().split(/\r?\n/);
        expect(header).toMatch(/Average score/);
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        if (t !== first) await t.close();
      }
    }, 180_000);
});
