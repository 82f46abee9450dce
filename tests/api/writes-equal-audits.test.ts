import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/db/db.ts';
import { quoteIdent } from '../../engine/metadata/naming.ts';
import type { EntityDef, Registry } from '../../engine/metadata/registry.ts';
import { seedDemo } from '../../scripts/demo/seed-demo.ts';
import { DEMO_COMPANIES } from '../../scripts/demo/demo-organisation.ts';
import { backends } from '../support/backends.ts';
import { isoDay } from '../support/iso-day.ts';
import { addableCompanyEntities, addSample, sampleValue, SAMPLE_PDF } from '../support/sample-records.ts';
import { answerAll, sentRecipient } from '../support/public-flow-respondent.ts';
import { arrangePeopleRecords, sendForApproval } from '../e2e/support/crawl-people-records.ts';
import { hookInput, type HookInputContext } from '../security/support/hook-inputs.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

/**
 * Every write leaves an audit entry: on the demo data and one sample record of every entity, every command and
 * transition of the metadata is run (as the demo's administrator of every module, or the holder for platform
 * records), then a record of every entity deleted; triggers in the test database count the rows each entity table
 * gets inserted, updated and deleted, and for each table those counts equal the audit entries of its entity, add by
 * add, change by change, delete by delete. A hook that writes around the record store (raw SQL, a delete's cascade
 * left unaudited) breaks the equality for its table.
 */

type Op = 'INSERT' | 'UPDATE' | 'DELETE';

/** The audit trail's own tables are not counted: their rows are the entries. */
const counted = (registry: Registry): EntityDef[] =>
  [...registry.entities.values()].filter((e) => e.table !== 'audit_trail' && e.table !== 'platform_audit_trail');

/** A trigger on every entity table adds each row written to test_row_writes (table, operation, rows). */
async function countRowWrites(db: Db, registry: Registry): Promise<void> {
  await db.query(
    `CREATE TABLE test_row_writes (tbl text NOT NULL, op text NOT NULL, n bigint NOT NULL, PRIMARY KEY (tbl, op))`,
  );
  await db.query(
    `CREATE FUNCTION test_count_row_write() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
     BEGIN
       INSERT INTO test_row_writes VALUES (TG_TABLE_NAME, TG_OP, 1) ON CONFLICT (tbl, op) DO UPDATE SET n = test_row_writes.n + 1;
       RETURN NULL;
     END $$`,
  );
  for (const e of counted(registry))
    await db.query(
      `CREATE TRIGGER test_count_row_write AFTER INSERT OR UPDATE OR DELETE ON ${quoteIdent(e.table)} FOR EACH ROW EXECUTE FUNCTION test_count_row_write()`,
    );
}

/** Per entity and operation: [rows written, audit entries written] since `fromEntry` (the audit ids before the count began). */
async function tally(
  db: Db,
  registry: Registry,
  fromEntry: { company: number; platform: number },
): Promise<Map<string, Record<Op, [number, number]>>> {
  const rows = await db.query<{ tbl: string; op: Op; n: number }>(`SELECT tbl, op, n::int AS n FROM test_row_writes`);
  const entries = await db.query<{ entity: string; op: Op; n: number }>(
    `SELECT entity, CASE WHEN before IS NULL THEN 'INSERT' WHEN after IS NULL THEN 'DELETE' ELSE 'UPDATE' END AS op, count(*)::int AS n
       FROM (SELECT entity, before, after FROM audit_trail WHERE id > $1 UNION ALL SELECT entity, before, after FROM platform_audit_trail WHERE id > $2) a
      GROUP BY 1, 2`,
    [fromEntry.company, fromEntry.platform],
  );
  const out = new Map<string, Record<Op, [number, number]>>();
  for (const e of counted(registry)) out.set(e.name, { INSERT: [0, 0], UPDATE: [0, 0], DELETE: [0, 0] });
  const byTable = new Map(counted(registry).map((e) => [e.table, e.name]));
  for (const r of rows) out.get(byTable.get(r.tbl)!)![r.op][0] += r.n;
  for (const r of entries) if (out.has(r.entity)) out.get(r.entity)![r.op][1] += r.n;
  return out;
}

const must = (r: Reply, what: string) => {
  if (r.status !== 200)
    throw new Error(`${what}: ${r.status} ${r.body.err_msg} ${JSON.stringify(r.body.errors ?? '')}`);
  return r.body.data;
};

/** A PDF or image in a multipart form, with the fields given. */
function fileForm(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.set(k, String(v));
  form.set('document', new File([SAMPLE_PDF], 'sample.pdf', { type: 'application/pdf' }));
  return form;
}

interface Sweep {
  /** calls that wrote (200), as "entity command" */
  done: string[];
  /** calls the engine refused (4xx): rolled back, nothing written */
  refused: string[];
  /** 5xx replies */
  faults: string[];
}

describe.each(backends())('every write leaves its audit entry, on $name', (backend) => {
  let t: TestStratum;
  let registry: Registry;
  let admin: Client;
  /** an employee and the supervisor they report to, with records in the middle of their work (the screen crawl's) */
  let people: Client[] = [];
  let companyId: number;
  let fromEntry: { company: number; platform: number };
  const sweep: Sweep = { done: [], refused: [], faults: [] };

  const record = async (c: Client, e: EntityDef, id: number) =>
    (await c.get(`${e.name}/${id}`)).body.data?.[e.dataKeys.item] as Record<string, any> | undefined;
  const note = (what: string, r: Reply) => {
    if (r.status >= 500) sweep.faults.push(`${what}: ${r.status} ${r.body.err_msg}`);
    else (r.status === 200 ? sweep.done : sweep.refused).push(what);
    return r;
  };

  beforeAll(async () => {
    t = await startTestStratum(backend, {}, { demoPassword: 'stratum-demo' });
    registry = t.stratum.registry;
    const [company] = await t.stratum.db.query<{ n: number }>(`SELECT coalesce(max(id), 0)::int AS n FROM audit_trail`);
    const [platform] = await t.stratum.db.query<{ n: number }>(
      `SELECT coalesce(max(id), 0)::int AS n FROM platform_audit_trail`,
    );
    fromEntry = { company: company.n, platform: platform.n };
    await countRowWrites(t.stratum.db, registry);

    // the demo's data (organisation, people, a strategic plan, an annual plan with scored scorecards), every module
    // switched on for its first company, whose executive administers each
    await seedDemo(t.stratum);
    const demo = DEMO_COMPANIES[0];
    companyId = (
      must(await t.holder.get('company?limit=100'), 'companies').company_list as { id: number; companyName: string }[]
    ).find((c) => c.companyName === demo.companyName)!.id;
    admin = await t.login(demo.executive.email, 'stratum-demo');
    const adminId = must(await admin.get('auth/me'), 'me').user.employeeId as number;
    const modules = must(await t.holder.get('module?limit=100'), 'modules').list as { id: number; code: string }[];
    for (const m of [...registry.modules.values()].filter((x) => !x.core && x.role === 'employee')) {
      const id = modules.find((x) => x.code === m.id)!.id;
      must(
        await t.holder.post(`company-module/set-enablement?companyId=${companyId}`, { moduleId: id, enabled: 'Yes' }),
        `enable ${m.id}`,
      );
      must(
        await t.holder.post(`employee-module/set-admin-access?companyId=${companyId}`, {
          employeeId: adminId,
          moduleId: id,
          adminAccess: 'Yes',
        }),
        `admin access ${m.id}`,
      );
    }
    admin = await t.login(demo.executive.email, 'stratum-demo');
    // one sample of every entity the administrator adds (with what its references need), and of every holder's record
    for (const e of addableCompanyEntities(registry)) await addSample(admin, registry, e.name).catch(() => undefined);
    for (const e of [...registry.entities.values()].filter(
      (x) => x.access.add.length === 1 && x.access.add[0] === 'holder' && x.name !== 'company',
    ))
      await addSample(t.holder, registry, e.name).catch(() => undefined);
    // answers come only through a public flow's link
    for (const e of [...registry.entities.values()].filter((x) => x.publicFlow))
      await answerAll(t, e, (await sentRecipient(t, admin, e)).token).catch(() => undefined);
    // the records that name an ordinary employee and their supervisor, and the employee's sent for approval, so that
    // the steps only the record's own people take are tried by them
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
    for (const p of [supervisor, report]) await t.setPassword(p.email, 'people-pass-1');
    await arrangePeopleRecords(admin, registry, { employee: report.id, supervisor: supervisor.id }, {});
    people = [await t.login(report.email, 'people-pass-1'), await t.login(supervisor.email, 'people-pass-1')];
    await sendForApproval(registry, people[0], people[1]);
  }, 600_000);
  afterAll(() => t?.close());

  it('moves the writes hooks used to make around the store through it: copies, re-ratings, followed windows and roles', async () => {
    // a company's executive is named on it by its onboarding
    const company = must(
      await t.holder.post('company/add', {
        companyName: 'Audited Co',
        eFirstName: 'Ada',
        eLastName: 'Audit',
        email: 'ada@audited.example',
      }),
      'company',
    ).company;
    expect(company.executiveId).toEqual(expect.any(Number));
    const onboard = must(
      await t.holder.get(`platform-audit-trail?entity=company&recordId=${company.id}&sort=id`),
      'company trail',
    );
    const companyTrail = [
      ...(onboard.list ?? []),
      ...(must(
        await t.holder.get(`audit-trail?companyId=${company.id}&entity=company&recordId=${company.id}&sort=id`),
        'trail',
      ).list ?? []),
    ];
    // the onboarding's entry is written within the add (its afterWrite), before the add's own
    expect(companyTrail.map((e: { action: string }) => e.action).sort()).toEqual(['add', 'onboard']);

    // a corporate scorecard cascaded to two employees and copied from a library, then the drafts deleted all at once
    const employees = must(await admin.get('employee?limit=5&sort=id'), 'employees').list as { id: number }[];
    const strategic = must(
      await admin.post('strategic-plan/add', {
        description: 'Audit vision',
        startDate: isoDay(-30),
        endDate: isoDay(900),
      }),
      'strategic plan',
    ).strategic;
    const plan = must(
      await admin.post('annual-plan/add', {
        name: 'Audit year',
        strategicPlanId: strategic.id,
        startDate: isoDay(-10),
        endDate: isoDay(354),
      }),
      'annual plan',
    ).annualPlan;
    const corporate = must(
      await admin.post('performance-scorecard/add', {
        name: 'Audit card',
        level: 'corporate',
        period: 'Annual',
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
      }),
      'corporate',
    ).scorecard;
    must(
      await admin.post('performance-scorecard/save-kpis', {
        id: corporate.id,
        kpis: [
          { name: 'Revenue', weight: 60, target: 1000 },
          { name: 'Margin', weight: 40, target: 20 },
        ],
      }),
      'KPIs',
    );
    const cascaded = must(
      await admin.post('performance-scorecard/cascade', {
        id: corporate.id,
        employeeIds: [employees[1].id, employees[2].id],
      }),
      'cascade',
    );
    expect(cascaded.list).toHaveLength(2);
    const copy = (await record(admin, registry.entity('performance-scorecard'), cascaded.list[0].id))!;
    expect(copy.cascadedFromId).toBe(corporate.id);
    const kpiTrail = must(
      await admin.get(`audit-trail?entity=performance-kpi&recordId=${copy.kpiList[0].id}`),
      'KPI trail',
    ).list;
    expect(kpiTrail.map((e: { action: string; after: { aKpiId: number } }) => [e.action, e.after.aKpiId])).toEqual([
      ['add', corporate.kpiList?.[0]?.id ?? expect.any(Number)],
    ]);
    const library = must(
      await admin.post('performance-scorecard/add', {
        name: 'Audit library',
        level: 'library',
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
      }),
      'library',
    ).scorecard;
    must(
      await admin.post('performance-scorecard/save-kpis', {
        id: library.id,
        kpis: [{ name: 'Calls', weight: 100, target: 50 }],
      }),
      'library KPIs',
    );
    must(
      await admin.post('performance-scorecard/copy-from-library', {
        libraryId: library.id,
        employeeId: employees[3].id,
      }),
      'copy from library',
    );

    // an agreement of the plan's first quarter follows its window when the quarter's agreement window moves
    const agreement = must(
      await admin.post('performance-agreement/add', { scorecardId: copy.id }),
      'agreement',
    ).agreement;
    const q1 = must(await admin.get(`quarter?annualPlanId=${plan.id}&quarterIndex=0`), 'quarters').list[0];
    must(
      await admin.post('quarter/update-agreement', {
        id: q1.id,
        version: q1.version,
        agreementStartDate: isoDay(-5),
        agreementEndDate: isoDay(40),
      }),
      'agreement window',
    );
    const followed = (await record(admin, registry.entity('performance-agreement'), agreement.id))!;
    expect([followed.windowStartDate, followed.windowEndDate]).toEqual([isoDay(-5), isoDay(40)]);
    const agreementTrail = must(
      await admin.get(`audit-trail?entity=performance-agreement&recordId=${agreement.id}&sort=id`),
      'agreement trail',
    ).list;
    expect(agreementTrail.map((e: { action: string }) => e.action)).toContain('follow-quarter');

    must(
      await admin.post('performance-scorecard/delete-all-employee', { annualPlanId: plan.id }),
      'delete all employee scorecards',
    );
    const gone = must(
      await admin.get(`audit-trail?entity=performance-kpi&action=delete-all-employee`),
      'deleted KPIs',
    ).list;
    expect(gone.length).toBeGreaterThanOrEqual(5);

    // a risk re-rated when its matrix cell rates its pair otherwise
    const risk = (await addSample(admin, registry, 'risk')).record;
    const cell = must(
      await admin.get(
        `risk-rating?impact=${encodeURIComponent(risk.impact)}&likelihood=${encodeURIComponent(risk.likelihood)}`,
      ),
      'cell',
    ).list[0];
    must(
      await admin.post('risk-rating/update', {
        id: cell.id,
        version: cell.version,
        ratingScore: Number(cell.ratingScore) + 7,
      }),
      'matrix cell',
    );
    const rerated = (await record(admin, registry.entity('risk'), risk.id))!;
    expect(Number(rerated.ratingScore)).toBe(Number(cell.ratingScore) + 7);
    const riskTrail = must(await admin.get(`audit-trail?entity=risk&recordId=${risk.id}&sort=id`), 'risk trail').list;
    expect(riskTrail.map((e: { action: string }) => e.action)).toEqual(['add', 'rerate']);

    // an audit's new auditor, audit manager and approver spread to its records
    const { record: paper } = await addSample(admin, registry, 'audit-working-paper');
    const engagementEntity = registry.entity('audit-engagement');
    const engagement = (await record(admin, engagementEntity, paper.auditEngagementId))!;
    const other = employees.find(
      (e) => e.id !== engagement.auditorId && e.id !== engagement.approverId && e.id !== engagement.auditManagerId,
    )!;
    must(
      await admin.post('audit-engagement/update', {
        id: engagement.id,
        version: engagement.version,
        auditorId: other.id,
      }),
      'new auditor',
    );
    expect((await record(admin, registry.entity('audit-working-paper'), paper.id))!.auditorId).toBe(other.id);
    const paperTrail = must(
      await admin.get(`audit-trail?entity=audit-working-paper&recordId=${paper.id}&sort=id`),
      'paper trail',
    ).list;
    expect(paperTrail.map((e: { action: string }) => e.action)).toEqual(['add', 'follow-audit']);
  }, 300_000);

  it('runs every command and transition of the metadata, then deletes a record of every entity', async () => {
    const employees = must(await admin.get('employee?limit=200&sort=id'), 'employees').list as { id: number }[];
    const adminId = must(await admin.get('auth/me'), 'me').user.employeeId as number;
    const modules = must(await t.holder.get('module?limit=100'), 'modules').list as { id: number; code: string }[];
    const library = must(await admin.get('performance-scorecard?level=library&limit=1'), 'library').list[0];
    const annualPlan = must(await admin.get('annual-plan?limit=1&sort=id'), 'plans').list[0];
    const entities = [...registry.entities.values()].filter((e) => !e.system);
    const clientOf = (e: EntityDef) => (e.scope === 'platform' ? t.holder : admin);
    const targets = new Map<string, Record<string, any>[]>();
    const unmoved: string[] = [];
    for (const e of entities)
      targets.set(e.name, (await clientOf(e).get(`${e.name}?limit=50&sort=-id`)).body.data?.[e.dataKeys.list] ?? []);

    for (const e of entities) {
      const c = clientOf(e);
      // each transition once, on the newest record in a state it moves from; three rounds, so that a step can follow
      // the one before it (submit, then approve)
      const moved = new Set<string>();
      const tried = new Set<string>();
      // by the administrator, then by the employee and the supervisor (a step only the record's owner or approver takes)
      for (let round = 0; round < 3; round++)
        for (const tr of e.workflow?.transitions ?? [])
          for (const [who, caller] of [c, ...(e.scope === 'company' ? people : [])].entries()) {
            if (moved.has(tr.action)) continue;
            const rows: Record<string, any>[] =
              (await caller.get(`${e.name}?limit=50&sort=-id`)).body.data?.[e.dataKeys.list] ?? [];
            const now = rows.find(
              (r) => tr.from.includes(r[e.workflow!.stateField]) && !tried.has(`${tr.action} ${r.id} ${who}`),
            );
            if (!now) continue;
            tried.add(`${tr.action} ${now.id} ${who}`);
            const requires = Object.fromEntries((tr.requires ?? []).map((f) => [f, sampleValue(e.field.get(f)!)]));
            if (
              note(
                `${e.name} ${tr.action}`,
                await caller.post(`${e.name}/${tr.action}`, { id: now.id, version: now.version, ...requires }),
              ).status === 200
            )
              moved.add(tr.action);
          }
      for (const tr of e.workflow?.transitions ?? [])
        if (![...tried].some((x) => x.startsWith(`${tr.action} `))) unmoved.push(`${e.name} ${tr.action}`);
      const target = targets.get(e.name)![0];
      if (!target) continue;
      for (const cmd of e.commands) {
        // a GET command reads: its transaction refuses any write
        if (cmd.method === 'GET') continue;
        const now = (await record(c, e, target.id)) ?? target;
        const context: HookInputContext = {
          target: { id: now.id, version: now.version },
          ownerId: e.owner ? (now[e.owner] ?? null) : null,
          libraryScorecardId: library?.id ?? 999_999_999,
          strategicModuleId: modules.find((m) => m.code === 'strategic')!.id,
          bystanderEmployeeId: employees.find((x) => x.id !== adminId && x.id !== now[e.owner ?? ''])!.id,
          annualPlanId: annualPlan?.id,
        };
        const what = `${e.name} ${cmd.name}`;
        const path = `${e.name}/${cmd.name}`;
        switch (cmd.kind) {
          case 'patch':
            note(
              what,
              await c.post(path, {
                id: now.id,
                version: now.version,
                ...Object.fromEntries((cmd.fields ?? []).map((f) => [f, sampleValue(e.field.get(f)!)])),
              }),
            );
            break;
          case 'upload':
            note(what, await c.raw(path, { method: 'POST', body: fileForm({ id: now.id }) }));
            break;
          case 'attach':
          case 'bulkAdd':
            // adds: the samples above made one each way; a bulk add of one more
            if (cmd.kind === 'bulkAdd') {
              const sample = await addSample(c, registry, e.name).then(
                (s) => s.record,
                () => undefined,
              );
              if (sample)
                note(
                  what,
                  await c.post(path, {
                    items: [
                      Object.fromEntries(
                        Object.entries(sample).filter(
                          ([k]) =>
                            e.field.get(k) &&
                            !e.field.get(k)!.readOnly &&
                            !e.field.get(k)!.computed &&
                            sample[k] !== null,
                        ),
                      ),
                    ],
                  }),
                );
            }
            break;
          case 'bulkDelete':
            note(what, await c.post(path, { ids: [now.id] }));
            break;
          case 'hook':
          case 'share':
            note(what, await c.post(path, cmd.kind === 'share' ? { id: now.id } : hookInput(cmd, context)));
            break;
        }
      }
    }
    // last, a record of every entity deleted (the newest, often a sample with records of its own under it), but the
    // administrator's own employee record
    for (const e of entities) {
      const target = targets.get(e.name)!.find((r) => !(e.name === 'employee' && r.id === adminId));
      if (!target || !e.access.delete.length) continue;
      note(`${e.name} delete`, await clientOf(e).post(`${e.name}/delete`, { id: target.id }));
    }

    const transitions = entities.flatMap((e) => (e.workflow?.transitions ?? []).map((tr) => `${e.name} ${tr.action}`));
    console.log(
      `sweep: ${sweep.done.length} calls wrote, ${sweep.refused.length} refused (rolled back); transitions that wrote: ${transitions.filter((x) => sweep.done.includes(x)).length} of ${transitions.length}, ${unmoved.length} without a record in a state they move from`,
    );
    expect(sweep.faults).toEqual([]);
    // the sweep wrote: most commands and transitions and deletes went through
    expect(sweep.done.length).toBeGreaterThan(150);
    expect(sweep.done.filter((d) => d.endsWith(' delete')).length).toBeGreaterThan(60);
    expect(transitions.filter((x) => sweep.done.includes(x)).length).toBeGreaterThan(45);
  }, 600_000);

  it('holds, for every entity table, rows inserted, updated and deleted equal to the audit entries written', async () => {
    const counts = await tally(t.stratum.db, registry, fromEntry);
    const unequal: string[] = [];
    let rows = 0;
    for (const [entity, ops] of counts)
      for (const op of ['INSERT', 'UPDATE', 'DELETE'] as const) {
        const [written, audited] = ops[op];
        rows += written;
        if (written !== audited)
          unequal.push(`${entity}: ${written} rows ${op.toLowerCase()}d, ${audited} audit entries`);
      }
    expect(unequal).toEqual([]);
    // and it counted real work: most entity tables were written
    console.log(
      `${rows} rows written to ${[...counts.values()].filter((ops) => ops.INSERT[0] > 0).length} of ${counts.size} entity tables`,
    );
    expect(rows).toBeGreaterThan(1000);
    expect([...counts.values()].filter((ops) => ops.INSERT[0] > 0).length).toBeGreaterThan(counts.size * 0.8);
  });
});
