import { hashPassword } from '../../engine/auth/password-hash.ts';
import type { Row } from '../../engine/db/db.ts';
import { setModuleEnablement } from '../../engine/hooks/organisation/module-commands.ts';
import type { CallContext } from '../../engine/records/call-context.ts';
import { runTransition } from '../../engine/records/command-runner.ts';
import { addRecord } from '../../engine/records/record-store.ts';
import { holderCaller, scopedCall, type Caller } from '../../engine/records/scoped-call.ts';
import type { Stratum } from '../../server/stratum-context.ts';
import { seedMonthlyProgress } from './demo-progress.ts';
import type { DemoCast } from './demo-calls.ts';
import { seedReviews } from './demo-reviews.ts';
import { seedTrainings } from './demo-trainings.ts';
import { seed360 } from './demo-360.ts';
import { seedCustomerSurvey } from './demo-customer-survey.ts';
import { seedOrganisationalSurvey } from './demo-organisational-survey.ts';
import { DEMO_COMPANIES, DEMO_PERSPECTIVES, DEMO_RATING_BANDS, type DemoCompany } from './demo-organisation.ts';

const EMPLOYEES_PER_COMPANY = 56;
/** The heads' first-quarter actuals (percent of target) of their two KPIs, in turn. */
const DEMO_ACHIEVEMENT: readonly [number, number][] = [
  [112, 95],
  [84, 101],
  [97, 70],
  [125, 108],
  [66, 88],
];

/**
 * DEMO=1: two companies, each with every organisation level down to sub-sub-sections, 57 employees with supervisors,
 * a strategic plan with four perspectives and a five-band rating scale, and this year's annual plan with a scored
 * scorecard for each business unit and department head; then the journeys in progress, each step taken by its person
 * (demo-reviews, demo-trainings, demo-360, demo-customer-survey, demo-organisational-survey). Idempotent: a company
 * already there is left alone. Returns the lines to print (the demo sign-ins).
 */
export async function seedDemo(s: Stratum): Promise<string[]> {
  const engine = { ...s, publicUrl: s.config.publicUrl };
  const holder = await holderCaller(s.db);
  const passwordHash = await hashPassword(s.config.demoPassword);
  const lines: string[] = [];
  for (const demo of DEMO_COMPANIES) {
    const [existing] = await s.db.query(`SELECT id FROM company WHERE company_name = $1`, [demo.companyName]);
    if (existing) continue;
    const { result: company } = await scopedCall(engine, holder, null, (ctx) =>
      addRecord(ctx, s.registry.entity('company'), {
        companyName: demo.companyName,
        language: demo.language,
        eFirstName: demo.executive.firstName,
        eLastName: demo.executive.lastName,
        email: demo.executive.email,
      }),
    );
    const companyId = Number(company.id);
    await scopedCall(engine, holder, companyId, async (ctx) => {
      // strategy and performance management (the dashboard's performance items need an annual plan), and the modules
      // whose journeys the demo has in progress: trainings, a 360 round, an audit's survey, the organisational survey
      for (const { id } of await ctx.tx.query<{ id: number }>(
        `SELECT id FROM module WHERE code = ANY($1) ORDER BY id`,
        [DEMO_MODULES],
      ))
        await setModuleEnablement(ctx, ctx.registry.entity('company-module'), { moduleId: id, enabled: 'Yes' });
    });
    // The rest is the executive's own work, with the access the executive has.
    const [exec] = await s.db.query<{ id: number }>(
      `SELECT id FROM account WHERE company_id = $1 AND employee_id = $2`,
      [companyId, company.executiveId],
    );
    const executive: Caller = {
      accountId: exec.id,
      role: 'employee',
      companyId,
      employeeId: Number(company.executiveId),
      email: demo.executive.email,
      name: `${demo.executive.firstName} ${demo.executive.lastName}`,
    };
    const { result: seeded } = await scopedCall(engine, executive, companyId, (ctx) => seedCompany(ctx, demo, company));
    // each journey in progress, step by step as the person whose step it is (a transaction each), unless the demo is
    // asked for at the start of its cycle (DEMO_JOURNEYS=0)
    if (s.config.demoJourneys) {
      await seedReviews(engine, seeded.cast, seeded.annualPlanId);
      await seedTrainings(engine, seeded.cast);
      await seed360(engine, seeded.cast);
      await seedCustomerSurvey(engine, seeded.cast);
      await seedOrganisationalSurvey(engine, seeded.cast, seeded.annualPlanId);
    }
    await s.db.query(`UPDATE account SET password_hash = $1 WHERE company_id = $2 AND lower(email) = ANY($3)`, [
      passwordHash,
      companyId,
      seeded.signIns.map((e) => e.toLowerCase()),
    ]);
    lines.push(
      `demo company "${demo.companyName}": sign in as ${seeded.signIns.join(' or ')} with the password ${s.config.demoPassword === 'stratum-demo' ? '"stratum-demo" (DEMO_PASSWORD)' : 'from DEMO_PASSWORD'}`,
    );
  }
  return lines;
}

/** The modules switched on for the demo companies. */
const DEMO_MODULES = [
  'strategic',
  'performance',
  'personal-development',
  'degree-360',
  'organizational-survey',
  'audit-management',
];

/** What the organisation's seed leaves for the journeys' seeds: the sign-ins, who plays which part, the annual plan. */
interface SeededCompany {
  signIns: string[];
  cast: DemoCast;
  annualPlanId: number;
}

async function seedCompany(ctx: CallContext, demo: DemoCompany, company: Row): Promise<SeededCompany> {
  const add = (entity: string, values: Row) => addRecord(ctx, ctx.registry.entity(entity), values);
  // Organisation: every level, each unit with its parent.
  const units: { bu: Row; dept: Row; div: Row; sec: Row; sub: Row; subsub: Row }[] = [];
  for (const b of demo.businessUnits) {
    const bu = await add('business-unit', {
      name: b.name,
      strategyPlanOwner: b === demo.businessUnits[0] ? 'Yes' : 'No',
    });
    for (const d of b.departments) {
      const dept = await add('department', { name: d.name, businessUnitId: bu.id });
      for (const v of d.divisions) {
        const div = await add('division', { name: v, departmentId: dept.id });
        const sec = await add('section', { name: `${v} Operations`, divisionId: div.id });
        const sub = await add('sub-section', { name: `${v} Team 1`, sectionId: sec.id });
        const subsub = await add('sub-sub-section', { name: `${v} Cell A`, subSectionId: sub.id });
        units.push({ bu, dept, div, sec, sub, subsub });
      }
    }
  }

  // People: the executive leads; the first per business unit heads it, the first per department heads that, the rest report to their department head.
  const executiveId = Number(company.executiveId);
  const buHead = new Map<unknown, Row>();
  const deptHead = new Map<unknown, Row>();
  const signIns = [demo.executive.email];
  let secondSignInId = 0;
  const officers: number[] = [];
  let qaMember = 0;
  for (let i = 0; i < EMPLOYEES_PER_COMPANY; i++) {
    const [firstName, lastName] = demo.people[i % demo.people.length];
    const u = units[i % units.length];
    const headsBu = !buHead.has(u.bu.id);
    const headsDept = !headsBu && !deptHead.has(u.dept.id);
    const supervisorId = headsBu
      ? executiveId
      : headsDept
        ? buHead.get(u.bu.id)!.id
        : (deptHead.get(u.dept.id) ?? buHead.get(u.bu.id))!.id;
    const e = await add('employee', {
      firstName,
      lastName,
      email:
        `${firstName}.${lastName}`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z.]/g, '') +
        (i >= demo.people.length ? i : '') +
        '@' +
        demo.domain,
      employeeNumber: `E${String(1000 + i)}`,
      jobTitle: headsBu ? `Head of ${u.bu.name}` : headsDept ? `${u.dept.name} Manager` : 'Officer',
      businessUnitId: u.bu.id,
      departmentId: u.dept.id,
      divisionId: u.div.id,
      sectionId: u.sec.id,
      subSectionId: u.sub.id,
      subSubSectionId: u.subsub.id,
      supervisorId,
      businessUnitHead: headsBu ? 'Yes' : 'No',
      departmentHead: headsDept ? 'Yes' : 'No',
    });
    if (headsBu) buHead.set(u.bu.id, e);
    if (headsDept) deptHead.set(u.dept.id, e);
    if (i < 2) signIns.push(String(e.email));
    // and the first officer under the second (Nusrat): a subordinate who must not read his manager's records
    else if (signIns.length === 3 && supervisorId === secondSignInId) signIns.push(String(e.email));
    if (i === 1) secondSignInId = Number(e.id);
    if (i > 1 && supervisorId === secondSignInId) officers.push(Number(e.id));
    // the third, a department head beside Nusrat: the QA member, the auditor and her peer in the 360 round
    if (i === 2) qaMember = Number(e.id);
  }

  const year = new Date().getUTCFullYear();
  const plan = await add('strategic-plan', {
    description: `Strategic Plan ${year}–${year + 4}`,
    startDate: `${year}-01-01`,
    endDate: `${year + 4}-12-31`,
    status: 'Active',
  });
  for (const name of DEMO_PERSPECTIVES) await add('perspective', { name, strategicPlanId: plan.id });
  for (const band of DEMO_RATING_BANDS) await add('rating-scale', { ...band, strategicPlanId: plan.id });

  // Performance: this year's annual plan, and a scorecard for each head with two KPIs and the first quarter's actuals;
  // the business unit heads' scorecards approved, the department heads' still in draft (the dashboard's items).
  const annualPlan = await add('annual-plan', {
    name: `FY${year}`,
    strategicPlanId: plan.id,
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    status: 'Active',
  });
  const scorecard = ctx.registry.entity('performance-scorecard');
  const heads = [...buHead.values(), ...deptHead.values()];
  const headCards: Row[] = [];
  for (const [i, head] of heads.entries()) {
    const card = await add('performance-scorecard', {
      name: `${head.firstName} ${head.lastName} FY${year}`,
      level: 'employee',
      employeeId: head.id,
      annualPlanId: annualPlan.id,
      includeKeyPerformanceArea: 'No',
    });
    headCards.push(card);
    const achieved = DEMO_ACHIEVEMENT[i % DEMO_ACHIEVEMENT.length];
    await add('performance-kpi', {
      scorecardId: card.id,
      name: 'Output against plan',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 60,
      target: 100,
      actual1: achieved[0],
      actual: achieved[0],
    });
    await add('performance-kpi', {
      scorecardId: card.id,
      name: 'Budget adherence',
      kpiType: 'Quantitative',
      optionType: 'ASC',
      weight: 40,
      target: 100,
      actual1: achieved[1],
      actual: achieved[1],
    });
    if (buHead.get(head.businessUnitId) === head) await runTransition(ctx, scorecard, 'approve', { id: card.id });
  }
  await seedMonthlyProgress(ctx, Number(annualPlan.id), headCards);
  const [qaEmail] = await ctx.tx.query<{ email: string }>(
    `SELECT email FROM employee WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, qaMember],
  );
  signIns.push(qaEmail.email);
  const cast: DemoCast = {
    companyId: Number(ctx.companyId),
    admin: executiveId,
    supervisor: Number(buHead.get(units[0].bu.id)!.id),
    manager: secondSignInId,
    officer: officers[0],
    secondOfficer: officers[1],
    qaMember,
  };
  return { signIns, cast, annualPlanId: Number(annualPlan.id) };
}
