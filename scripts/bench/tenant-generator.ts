import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_OFFSET } from '../../engine/records/list-query.ts';
import { hashPassword } from '../../engine/auth/password-hash.ts';
import type { Db } from '../../engine/db/db.ts';
import { addRecord } from '../../engine/records/record-store.ts';
import { holderCaller, scopedCall } from '../../engine/records/scoped-call.ts';
import { bootStratum } from '../../server/boot.ts';
import { configFromEnv } from '../../server/config.ts';
import {
  BENCH_PASSWORD,
  FIRST_NAMES,
  HOLDER_PASSWORD,
  JOB_TITLES,
  LAST_NAMES,
  LEVELS,
  benchCompanies,
  type CompanyShape,
} from './bench-tenant.ts';
import { bulkInsert, resetIdentity, type BulkColumn } from './bulk-insert.ts';
import { generateAssessments, type GeneratedAssessments } from './assessment-generator.ts';
import { generateScorecards, type GeneratedScorecards } from './scorecard-generator.ts';

export const HOLDER_EMAIL = 'holder@bench.example';

/** The scorecard cases' company: 10,000 employees with 20 KPIs each (issue 4, "Performance"). */
const SCORECARD_EMPLOYEES = 10_000;
const KPIS_PER_SCORECARD = 20;

/** What the load cases need to know about the generated data. */
export interface GeneratedTenant {
  companyA: number;
  companyB: number;
  benchEmail: string;
  benchPassword: string;
  /** employee ids of company A, lowest and highest of the generated ones */
  employeeIdsA: { first: number; last: number };
  departmentIdsA: number[];
  businessUnitIdsA: number[];
  /** the lowest sub-sub-section of company A, where write cases put their employees */
  placeA: Record<string, number>;
  /**
   * deep pages of company A's employee list (in its default order, last name then id): the deepest offset the API
   * serves (MAX_OFFSET), and for ?after= the id of the employee just before row 50,000
   */
  deepPageA: { offset: number; afterId: number };
  /** company A's annual plan with one employee scorecard of 20 KPIs for 10,000 of its employees, spread over every unit */
  scorecardsA: GeneratedScorecards;
  /** a Completed Q4 assessment with its final score for each of those scorecards (the performance curve) */
  assessmentsA: GeneratedAssessments;
  rows: {
    employees: number;
    units: number;
    accounts: number;
    auditEntries: number;
    scorecards: number;
    kpis: number;
    assessments: number;
  };
}

interface Unit {
  id: number;
  level: number;
  name: string;
  parent: Unit | null;
  headId?: number;
}

/** A small seeded generator, so that every run writes the same tenant. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

async function nextId(db: Db, table: string): Promise<number> {
  const [r] = await db.query<{ n: number }>(`SELECT coalesce(max(id), 0)::bigint AS n FROM "${table}"`);
  return Number(r.n) + 1;
}

const EMPLOYEE_COLUMNS: BulkColumn[] = [
  { name: 'company_id', type: 'bigint' },
  { name: 'id', type: 'bigint' },
  { name: 'first_name', type: 'text' },
  { name: 'last_name', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'employee_number', type: 'text' },
  { name: 'job_title', type: 'text' },
  ...LEVELS.map((l) => ({ name: l.employeeColumn, type: 'bigint' as const })),
  { name: 'supervisor_id', type: 'bigint' },
  ...LEVELS.map((l) => ({ name: l.headColumn, type: 'text' as const })),
  { name: 'status', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  { name: 'created_by', type: 'bigint' },
  { name: 'updated_by', type: 'bigint' },
];

const AUDIT_COLUMNS: BulkColumn[] = [
  { name: 'company_id', type: 'bigint' },
  { name: 'entity', type: 'text' },
  { name: 'record_id', type: 'bigint' },
  { name: 'action', type: 'text' },
  { name: 'done_by', type: 'bigint' },
  { name: 'done_by_name', type: 'text' },
  { name: 'done_at', type: 'timestamptz' },
  { name: 'before', type: 'jsonb' },
  { name: 'after', type: 'jsonb' },
];

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Writes one company's organisation, people, their sign-in identities and an audit trail straight into the tables,
 * as the engine would have left them had every record been added through the API: ids in depth-first order, so
 * every unit's head and every supervisor is written before the people who report to them.
 */
async function generateCompany(
  db: Db,
  shape: CompanyShape,
  companyId: number,
  executive: { employeeId: number; accountId: number; name: string },
  seed: number,
) {
  const rnd = random(seed);
  const now = Date.now();
  const at = (fraction: number) => new Date(now - YEAR_MS + fraction * YEAR_MS).toISOString();
  const audit: unknown[][] = [];
  const auditEntry = (
    entity: string,
    recordId: number,
    action: string,
    doneAt: string,
    before: object | null,
    after: object | null,
  ) =>
    audit.push([
      companyId,
      entity,
      recordId,
      action,
      executive.accountId,
      executive.name,
      doneAt,
      before && JSON.stringify(before),
      after && JSON.stringify(after),
    ]);

  // The organisation, level by level; each unit's API shape goes into its "add" audit entry.
  const levels: Unit[][] = [];
  let parents: (Unit | null)[] = [null];
  for (const [depth, level] of LEVELS.entries()) {
    let id = await nextId(db, level.table);
    const units: Unit[] = [];
    const rows: unknown[][] = [];
    for (const parent of parents) {
      for (let k = 1; k <= shape.fanOut[depth]; k++) {
        const name = `${level.label} ${parent ? parent.name.replace(/^\D+/, '') + '.' : ''}${k}`;
        const unit: Unit = { id: id++, level: depth, name, parent };
        units.push(unit);
        const createdAt = at(rnd() * 0.05);
        rows.push([
          companyId,
          unit.id,
          name,
          parent?.id ?? null,
          createdAt,
          createdAt,
          executive.accountId,
          executive.accountId,
        ]);
        const shown: Record<string, unknown> = {
          id: unit.id,
          version: 1,
          createdAt,
          updatedAt: createdAt,
          createdBy: executive.accountId,
          updatedBy: executive.accountId,
          name,
        };
        if (level.parentColumn) shown[camel(level.parentColumn)] = parent!.id;
        auditEntry(level.table.replace(/_/g, '-'), unit.id, 'add', createdAt, null, shown);
      }
    }
    const columns: BulkColumn[] = [
      { name: 'company_id', type: 'bigint' },
      { name: 'id', type: 'bigint' },
      { name: 'name', type: 'text' },
      ...(level.parentColumn ? [{ name: level.parentColumn, type: 'bigint' as const }] : []),
      { name: 'created_at', type: 'timestamptz' },
      { name: 'updated_at', type: 'timestamptz' },
      { name: 'created_by', type: 'bigint' },
      { name: 'updated_by', type: 'bigint' },
    ];
    await bulkInsert(
      db,
      level.table,
      columns,
      level.parentColumn ? rows : rows.map((r) => r.filter((_, i) => i !== 3)),
    );
    await resetIdentity(db, level.table);
    levels.push(units);
    parents = units;
  }

  // People, spread evenly over the lowest units; the first person of a unit heads it.
  const leaves = levels.at(-1)!;
  const employees: unknown[][] = [];
  const accounts: unknown[][] = [];
  const shapes: Record<string, unknown>[] = [];
  let id = await nextId(db, 'employee');
  const firstId = id;
  for (let i = 0; i < shape.employees; i++) {
    const leaf = leaves[Math.floor((i * leaves.length) / shape.employees)];
    const chain: Unit[] = [];
    for (let u: Unit | null = leaf; u; u = u.parent) chain.unshift(u);
    const employeeId = id++;
    let topHead = -1;
    for (const u of chain) {
      if (u.headId === undefined) {
        u.headId = employeeId;
        if (topHead < 0) topHead = u.level;
      }
    }
    const supervisorId = topHead === 0 ? executive.employeeId : topHead > 0 ? chain[topHead - 1].headId! : leaf.headId!;
    const firstName = FIRST_NAMES[Math.floor(rnd() * FIRST_NAMES.length)];
    const lastName = LAST_NAMES[Math.floor(rnd() * LAST_NAMES.length)];
    const email = `${firstName}.${lastName}.${i + 1}@${shape.domain}`.toLowerCase();
    const employeeNumber = `${shape.domain[0].toUpperCase()}${String(i + 1).padStart(6, '0')}`;
    const jobTitle =
      topHead >= 0 ? `Head of ${chain[topHead].name}` : JOB_TITLES[Math.floor(rnd() * JOB_TITLES.length)];
    const heads = LEVELS.map((_, d) => (topHead >= 0 && d >= topHead && chain[d].headId === employeeId ? 'Yes' : 'No'));
    const status = rnd() < 0.97 ? 'Active' : 'Inactive';
    const createdAt = at(0.05 + (0.9 * i) / shape.employees);
    employees.push([
      companyId,
      employeeId,
      firstName,
      lastName,
      email,
      employeeNumber,
      jobTitle,
      ...chain.map((u) => u.id),
      supervisorId,
      ...heads,
      status,
      createdAt,
      createdAt,
      executive.accountId,
      executive.accountId,
    ]);
    accounts.push([email, 'employee', companyId, employeeId, firstName, lastName, createdAt]);
    const shown: Record<string, unknown> = {
      id: employeeId,
      version: 1,
      createdAt,
      updatedAt: createdAt,
      createdBy: executive.accountId,
      updatedBy: executive.accountId,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      email,
      employeeNumber,
      jobTitle,
      ...Object.fromEntries(LEVELS.map((l, d) => [camel(l.employeeColumn), chain[d].id])),
      supervisorId,
      ...Object.fromEntries(LEVELS.map((l, d) => [camel(l.headColumn), heads[d]])),
      head: heads.includes('Yes') ? 'Yes' : 'No',
      status,
    };
    shapes.push(shown);
    auditEntry('employee', employeeId, 'add', createdAt, null, shown);
  }
  await bulkInsert(db, 'employee', EMPLOYEE_COLUMNS, employees);
  await resetIdentity(db, 'employee');
  await bulkInsert(
    db,
    'account',
    [
      { name: 'email', type: 'text' },
      { name: 'role', type: 'text' },
      { name: 'company_id', type: 'bigint' },
      { name: 'employee_id', type: 'bigint' },
      { name: 'first_name', type: 'text' },
      { name: 'last_name', type: 'text' },
      { name: 'created_at', type: 'timestamptz' },
    ],
    accounts,
  );

  // Later changes: a job title here and there, each with its before and after.
  for (let k = 0; k < shape.extraAuditUpdates && shapes.length; k++) {
    const before = shapes[Math.floor(rnd() * shapes.length)];
    const after = {
      ...before,
      version: Number(before.version) + 1,
      jobTitle: JOB_TITLES[Math.floor(rnd() * JOB_TITLES.length)],
    };
    auditEntry('employee', Number(before.id), 'update', at(0.95 + rnd() * 0.05), before, after);
  }
  // Oldest first, as they would have been written.
  audit.sort((a, b) => String(a[6]).localeCompare(String(b[6])));
  await bulkInsert(db, 'audit_trail', AUDIT_COLUMNS, audit, 2_000);

  return {
    employeeIds: { first: firstId, last: id - 1 },
    businessUnitIds: levels[0].map((u) => u.id),
    departmentIds: levels[1].map((u) => u.id),
    leaf: leaves[0],
    rows: {
      employees: shape.employees,
      units: levels.reduce((n, l) => n + l.length, 0),
      accounts: accounts.length,
      auditEntries: audit.length,
    },
  };
}

/**
 * Fills a fresh database with the bench tenant. The companies are added through the engine (so the executive, the
 * account, the module access and the audit trail are real); everything big is then written with set-based SQL.
 */
export async function generateTenant(
  db: Db,
  employeesA: number,
  log: (line: string) => void,
): Promise<GeneratedTenant> {
  const scratch = mkdtempSync(join(tmpdir(), 'stratum-bench-boot-'));
  try {
    const config = {
      ...configFromEnv({}),
      dataDir: scratch,
      holderEmail: HOLDER_EMAIL,
      holderPassword: HOLDER_PASSWORD,
      publicUrl: 'http://bench.invalid',
    };
    const { stratum } = await bootStratum(config, { db, log: () => {} });
    const engine = { ...stratum, publicUrl: config.publicUrl };
    const holder = await holderCaller(db);
    const [shapeA, shapeB] = benchCompanies(employeesA);
    const ids: number[] = [];
    const results = [];
    const executives: Awaited<ReturnType<typeof holderCaller>>[] = [];
    for (const [k, shape] of [shapeA, shapeB].entries()) {
      const started = Date.now();
      const { result: company } = await scopedCall(engine, holder, null, (ctx) =>
        addRecord(ctx, stratum.registry.entity('company'), {
          companyName: shape.name,
          eFirstName: shape.executive.firstName,
          eLastName: shape.executive.lastName,
          email: shape.executive.email,
        }),
      );
      const companyId = Number(company.id);
      const [account] = await db.query<{ id: number }>(
        `SELECT id FROM account WHERE company_id = $1 AND employee_id = $2`,
        [companyId, company.executiveId],
      );
      // One transaction without foreign-key triggers: the rows are consistent by construction (parents and
      // supervisors are written first), and checking every employee's seven references adds about 40 % to the load.
      const r = await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL session_replication_role = replica`);
        return generateCompany(
          tx,
          shape,
          companyId,
          {
            employeeId: Number(company.executiveId),
            accountId: Number(account.id),
            name: `${shape.executive.firstName} ${shape.executive.lastName}`,
          },
          17 + k,
        );
      });
      ids.push(companyId);
      results.push(r);
      executives.push({
        accountId: Number(account.id),
        role: 'employee',
        companyId,
        employeeId: Number(company.executiveId),
        email: shape.executive.email,
        name: `${shape.executive.firstName} ${shape.executive.lastName}`,
      });
      log(
        `  ${shape.name}: ${r.rows.employees.toLocaleString('en')} employees, ${r.rows.units.toLocaleString('en')} organisation units, ${r.rows.auditEntries.toLocaleString('en')} audit entries (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
    await db.query(`UPDATE account SET password_hash = $1 WHERE lower(email) = lower($2)`, [
      await hashPassword(BENCH_PASSWORD),
      shapeA.executive.email,
    ]);
    const started = Date.now();
    const scorecardCount = Math.min(
      SCORECARD_EMPLOYEES,
      results[0].employeeIds.last - results[0].employeeIds.first + 1,
    );
    const scorecardsA = await generateScorecards(
      db,
      engine,
      holder,
      { id: ids[0], executive: executives[0], employeeIds: results[0].employeeIds },
      scorecardCount,
      KPIS_PER_SCORECARD,
      random(29),
    );
    log(
      `  ${shapeA.name}: ${scorecardCount.toLocaleString('en')} employee scorecards × ${KPIS_PER_SCORECARD} KPIs (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    const assessmentsA = await generateAssessments(
      db,
      { id: ids[0], accountId: Number(executives[0].accountId) },
      scorecardsA.annualPlanId,
      random(31),
    );
    log(
      `  ${shapeA.name}: ${assessmentsA.completed.toLocaleString('en')} completed Q4 assessments, ${assessmentsA.unfinished.toLocaleString('en')} unfinished Q3 ones`,
    );
    // Fresh statistics and visibility map, as a database that has been running for a while would have.
    for (const t of [
      'business_unit',
      'department',
      'division',
      'section',
      'sub_section',
      'sub_sub_section',
      'employee',
      'account',
      'audit_trail',
      'session',
    ])
      await db.query(`VACUUM ANALYZE "${t}"`);
    const a = results[0];
    const keysetRow = Math.max(1, Math.min(50_000, shapeA.employees - 50));
    const [anchor] = await db.query<{ id: number }>(
      `SELECT id FROM employee WHERE company_id = $1 ORDER BY last_name, id OFFSET $2 LIMIT 1`,
      [ids[0], keysetRow - 1],
    );
    let chain: Unit | null = a.leaf;
    const placeA: Record<string, number> = {};
    for (let d = LEVELS.length - 1; chain; d--, chain = chain.parent)
      placeA[camel(LEVELS[d].employeeColumn)] = chain.id;
    return {
      companyA: ids[0],
      companyB: ids[1],
      benchEmail: shapeA.executive.email,
      benchPassword: BENCH_PASSWORD,
      employeeIdsA: a.employeeIds,
      departmentIdsA: a.departmentIds,
      businessUnitIdsA: a.businessUnitIds,
      placeA,
      deepPageA: { offset: Math.max(1, Math.min(MAX_OFFSET, shapeA.employees - 50)), afterId: Number(anchor.id) },
      scorecardsA,
      assessmentsA,
      rows: {
        scorecards: scorecardCount,
        kpis: scorecardCount * KPIS_PER_SCORECARD,
        assessments: assessmentsA.completed + assessmentsA.unfinished,
        employees: results.reduce((n, r) => n + r.rows.employees, 0),
        units: results.reduce((n, r) => n + r.rows.units, 0),
        accounts: results.reduce((n, r) => n + r.rows.accounts, 0),
        auditEntries: results.reduce((n, r) => n + r.rows.auditEntries, 0),
      },
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
