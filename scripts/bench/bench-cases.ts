import type { Request } from 'autocannon';

/**
 * The calls the bench measures (issue 12, "Cases"), and the autocannon requests that make each one. The same
 * requests go to the engine and to the baseline; whatever varies per request (which record, which version) comes
 * from a fixture the bench prepares in the database before the run.
 */
/** report: a read that aggregates (the score report), held to its issue's ratio, not to the list pages' latency */
export type CaseKind = 'read' | 'report' | 'write' | 'sign-in';

export interface BenchCase {
  name: string;
  title: string;
  kind: CaseKind;
  /** set when the case cannot run yet, with the reason printed instead of figures */
  skipped?: string;
  /**
   * concurrent clients, when not BENCH_CONNECTIONS: a report that aggregates a whole plan takes seconds under load,
   * and 50 of them at once would only queue past the run's end (no reply inside a 4 s run, none counted)
   */
  connections?: number;
  /** measured seconds at least, for calls that take seconds each: a reply still running when the run ends is not counted */
  minSeconds?: number;
  /** the bare floor (floor-server.ts) answers this case too: one prepared SELECT, no transaction, no token */
  floor?: true;
  /** the hand-written baseline has no such endpoint: the engine is held to the floor alone */
  withoutBaseline?: true;
}

export const CASES: readonly BenchCase[] = [
  { name: 'meta', title: 'GET /meta', kind: 'read' },
  { name: 'read', title: 'read one employee by id', kind: 'read', floor: true },
  { name: 'list-first', title: 'employee list, first 50', kind: 'read', floor: true },
  // a list whose read role reaches through the parent (`parent:scorecardId`), with `_allowed` and `_titles` on each row
  {
    name: 'kpi-list',
    title: 'KPI list, first 50 (read role parent:scorecardId)',
    kind: 'read',
    floor: true,
    withoutBaseline: true,
  },
  { name: 'list-deep-offset', title: 'employee list, 50 at offset 10,000 (the deepest offset served)', kind: 'read' },
  { name: 'list-deep-after', title: 'employee list, 50 after row 50,000 (keyset)', kind: 'read' },
  { name: 'list-by-department', title: 'employee list by departmentId', kind: 'read' },
  { name: 'audit-page', title: 'audit trail, first 50', kind: 'read' },
  { name: 'sign-in', title: 'sign-in (scrypt)', kind: 'sign-in' },
  { name: 'add', title: 'add employee', kind: 'write' },
  { name: 'update', title: 'update employee with version', kind: 'write' },
  { name: 'delete', title: 'delete employee', kind: 'write' },
  { name: 'scores-page', title: 'score report, 50 of 10,000 scorecards', kind: 'report' },
  { name: 'transition', title: 'workflow transition (approve, send back)', kind: 'write' },
  {
    name: 'company-performance',
    title: 'company performance, 10,000 × 20 KPIs, 2 clients',
    kind: 'report',
    connections: 2,
    minSeconds: 10,
  },
  { name: 'performance-curve', title: 'performance curve, 10,000 assessments', kind: 'report' },
];

/** The report cases that aggregate a whole plan in one call, and the command each one calls. */
export const AGGREGATE_REPORTS = {
  'company-performance': '/api/v1/performance-scorecard/company-performance',
  'performance-curve': '/api/v1/performance-assessment/performance-curve',
} as const;
export type AggregateReport = keyof typeof AGGREGATE_REPORTS;

/** An aggregate report's calls: the whole company, then each business unit in turn (the calls a person makes in a row). */
export function aggregateReportPaths(report: AggregateReport, f: Fixture): string[] {
  const base = `${AGGREGATE_REPORTS[report]}?annualPlanId=${f.scores.annualPlanId}`;
  return [base, ...f.businessUnitIds.map((id) => `${base}&businessUnitId=${id}`)];
}

/** What one run needs from the database, prepared by the bench and handed to the load process as JSON. */
export interface Fixture {
  /** the caller's company, sent as X-Company-Id for the floor (the engine and the baseline take it from the token) */
  companyId: number;
  signIn: { email: string; password: string };
  /** employee ids to read, taken in a scattered order */
  readIds: { first: number; last: number };
  /** deep pages: the deepest offset served, and the id of the record just before row 50,000 (for ?after=) */
  deepPage: { offset: number; afterId: number };
  departmentIds: number[];
  /** company A's business units, which the aggregate reports are asked for one by one */
  businessUnitIds: number[];
  /** a unique prefix for the e-mails of added employees, and where they go in the organisation */
  addPrefix: string;
  place: Record<string, number>;
  /** employees this run may update: each is in flight on at most one connection at a time */
  updatable: { id: number; version: number }[];
  /** employees this run may delete, each once: ids first..last (written by the bench just before the run) */
  deletable: { first: number; last: number };
  /** the score report: the annual plan and how many scorecards it pages through */
  scores: { annualPlanId: number; scorecards: number };
  /** Draft scorecards (weights 100) this run approves and sends back in turn: ids first..last */
  approvable: { first: number; last: number };
}

const json = { 'content-type': 'application/json' };

/** A body for setupRequest: autocannon sends a string body as it is. */
const post = (path: string, headers: Record<string, string>, body: object): Request => ({
  method: 'POST',
  path,
  headers: { ...headers, ...json },
  body: JSON.stringify(body),
});

export function requestsFor(name: string, f: Fixture, token: string): Request[] {
  const auth = { token, 'x-company-id': String(f.companyId) };
  let n = 0;
  switch (name) {
    case 'meta':
      return [{ method: 'GET', path: '/api/v1/meta', headers: auth }];
    case 'read': {
      const span = f.readIds.last - f.readIds.first + 1;
      // A stride prime to the span visits every id before repeating, spread over the table rather than in order.
      const stride = 7919 % span || 1;
      return [
        {
          method: 'GET',
          path: '/api/v1/employee/0',
          headers: auth,
          setupRequest: (req) => ({ ...req, path: `/api/v1/employee/${f.readIds.first + ((n++ * stride) % span)}` }),
        },
      ];
    }
    case 'list-first':
      return [{ method: 'GET', path: '/api/v1/employee?limit=50', headers: auth }];
    case 'kpi-list':
      return [{ method: 'GET', path: '/api/v1/performance-kpi?limit=50', headers: auth }];
    case 'list-deep-offset':
      return [{ method: 'GET', path: `/api/v1/employee?limit=50&offset=${f.deepPage.offset}`, headers: auth }];
    case 'list-deep-after':
      return [{ method: 'GET', path: `/api/v1/employee?limit=50&after=${f.deepPage.afterId}`, headers: auth }];
    case 'list-by-department':
      return [
        {
          method: 'GET',
          path: '/api/v1/employee',
          headers: auth,
          setupRequest: (req) => ({
            ...req,
            path: `/api/v1/employee?departmentId=${f.departmentIds[n++ % f.departmentIds.length]}&limit=50`,
          }),
        },
      ];
    case 'audit-page':
      return [{ method: 'GET', path: '/api/v1/audit-trail?limit=50', headers: auth }];
    case 'sign-in':
      return [post('/api/v1/auth/login', {}, f.signIn)];
    case 'add':
      return [
        {
          ...post('/api/v1/employee/add', auth, {}),
          setupRequest: (req) => {
            const k = ++n;
            return {
              ...req,
              body: JSON.stringify({
                firstName: 'Added',
                lastName: `Person ${k}`,
                email: `${f.addPrefix}.${k}@alpha.example`,
                jobTitle: 'Officer',
                status: 'Active',
                ...f.place,
              }),
            };
          },
        },
      ];
    case 'update': {
      // Each record goes back to the pool with its new version once its update answered.
      const pool = f.updatable.map((r) => ({ ...r }));
      return [
        {
          ...post('/api/v1/employee/update', auth, {}),
          setupRequest: (req, context: { rec?: { id: number; version: number } }) => {
            // An empty pool (records dropped after failed updates) sends a refused update, counted as an error.
            const rec = pool.shift() ?? { id: 0, version: 0 };
            context.rec = rec;
            return { ...req, body: JSON.stringify({ id: rec.id, version: rec.version, jobTitle: `Officer ${++n}` }) };
          },
          onResponse: (status, body, context: { rec?: { id: number; version: number } }) => {
            const rec = context.rec!;
            if (status === 200) rec.version = JSON.parse(body).data.employee.version;
            else rec.version = -1;
            if (rec.version > 0) pool.push(rec);
          },
        },
      ];
    }
    case 'delete':
      return [
        {
          ...post('/api/v1/employee/delete', auth, {}),
          // Past the pool's end the ids do not exist: the 404s show as errors rather than stopping the run.
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ id: f.deletable.first + n++ }) }),
        },
      ];
    case 'scores-page': {
      const pages = Math.max(1, Math.floor(f.scores.scorecards / 50));
      const base = `/api/v1/performance-scorecard/scores?annualPlanId=${f.scores.annualPlanId}&level=employee&quarter=0&limit=50`;
      // every page of the report in turn, spread like the read case's ids
      const stride = 37 % pages || 1;
      return [
        {
          method: 'GET',
          path: `${base}&offset=0`,
          headers: auth,
          setupRequest: (req) => ({ ...req, path: `${base}&offset=${((n++ * stride) % pages) * 50}` }),
        },
      ];
    }
    case 'company-performance':
    case 'performance-curve': {
      // the whole company, then one business unit after another, round and round
      const paths = aggregateReportPaths(name, f);
      return [
        {
          method: 'GET',
          path: paths[0],
          headers: auth,
          setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length] }),
        },
      ];
    }
    case 'transition': {
      // Round the pool: the first time approve each Draft, the next time send it back to Draft, and so on, so that
      // every request is a transition however fast the server goes (a scorecard comes round again only after the
      // whole pool, long after its last request has been answered).
      const size = f.approvable.last - f.approvable.first + 1;
      return [
        {
          ...post('/api/v1/performance-scorecard/approve', auth, {}),
          setupRequest: (req) => {
            const k = n++;
            const action = Math.floor(k / size) % 2 === 0 ? 'approve' : 'accept-back';
            return {
              ...req,
              path: `/api/v1/performance-scorecard/${action}`,
              body: JSON.stringify({ id: f.approvable.first + (k % size) }),
            };
          },
        },
      ];
    }
    default:
      throw new Error(`no such case: ${name}`);
  }
}
