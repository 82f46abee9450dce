import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hooks } from '../../../engine/hooks/index.ts';
import { loadRegistry } from '../../../engine/metadata/loader.ts';
import type { Registry } from '../../../engine/metadata/registry.ts';
import { ROOT } from '../../../server/boot.ts';
import { sentRecipient } from '../../support/public-flow-respondent.ts';
import { addableCompanyEntities, addSample } from '../../support/sample-records.ts';
import { arrangePeopleRecords, sendForApproval } from './crawl-people-records.ts';
import { decodeMail, type Client, type Reply, type TestStratum } from '../../support/test-stratum.ts';
import { DEMO_COMPANIES } from '../../../scripts/demo/demo-organisation.ts';
import { HOLDER, type RunningServer } from './server-process.ts';

export interface Actor {
  name: 'holder' | 'admin' | 'supervisor' | 'employee';
  email: string;
  password: string;
  token: string;
}

export interface CrawlWorld {
  registry: Registry;
  actors: Actor[];
  /** mailed public-flow links: the page to open (token in the fragment) */
  respondentLinks: { flow: string; url: string }[];
  /** what could not be arranged (a sample the rules refused), for the log */
  notes: string[];
}

/** A client of the running server that speaks like the in-process test clients, so that the Registry-driven samples work over HTTP. */
export function httpClient(server: RunningServer, token: string): Client {
  const request = async (path: string, init: RequestInit): Promise<Reply> => {
    const headers = new Headers(init.headers);
    if (token) headers.set('token', token);
    const res = await fetch(`${server.url}${path.startsWith('/') ? path : `/api/v1/${path}`}`, { ...init, headers });
    const text = await res.text();
    let body: Reply['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = { res: 'raw', data: text, err_msg: null };
    }
    return { status: res.status, body };
  };
  return {
    token,
    get: (path) => request(path, { method: 'GET' }),
    post: (path, body) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      }),
    raw: request,
  };
}

const rawMails = (server: RunningServer): string[] => {
  try {
    const dir = join(server.dataDir, 'outbox');
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};

async function login(server: RunningServer, email: string, password: string): Promise<string> {
  const r = await httpClient(server, '').post('auth/login', { email, password });
  if (r.status !== 200) throw new Error(`sign-in of ${email}: ${r.status} ${r.body.err_msg}`);
  return r.body.data.user.token;
}

/** Sets a password the way a person does: forgot password, the key from the mail, reset. */
async function setPassword(server: RunningServer, email: string, password: string): Promise<void> {
  const anon = httpClient(server, '');
  await anon.post('auth/forgot-password', { email });
  let key: string | undefined;
  for (let i = 0; i < 50 && !key; i++) {
    const mail = server
      .mails()
      .reverse()
      .find((m) => m.includes(email));
    key = mail ? /Your key: ([A-Za-z0-9_-]+)/.exec(mail)?.[1] : undefined;
    if (!key) await new Promise((r) => setTimeout(r, 100));
  }
  const r = await anon.post('auth/reset-password', { email, password, authKey: key });
  if (r.status !== 200) throw new Error(`reset of ${email}: ${r.body.err_msg}`);
}

const must = (r: Reply, what: string) => {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.body.err_msg}`);
  return r.body.data;
};

const YEAR = new Date().getUTCFullYear();
/** Values that put the samples in the middle of their work: a 360 survey open (this year), a project running. */
const LIVE_STATES: Record<string, Record<string, unknown>> = {
  survey: { startDate: `${YEAR}-01-01`, endDate: `${YEAR}-12-31` },
  project: { status: 'In Progress' },
};

/** The employee's audits (they are the auditor) moved into fieldwork, as the auditor does once planning is done. */
async function startFieldwork(auditor: Client, employeeId: number): Promise<string[]> {
  const r = await auditor.get(`audit-engagement?auditorId=${employeeId}&status=Planning&limit=50`);
  const notes: string[] = [];
  for (const a of (r.body.data?.list ?? []) as { id: number; version: number }[]) {
    const t = await auditor.post('audit-engagement/start-fieldwork', { id: a.id, version: a.version });
    if (t.status !== 200) notes.push(`audit ${a.id} into fieldwork: ${t.status} ${t.body.err_msg}`);
  }
  return notes;
}

/**
 * The crawl's world, on a server started with DEMO=1 (the demo seed: organisation, 57 people with supervisors, a
 * strategic plan with perspectives and a rating scale): the holder switches on every module for the first demo
 * company, its executive gets admin access to each, and then one sample record of every entity the executive may add
 * (generated from the Registry, with what its references need: annual plans with quarters, scorecards, audits, risks,
 * surveys, projects, contracts, committees, trainings…), plus the records that name an ordinary employee and the
 * supervisor they report to (`arrangePeopleRecords`: their scorecards, agreements and assessments of the annual plan
 * under way, the audit the employee performs and the supervisor manages, in fieldwork, with its working papers and
 * findings, their teams' contracts and resolutions, their risks, trainings and project tasks), so that "my" and "my
 * reports'" lists have rows and their record screens open. A 360 survey is open and a project running. A
 * public-flow link per flow for the outside respondent.
 */
export async function arrangeCrawlWorld(server: RunningServer): Promise<CrawlWorld> {
  const registry = loadRegistry(join(ROOT, 'metadata'), hooks);
  const notes: string[] = [];
  const demo = DEMO_COMPANIES[0];
  const holderToken = await login(server, HOLDER.email, HOLDER.password);
  const holder = httpClient(server, holderToken);
  const company = (
    must(await holder.get(`company?limit=100`), 'companies').company_list as { id: number; companyName: string }[]
  ).find((c) => c.companyName === demo.companyName)!;
  const modules = must(await holder.get('module?limit=100'), 'modules').list as { id: number; code: string }[];
  const switchable = [...registry.modules.values()].filter((m) => !m.core && m.role === 'employee').map((m) => m.id);
  for (const m of modules.filter((x) => switchable.includes(x.code)))
    must(
      await holder.post(`company-module/set-enablement?companyId=${company.id}`, { moduleId: m.id, enabled: 'Yes' }),
      `enable ${m.code}`,
    );

  const adminToken = await login(server, demo.executive.email, 'stratum-demo');
  const admin = httpClient(server, adminToken);
  const execId = must(
    await httpClient(server, '').post('auth/login', { email: demo.executive.email, password: 'stratum-demo' }),
    'executive',
  ).user.employeeId as number;
  for (const m of modules.filter((x) => switchable.includes(x.code))) {
    const r = await admin.post('employee-module/set-admin-access', {
      employeeId: execId,
      moduleId: m.id,
      adminAccess: 'Yes',
    });
    if (r.status !== 200)
      must(
        await holder.post(`employee-module/set-admin-access?companyId=${company.id}`, {
          employeeId: execId,
          moduleId: m.id,
          adminAccess: 'Yes',
        }),
        `admin access ${m.code}`,
      );
  }

  // the supervisor: the demo's head of the first department (a demo sign-in); the employee: one of that head's reports
  const employees = must(await admin.get('employee?limit=500'), 'employees').list as {
    id: number;
    email: string;
    supervisorId: number | null;
    departmentHead: string;
    businessUnitHead: string;
  }[];
  const supervisor = employees.find((e) => e.departmentHead === 'Yes')!;
  const report = employees.find(
    (e) => e.supervisorId === supervisor.id && e.departmentHead !== 'Yes' && e.businessUnitHead !== 'Yes',
  )!;
  const password = 'crawl-employee-1';
  await setPassword(server, supervisor.email, password);
  await setPassword(server, report.email, password);

  // one sample of every entity the administrator may add, then the records that name the supervisor and the report
  for (const e of addableCompanyEntities(registry))
    await addSample(admin, registry, e.name, LIVE_STATES[e.name]).catch((err: Error) =>
      notes.push(`sample ${e.name}: ${err.message.slice(0, 160)}`),
    );
  notes.push(
    ...(await arrangePeopleRecords(admin, registry, { employee: report.id, supervisor: supervisor.id }, LIVE_STATES)),
  );
  const employeeToken = await login(server, report.email, password);
  notes.push(...(await startFieldwork(httpClient(server, employeeToken), report.id)));
  const supervisorToken = await login(server, supervisor.email, password);
  notes.push(
    ...(await sendForApproval(registry, httpClient(server, employeeToken), httpClient(server, supervisorToken))),
  );

  // one of every record only the holder adds (a user manual for every employee's manual reader, a platform rating
  // scale), beside the demo's companies
  for (const e of [...registry.entities.values()].filter(
    (x) => x.access.add.length === 1 && x.access.add[0] === 'holder' && x.name !== 'company',
  ))
    await addSample(holder, registry, e.name).catch((err: Error) =>
      notes.push(`sample ${e.name}: ${err.message.slice(0, 160)}`),
    );

  // API tokens are issued, never added: one of the company's (by its administrator) and one of the platform's
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const [who, path, modules] of [
    [admin, 'api-token/issue', ['risk-management']],
    [holder, 'platform-api-token/issue', ['platform']],
  ] as const) {
    const r = await who.post(path, { name: 'Crawl feed', access: 'read', modules, expiresOn: inAMonth });
    if (r.status !== 200) notes.push(`${path}: ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
  }

  // a mailed link per public flow, as the outside respondent gets it
  const respondentLinks: CrawlWorld['respondentLinks'] = [];
  // the outbox is written just after the share's transaction: give it a moment
  const asTestStratum = {
    stratum: { registry },
    mails: async () => (await new Promise((r) => setTimeout(r, 400)), rawMails(server)),
  } as unknown as TestStratum;
  for (const entity of [...registry.entities.values()].filter((e) => e.publicFlow)) {
    try {
      const { token } = await sentRecipient(asTestStratum, admin, entity);
      const flow = entity.publicFlow!;
      const mail = rawMails(server)
        .map(decodeMail)
        .reverse()
        .find((m) => m.includes(token))!;
      const url = new RegExp(`https?://[^\\s"<>]*${flow.page}/${flow.authPage}#token=${token}`).exec(mail)?.[0];
      respondentLinks.push({
        flow: flow.name,
        url: url ?? `${server.url}${flow.page}/${flow.authPage}#token=${token}`,
      });
    } catch (err) {
      notes.push(`public flow ${entity.name}: ${(err as Error).message.slice(0, 160)}`);
    }
  }

  return {
    registry,
    notes,
    respondentLinks,
    actors: [
      { name: 'holder', email: HOLDER.email, password: HOLDER.password, token: holderToken },
      { name: 'admin', email: demo.executive.email, password: 'stratum-demo', token: adminToken },
      { name: 'supervisor', email: supervisor.email, password, token: supervisorToken },
      { name: 'employee', email: report.email, password, token: employeeToken },
    ],
  };
}
