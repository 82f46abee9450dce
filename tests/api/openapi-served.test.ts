import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../server/boot.ts';
import { arrangeCrawlWorld } from '../e2e/support/crawl-data.ts';
import { HOLDER, startServer, type RunningServer } from '../e2e/support/server-process.ts';
import { openApiReplyCheck } from '../support/openapi-validator.ts';
import { sweepGets, type SweepCall, type SweepCaller } from '../support/openapi-sweep.ts';

const DEMO_PASSWORD = 'stratum-demo';
const ADMIN = 'farzana.rahman@padma.example';
const EMPLOYEE = 'nusrat.jahan@padma.example';

/** A GET as curl --compressed sends it (or with the encodings given): the raw reply, bytes as sent. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the served OpenAPI document, held to the demo server’s replies', () => {
  let server: RunningServer;
  let doc: Record<string, unknown>;
  const signIn = async (email: string, password: string) => {
    const r = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return ((await r.json()) as { data: { user: { token: string } } }).data.user.token;
  };

  beforeAll(async () => {
    server = await startServer({ DEMO: '1' });
    doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
  }, 300_000);
  afterAll(() => server?.stop());

  it('answers every GET of the demo data, as the holder, a module administrator and an employee, as the document says', async () => {
    // the demo with every module switched on, its executive (Farzana) administering each, one sample record of every
    // entity (the screen crawl's world), and a mailed link per public flow
    const world = await arrangeCrawlWorld(server);
    const holder = world.actors.find((a) => a.name === 'holder')!;
    const admin = world.actors.find((a) => a.name === 'admin')!;
    expect(admin.email).toBe(ADMIN);
    const company = (
      Object.values(
        (
          (await (
            await fetch(`${server.url}/api/v1/company?q=Padma`, { headers: { token: holder.token } })
          ).json()) as { data: Record<string, unknown> }
        ).data,
      ).find(Array.isArray) as { id: number }[]
    )[0]!.id;
    const callers: SweepCaller[] = [
      { name: 'holder', email: HOLDER.email, token: holder.token, companyId: company },
      { name: 'module administrator', email: ADMIN, token: admin.token },
      { name: 'employee', email: EMPLOYEE, token: await signIn(EMPLOYEE, DEMO_PASSWORD) },
    ];
    const check = openApiReplyCheck(doc);
    const calls: SweepCall[] = [];
    for (const caller of callers) calls.push(...(await sweepGets(server.url, doc, caller, check)));

    expect(calls.filter((c) => c.problem).map((c) => `${c.caller}: GET ${c.url}\n  ${c.problem}`)).toEqual([]);
    // and the sweep saw data: every GET answered 2xx or 3xx to someone, unless the demo has no record it needs
    const answered = new Set(calls.filter((c) => c.status < 400).map((c) => c.path));
    const unanswered = [...new Set(calls.map((c) => c.path))].filter(
      (p) => !answered.has(p) && !calls.filter((c) => c.path === p).every((c) => c.wanting),
    );
    expect(unanswered).toEqual([]);
    const gets = Object.values(doc.paths as Record<string, Record<string, unknown>>).filter((item) => item.get).length;
    expect(new Set(calls.map((c) => c.path)).size).toBe(gets);
    expect(answered.size).toBeGreaterThan(gets * 0.9);

    // a respondent opening each mailed link: the questions and the answers so far, as the document says
    expect(world.respondentLinks.length).toBe(
      Object.keys(doc.paths as object).filter((p) => /^\/api\/v1\/public\/[a-z0-9-]+\/auth$/.test(p)).length,
    );
    for (const link of world.respondentLinks) {
      const token = new URL(link.url).hash.replace(/^#token=/, '');
      const path = `/api/v1/public/${link.flow}/auth`;
      const r = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(r.status, link.flow).toBe(200);
      expect(check('POST', path, r.status, r.headers.get('content-type') ?? '', await r.json())).toBe('');
    }
  }, 600_000);

  it('passes Redocly’s recommended rules without an error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const lint = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', file, '--format=json'],
        { encoding: 'utf8', cwd: dir, maxBuffer: 64 * 1024 * 1024 },
      );
      const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      expect(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals.errors).toBe(0);
      // what is left are warnings about what is true: a call nobody may make has no success, the health check and the
      // directory's callback no refusal, the project states no licence, and a server on localhost is one
      const expected = new Set([
        'operation-2xx-response',
        'operation-4xx-response',
        'info-license',
        'no-server-example.com',
      ]);
      expect(report.problems.filter((p) => !expected.has(p.ruleId)).map((p) => `${p.ruleId}: ${p.message}`)).toEqual(
        [],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('sends openapi.json gzipped with an ETag, and 304 without a body to a caller who has it', async () => {
    const url = `${server.url}/api/v1/openapi.json`;
    const first = await rawGet(url, { 'accept-encoding': 'deflate, gzip, br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const text = gunzipSync(first.body).toString('utf8');
    expect(JSON.parse(text)).toEqual(doc);
    expect(first.body.length * 10).toBeLessThan(text.length);
    const again = await rawGet(url, { 'accept-encoding': 'gzip', 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    // a caller that takes no compression gets the same document, tagged
    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(doc);
    expect((await rawGet(url, { 'if-none-match': plain.headers.etag as string })).status).toBe(304);
  });

  it('compresses and tags API replies, and keeps them for the caller alone, revalidated', async () => {
    const token = await signIn(ADMIN, DEMO_PASSWORD);
    const list = await rawGet(`${server.url}/api/v1/employee?limit=50`, { token, 'accept-encoding': 'gzip' });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers['cache-control']).toBe('private, no-cache');
    expect(list.headers.etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(JSON.parse(gunzipSync(list.body).toString('utf8')).data.list).toHaveLength(50);
    expect(
      (await rawGet(`${server.url}/api/v1/employee?limit=50`, { token, 'if-none-match': list.headers.etag as string }))
        .status,
    ).toBe(304);
    // another page is another tag
    const changed = await rawGet(`${server.url}/api/v1/employee?limit=49`, {
      token,
      'if-none-match': list.headers.etag as string,
    });
    expect(changed.status).toBe(200);
  });

  it('tags a JSON reply with the SHA-1 of the text it sends, plain or gzipped alike, and answers 304 to it', async () => {
    // the envelope writes the tag itself (server/middleware/reply-encoding.ts, jsonReplyHeaders) instead of the ETag
    // middleware reading the body back: the tag must be the one the middleware would have made of those bytes
    const token = await signIn(ADMIN, DEMO_PASSWORD);
    const [someone] = (
      JSON.parse((await rawGet(`${server.url}/api/v1/employee?limit=1`, { token })).body.toString('utf8')) as {
        data: { list: { id: number }[] };
      }
    ).data.list;
    const url = `${server.url}/api/v1/employee/${someone.id}`;
    const plain = await rawGet(url, { token });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(`W/"${createHash('sha1').update(plain.body).digest('hex')}"`);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    // a reply under 1 KB goes as it is, to a caller that accepts gzip too (compressReplies: from 1 KB)
    expect(plain.body.length).toBeLessThan(1024);
    const small = await rawGet(url, { token, 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.equals(plain.body)).toBe(true);
    // a page is written whole by the envelope to a caller that accepts no encoding (complete-replies.ts) and passes
    // the middleware to one that accepts gzip: the same tag and the same headers, security headers included, but for
    // what compression itself changes
    const page = `${server.url}/api/v1/employee?limit=20`;
    const [whole, zipped] = [await rawGet(page, { token }), await rawGet(page, { token, 'accept-encoding': 'gzip' })];
    expect(whole.body.length).toBeGreaterThan(1024);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(whole.body)).toBe(true);
    expect(zipped.headers.etag).toBe(`W/"${createHash('sha1').update(whole.body).digest('hex')}"`);
    const comparable = (h: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(h).filter(
          ([k]) => !['content-encoding', 'content-length', 'transfer-encoding', 'date', 'x-request-id'].includes(k),
        ),
      );
    expect(comparable(whole.headers)).toEqual(comparable(zipped.headers));
    expect(whole.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    for (const r of [plain, whole, zipped]) expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const again = await rawGet(url, { token, 'if-none-match': plain.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect(again.headers['x-frame-options']).toBe('DENY');
    // a write answers without a tag: only a GET's reply may be revalidated
    const post = await fetch(`${server.url}/api/v1/employee/update`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ id: someone.id }),
    });
    expect(post.headers.get('etag')).toBeNull();
  });

  it('sends the renderer’s hashed assets precompressed (brotli or gzip), tagged and cached for good', async () => {
    const page = await (await fetch(`${server.url}/app/sessions/signIn`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const url = `${server.url}${script}`;
    const identity = await rawGet(url, {});
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(br.body.length * 3).toBeLessThan(identity.body.length);
    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
    expect(br.headers.etag).toBeDefined();
    expect(
      (await rawGet(url, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': br.headers.etag as string }))
        .status,
    ).toBe(304);
    // the page itself is compressed on the way out
    const html = await rawGet(`${server.url}/app/sessions/signIn`, { 'accept-encoding': 'gzip' });
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(html.body).toString('utf8')).toBe(page);
  });
});
