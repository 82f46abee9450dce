import type { Db } from '../../engine/db/db.ts';
import type { Fixture } from './bench-cases.ts';
import { bulkInsert, resetIdentity } from './bulk-insert.ts';
import type { GeneratedTenant } from './tenant-generator.ts';

/**
 * Prepares the database for one run of one case and puts it back afterwards, so that every run of every server
 * meets the same tenant: writes get fresh records to change, the employees a run added are removed again, and
 * the records a delete run did not reach are removed too. Works on the owner's connection (no row-level security),
 * while no server is writing.
 */
export interface PreparedRun {
  fixture: Fixture;
  /** undo what the run and its preparation left behind */
  cleanUp(): Promise<void>;
}

export function baseFixture(t: GeneratedTenant): Fixture {
  return {
    companyId: t.companyA,
    signIn: { email: t.benchEmail, password: t.benchPassword },
    readIds: t.employeeIdsA,
    deepPage: t.deepPageA,
    departmentIds: t.departmentIdsA,
    businessUnitIds: t.businessUnitIdsA,
    addPrefix: 'bench.added',
    place: t.placeA,
    updatable: [],
    deletable: { first: 0, last: -1 },
    scores: { annualPlanId: t.scorecardsA.annualPlanId, scorecards: t.rows.scorecards },
    approvable: { first: 0, last: -1 },
  };
}

const maxEmployeeId = async (db: Db) =>
  Number((await db.query<{ n: number }>(`SELECT coalesce(max(id), 0)::bigint AS n FROM employee`))[0].n);

/** Employees nobody refers to, for a delete run to remove one by one: ids are contiguous. */
export async function insertDeletable(
  db: Db,
  t: GeneratedTenant,
  count: number,
  label: string,
): Promise<{ first: number; last: number }> {
  const first = (await maxEmployeeId(db)) + 1;
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++)
    rows.push([
      t.companyA,
      first + i,
      'Leaving',
      `${label} ${i + 1}`,
      'Officer',
      t.placeA.businessUnitId,
      t.placeA.departmentId,
      'Inactive',
    ]);
  await bulkInsert(
    db,
    'employee',
    [
      { name: 'company_id', type: 'bigint' },
      { name: 'id', type: 'bigint' },
      { name: 'first_name', type: 'text' },
      { name: 'last_name', type: 'text' },
      { name: 'job_title', type: 'text' },
      { name: 'business_unit_id', type: 'bigint' },
      { name: 'department_id', type: 'bigint' },
      { name: 'status', type: 'text' },
    ],
    rows,
    10_000,
  );
  await resetIdentity(db, 'employee');
  return { first, last: first + count - 1 };
}

/** Records for an update run, with their versions now: twice as many as connections, so none waits for another. */
export async function pickUpdatable(
  db: Db,
  t: GeneratedTenant,
  count: number,
  slice: number,
): Promise<{ id: number; version: number }[]> {
  const span = t.employeeIdsA.last - t.employeeIdsA.first + 1;
  const ids = Array.from({ length: count }, (_, i) => t.employeeIdsA.first + (((slice * count + i) * 104_729) % span));
  const rows = await db.query<{ id: number; version: number }>(
    `SELECT id, version FROM employee WHERE company_id = $1 AND id = ANY($2::bigint[]) ORDER BY id`,
    [t.companyA, ids],
  );
  return rows.map((r) => ({ id: Number(r.id), version: Number(r.version) }));
}

let runNumber = 0;

/**
 * `expectedRate` (requests/s) sizes the delete pool: the pool outlasts the warm-up and the run at one and a half
 * times that rate.
 */
export async function prepareRun(
  db: Db,
  t: GeneratedTenant,
  caseName: string,
  label: string,
  opts: {
    connections: number;
    seconds: number;
    expectedRate: number /** runs prepared together, with no clean-up between them, each take their own part of a shared pool: [which, of how many] */;
    poolPart?: [number, number];
  },
): Promise<PreparedRun> {
  const fixture = baseFixture(t);
  const run = ++runNumber;
  switch (caseName) {
    case 'add': {
      const watermark = await maxEmployeeId(db);
      fixture.addPrefix = `bench.added.${label.replace(/\W+/g, '-')}.${run}.${Date.now()}`;
      return {
        fixture,
        async cleanUp() {
          await db.query(`DELETE FROM account WHERE company_id = $1 AND employee_id > $2`, [t.companyA, watermark]);
          await db.query(`DELETE FROM employee WHERE company_id = $1 AND id > $2`, [t.companyA, watermark]);
        },
      };
    }
    case 'update':
      fixture.updatable = await pickUpdatable(db, t, opts.connections * 2, run);
      return { fixture, cleanUp: async () => {} };
    case 'delete': {
      const count = Math.max(2_000, Math.ceil(opts.expectedRate * opts.seconds * 1.5));
      fixture.deletable = await insertDeletable(db, t, count, `Pool ${run}`);
      return {
        fixture,
        async cleanUp() {
          await db.query(`DELETE FROM employee WHERE company_id = $1 AND id BETWEEN $2 AND $3`, [
            t.companyA,
            fixture.deletable.first,
            fixture.deletable.last,
          ]);
        },
      };
    }
    case 'transition': {
      // every generated scorecard is a Draft with weights 100; the run approves them in id order, the clean-up sends
      // them back (the audit entries of the approvals stay, as they would)
      const { first, last } = t.scorecardsA.scorecardIds;
      const [part, parts] = opts.poolPart ?? [0, 1];
      const size = Math.floor((last - first + 1) / parts);
      fixture.approvable = { first: first + part * size, last: first + (part + 1) * size - 1 };
      return {
        fixture,
        async cleanUp() {
          await db.query(
            `UPDATE performance_scorecard SET status = 'Draft' WHERE company_id = $1 AND annual_plan_id = $2 AND status <> 'Draft'`,
            [t.companyA, t.scorecardsA.annualPlanId],
          );
        },
      };
    }
    default:
      return { fixture, cleanUp: async () => {} };
  }
}
