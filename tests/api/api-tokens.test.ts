import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCallers } from '../../engine/auth/caller-cache.ts';
import { inScope } from '../../engine/db/tenant-scope.ts';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Tokens for integrations, as an integrator meets them: a module administrator issues one (the secret shown once),
 * the integration calls with `Authorization: Bearer`, the administrator lists and revokes it. Refused after revocation,
 * after its expiry day, outside its modules, for writes with a read token and for another company's records; every
 * use is in the audit trail under the token's name.
 */
describe.each(backends())('API tokens on $name', (backend) => {
  let t: TestStratum;
  let a: Client;
  let b: Client;
  let aCompany: number;
  let bRiskCategory: number;

  /** A client that calls as an integration does: the token as a Bearer, nothing else. */
  const bearer = (secret: string, lang?: string): Client => {
    const headers = (json: boolean) => ({
      authorization: `Bearer ${secret}`,
      ...(json && { 'content-type': 'application/json' }),
      ...(lang && { 'accept-language': lang }),
    });
    return {
      token: '',
      get: (path) => t.anonymous.raw(path, { method: 'GET', headers: headers(false) }),
      post: (path, body) =>
        t.anonymous.raw(path, { method: 'POST', body: JSON.stringify(body ?? {}), headers: headers(true) }),
      raw: (path, init) =>
        t.anonymous.raw(path, { ...init, headers: { ...headers(false), ...(init.headers as Record<string, string>) } }),
    };
  };
  const issue = (by: Client, body: Record<string, unknown>): Promise<Reply> =>
    by.post('api-token/issue', { access: 'read', modules: ['risk-management'], expiresOn: inDays(30), ...body });
  const issued = async (by: Client, body: Record<string, unknown>) => {
    const r = await issue(by, body);
    expect(r.status, r.body.err_msg ?? '').toBe(200);
    return r.body.data.api_token as { id: number; version: number; secret: string; prefix: string; name: string };
  };
  const uses = async (tokenId: number) =>
    (await a.get(`audit-trail?entity=api-token&recordId=${tokenId}&limit=100`)).body.data.list.filter(
      (e: { action: string }) => e.action === 'use',
    );

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const ca = await t.addCompany('Token A', { modules: ['risk-management'] });
    const cb = await t.addCompany('Token B', { modules: ['risk-management'] });
    [a, b, aCompany] = [ca.executive, cb.executive, ca.id];
    await a.post('risk-category/add', { name: 'Market', kind: 'Strategic' });
    bRiskCategory = (await b.post('risk-category/add', { name: 'B only', kind: 'Operational' })).body.data.riskCategory
      .id;
  });
  afterAll(() => t.close());

  it('issues a token whose secret is shown once and kept only as a hash', async () => {
    const token = await issued(a, { name: 'Risk feed' });
    expect(token.secret).toMatch(/^stk_[A-Za-z0-9_-]{43}$/);
    expect(token.secret.startsWith(token.prefix)).toBe(true);
    const db = t.stratum.db;
    const [key] = await db.query<{ token_hash: string }>(`SELECT token_hash FROM api_token_key WHERE token_id = $1`, [
      token.id,
    ]);
    expect(key.token_hash).toBe(createHash('sha256').update(token.secret).digest('hex'));
    // nowhere else: not the record, not its audit entry, not the list
    const stored = await inScope(db, { companyId: aCompany, holder: false }, (tx) =>
      tx.query<{ row: string }>(
        `SELECT (SELECT row_to_json(t)::text FROM api_token t WHERE id = $1) || (SELECT string_agg(after::text, '') FROM audit_trail WHERE entity = 'api-token') AS row`,
        [token.id],
      ),
    );
    expect(stored[0].row).toContain('Risk feed');
    expect(stored[0].row).not.toContain(token.secret.slice(token.prefix.length));
    const list = await a.get('api-token');
    expect(list.status).toBe(200);
    const row = list.body.data.api_token_list.find((r: { id: number }) => r.id === token.id);
    expect(row).toMatchObject({
      name: 'Risk feed',
      access: 'read',
      modules: ['risk-management'],
      expiresOn: inDays(30),
      status: 'Active',
      prefix: token.prefix,
      lastUsedAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(token.secret.slice(token.prefix.length));
    expect(list.body.data.api_token_list[0]._titles.creatorId).toBe('Exe Token A');
  });

  it('reads within its modules, is refused outside them and for writes with a read token, and every use is audited', async () => {
    const token = await issued(a, { name: 'Risk reader' });
    const it = bearer(token.secret);
    const read = await it.get('risk-category');
    expect(read.status, read.body.err_msg ?? '').toBe(200);
    expect(read.body.data.list.map((r: { name: string }) => r.name)).toEqual(['Market']);
    const me = await it.get('auth/me');
    expect(me.body.data.user).toMatchObject({
      name: 'API token: Risk reader',
      apiToken: { access: 'read', modules: ['risk-management'] },
    });

    const outside = await it.get('employee');
    expect(outside.status).toBe(403);
    expect(outside.body.err_msg).toBe('The API token “Risk reader” does not reach Organisation');
    const write = await it.post('risk-category/add', { name: 'Sneaked in', kind: 'Strategic' });
    expect(write.status).toBe(403);
    expect(write.body.err_msg).toBe('The API token “Risk reader” may only read; it cannot change anything');
    expect((await a.get('risk-category')).body.data.list.map((r: { name: string }) => r.name)).toEqual(['Market']);

    const audited = await uses(token.id);
    expect(audited.map((e: { doneByName: string }) => e.doneByName)).toEqual(Array(4).fill('API token: Risk reader'));
    expect(
      audited
        .map(
          (e: { after: { method: string; path: string; status: number } }) =>
            `${e.after.method} ${e.after.path} ${e.after.status}`,
        )
        .sort(),
    ).toEqual(
      [
        'GET /api/v1/auth/me 200',
        'GET /api/v1/employee 403',
        'GET /api/v1/risk-category 200',
        'POST /api/v1/risk-category/add 403',
      ].sort(),
    );
    const listed = (await a.get('api-token')).body.data.api_token_list.find((r: { id: number }) => r.id === token.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('writes with a read-and-write token under the token’s name, never another company’s records', async () => {
    const token = await issued(a, { name: 'Risk writer', access: 'readWrite' });
    const it = bearer(token.secret);
    const added = await it.post('risk-category/add', { name: 'Supply', kind: 'Operational' });
    expect(added.status, added.body.err_msg ?? '').toBe(200);
    const trail = (await a.get(`audit-trail?entity=risk-category&recordId=${added.body.data.riskCategory.id}`)).body
      .data.list;
    expect(trail.map((e: { action: string; doneByName: string }) => [e.action, e.doneByName])).toEqual([
      ['add', 'API token: Risk writer'],
    ]);

    // company B's record is not there for A's token: not listed, not read, not changed
    expect((await it.get('risk-category?limit=500')).body.data.list.map((r: { id: number }) => r.id)).not.toContain(
      bRiskCategory,
    );
    expect((await it.get(`risk-category/${bRiskCategory}`)).status).toBe(404);
    const update = await it.post('risk-category/update', { id: bRiskCategory, version: 1, name: 'Taken over' });
    expect(update.status).toBe(404);
    expect((await b.get(`risk-category/${bRiskCategory}`)).body.data.riskCategory.name).toBe('B only');
    // nor can it issue tokens of its own, though it names the organisation's module
    const wide = await issued(a, { name: 'Wide', access: 'readWrite', modules: ['risk-management', 'organisation'] });
    const again = await bearer(wide.secret).post('api-token/issue', {
      name: 'Child',
      access: 'readWrite',
      modules: ['organisation'],
      expiresOn: inDays(5),
    });
    expect(again.status).toBe(403);
    expect(again.body.err_msg).toBe('An API token cannot issue API tokens; sign in to issue one');
  });

  it('is refused once revoked, in the caller’s language', async () => {
    const token = await issued(a, { name: 'Short lived' });
    const it = bearer(token.secret);
    expect((await it.get('risk-category')).status).toBe(200);
    const revoked = await a.post('api-token/revoke', { id: token.id, version: token.version });
    expect(revoked.status, revoked.body.err_msg ?? '').toBe(200);
    expect(revoked.body.data.api_token.status).toBe('Revoked');
    const refused = await it.get('risk-category');
    expect(refused.status).toBe(401);
    expect(refused.body.err_msg).toBe('The API token “Short lived” has been revoked');
    const inBangla = await bearer(token.secret, 'bn').get('risk-category');
    expect(inBangla.status).toBe(401);
    expect(inBangla.body.err_msg).toBe('এপিআই টোকেন “Short lived” বাতিল করা হয়েছে');
    // a token nobody issued is refused alike, without a hint of whose it might be
    const unknown = await bearer(`stk_${'x'.repeat(43)}`).get('risk-category');
    expect(unknown.status).toBe(401);
    expect(unknown.body.err_msg).toBe('This API token is not known; check that it was copied whole');
  });

  it('is refused after its expiry day', async () => {
    const token = await issued(a, { name: 'Quarterly export' });
    expect((await bearer(token.secret).get('risk-category')).status).toBe(200);
    // the day passes (the record's expiry moved back, as time would)
    await inScope(t.stratum.db, { companyId: aCompany, holder: false }, (tx) =>
      tx.query(`UPDATE api_token SET expires_on = current_date - 1 WHERE id = $1`, [token.id]),
    );
    forgetCallers();
    const refused = await bearer(token.secret).get('risk-category');
    expect(refused.status).toBe(401);
    const [y, m, d] = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).split('-');
    expect(refused.body.err_msg).toBe(`The API token “Quarterly export” expired on ${d}/${m}/${y}`);
  });

  it('is issued only for modules its issuer administers, with a day still to come', async () => {
    const employee = await t.addEmployee(a, 'Plain', 'Employee', `plain.${Date.now()}@tokena.example`);
    // an employee who administers no module is not offered issuing at all, and is refused by the role, not the form
    const notAdmin = await issue(employee, { name: 'Mine' });
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.err_msg).toContain('an employee with admin access to a module');
    const screens = async (who: Client) =>
      (await who.get('meta')).body.data.modules.flatMap((m: { screens: { path: string }[] }) =>
        m.screens.map((s) => s.path),
      ) as string[];
    expect(await screens(employee)).not.toContain('/app/settings/api-tokens/issue');
    expect(await screens(a)).toContain('/app/settings/api-tokens/issue');
    const past = await issue(a, { name: 'Too late', expiresOn: inDays(0) });
    expect(past.status).toBe(422);
    expect(past.body.errors?.map((e) => e.field)).toEqual(['expiresOn']);
    // an employee sees no tokens but their own, and may not revoke another's
    expect((await employee.get('api-token')).body.data.api_token_list).toEqual([]);
    const someone = await issued(a, { name: 'Not theirs' });
    expect((await employee.post('api-token/revoke', { id: someone.id, version: someone.version })).status).toBe(403);
  });
});

/** The holder's tokens: the platform's routes with the holder's rights, within their modules; a company's records by ?companyId= as the holder names them. */
describe.each(backends())('API tokens of the holder on $name', (backend) => {
  let t: TestStratum;
  let companyId: number;
  const bearer = (secret: string) => ({
    get: (path: string) => t.anonymous.raw(path, { method: 'GET', headers: { authorization: `Bearer ${secret}` } }),
    post: (path: string, body: unknown) =>
      t.anonymous.raw(path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      }),
  });

  beforeAll(async () => {
    t = await startTestStratum(backend);
    companyId = (await t.addCompany('Holder Co')).id;
  });
  afterAll(() => t.close());

  it('issues, uses, lists and revokes a token of the platform, audited under its name', async () => {
    const r = await t.holder.post('platform-api-token/issue', {
      name: 'Billing sync',
      access: 'read',
      modules: ['platform', 'organisation'],
      expiresOn: inDays(10),
    });
    expect(r.status, r.body.err_msg ?? '').toBe(200);
    const token = r.body.data.platform_api_token;
    expect(token.secret).toMatch(/^stk_/);
    const it = bearer(token.secret);
    const companies = await it.get('company');
    expect(companies.status, companies.body.err_msg ?? '').toBe(200);
    expect(companies.body.data.company_list.map((c: { id: number }) => c.id)).toContain(companyId);
    // a read token changes nothing, a module it does not name is not reached
    const write = await it.post('company/update', { id: companyId, version: 1, companyName: 'Renamed' });
    expect(write.status).toBe(403);
    expect(write.body.err_msg).toBe('The API token “Billing sync” may only read; it cannot change anything');
    expect((await it.get(`risk-category?companyId=${companyId}`)).body.err_msg).toBe(
      'The API token “Billing sync” does not reach Risk management',
    );

    const listed = (await t.holder.get('platform-api-token')).body.data.platform_api_token_list;
    expect(listed).toEqual([
      expect.objectContaining({ name: 'Billing sync', access: 'read', status: 'Active', prefix: token.prefix }),
    ]);
    expect(listed[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(token.secret.slice(token.prefix.length));
    const trail = (await t.holder.get(`platform-audit-trail?entity=platform-api-token&limit=50`)).body.data;
    const entries = trail[Object.keys(trail).find((k) => Array.isArray(trail[k]))!] as {
      action: string;
      doneByName: string;
      after: { status: number };
    }[];
    expect(
      entries
        .filter((e) => e.action === 'use')
        .map((e) => [e.doneByName, e.after.status])
        .sort(),
    ).toEqual(
      [
        ['API token: Billing sync', 200],
        ['API token: Billing sync', 403],
        ['API token: Billing sync', 403],
      ].sort(),
    );

    expect((await t.holder.post('platform-api-token/revoke', { id: token.id, version: token.version })).status).toBe(
      200,
    );
    const refused = await it.get('company');
    expect(refused.status).toBe(401);
    expect(refused.body.err_msg).toBe('The API token “Billing sync” has been revoked');
  });

  it('is the holder’s alone: an employee can neither issue nor list the platform’s tokens', async () => {
    const { executive } = await t.addCompany('Nosy Co');
    expect(
      (
        await executive.post('platform-api-token/issue', {
          name: 'Mine',
          access: 'read',
          modules: ['platform'],
          expiresOn: inDays(10),
        })
      ).status,
    ).toBe(403);
    expect((await executive.get('platform-api-token')).status).toBe(403);
  });
});
