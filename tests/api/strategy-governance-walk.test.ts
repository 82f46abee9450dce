import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../engine/hooks/performance/quarter-windows.ts';
import { backends } from '../support/backends.ts';
import { copyMetadata, editJson } from '../support/metadata-copy.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
const MODULES = [
  'performance',
  'audit-management',
  'strategic',
  'strategy-management',
  'strategy-execution',
  'strategic-projects',
  'risk-management',
  'actions-tracker',
  'personal-development',
  'projects',
  'organizational-survey',
];

/** What users met walking the strategy and governance modules with every module on, each fixed where it belongs. */
describe.each(backends())('strategy and governance walk-through on $name', (backend) => {
  let t: TestStratum;
  let exec: Client; // the executive: module admin of every module
  let aud: Client; // an auditor
  let man: Client; // an audit manager
  let app: Client; // a named approver
  let rec: Client; // an employee receiving a survey
  const id: Record<string, number> = {};
  const now = today();
  const first = (r: Reply) => {
    ok(r);
    return Object.values(r.body.data as Record<string, Record<string, any>>)[0];
  };
  const add = async (who: Client, entity: string, body: object) => first(await who.post(`${entity}/add`, body));
  const take = (who: Client, entity: string, action: string, recordId: number, extra: object = {}) =>
    who.post(`${entity}/${action}`, { id: recordId, ...extra });
  const read = async (who: Client, entity: string, recordId: number) => first(await who.get(`${entity}/${recordId}`));

  beforeAll(async () => {
    t = await startTestStratum(backend);
    exec = (await t.addCompany('Walkco', { modules: MODULES })).executive;
    aud = await t.addEmployee(exec, 'Ada', 'Auditor', 'ada@walkco.example');
    man = await t.addEmployee(exec, 'Max', 'Manager', 'max@walkco.example');
    app = await t.addEmployee(exec, 'Tanvir', 'Ahmed', 'tanvir@walkco.example');
    rec = await t.addEmployee(exec, 'Rea', 'Receiver', 'rea@walkco.example');
    for (const who of ['ada', 'max', 'tanvir', 'rea'])
      id[who] = (await exec.get(`employee?email=${who}@walkco.example`)).body.data.list[0].id;
    id.plan = (await add(exec, 'audit-plan', { name: 'Audit plan 2026', year: 2026 })).id;
    id.eng = (
      await add(exec, 'audit-engagement', {
        name: 'Procurement 2026',
        auditPlanId: id.plan,
        auditorId: id.ada,
        auditManagerId: id.max,
        approverId: id.tanvir,
        startDate: now,
        endDate: now,
      })
    ).id;
  });
  afterAll(() => t.close());

  describe('1. the customer satisfaction survey', () => {
    it('declares its answers as answers to the survey questions, which the receiver may read, and a send form that sends', async () => {
      const meta = (await rec.get('meta')).body.data;
      const response = meta.entities.find((e: { name: string }) => e.name === 'audit-survey-response');
      expect(response.schema.properties.answers['x-questions']).toEqual({
        entity: 'audit-survey-question',
        by: 'customerSatisfactionSurveyId',
        key: 'auditSurveyQuestionId',
        text: 'question',
        group: 'auditSurveyAreaId',
        scale: 'audit-survey-rating-scale',
        save: 'save',
      });
      for (const e of ['audit-survey-question', 'audit-survey-rating-scale', 'audit-survey-area'])
        expect(meta.entities.map((x: { name: string }) => x.name)).toContain(e);
      const screens = meta.modules.flatMap((m: { screens: { path: string }[] }) => m.screens);
      const screen = (path: string) =>
        t.stratum.registry.modules.get('audit-management')!.screens.find((s) => s.path === path)!;
      expect(screen('/app/audit-management/audit-report/customer-satisfaction-survey/:id/send').then).toBe(
        'send-survey',
      );
      for (const p of ['my-task/pending-survey/:id/:role', 'audit-report/customer-satisfaction-survey/:id/detail'])
        expect(screen(`/app/audit-management/${p}`).panels).toEqual(['QuestionAnswers']);
      expect(screens.length).toBeGreaterThan(0);
    });

    it('lets the receiver read the questions and the scale and answer them: save, then submit', async () => {
      const css = await add(exec, 'customer-satisfaction-survey', { name: 'Auditee survey' });
      for (const v of [1, 2, 3])
        await add(exec, 'audit-survey-rating-scale', {
          customerSatisfactionSurveyId: css.id,
          name: `Step ${v}`,
          value: v,
        });
      const q1 = await add(exec, 'audit-survey-question', {
        customerSatisfactionSurveyId: css.id,
        question: 'Was the audit professional?',
      });
      const s = await add(aud, 'audit-survey-response', {
        auditEngagementId: id.eng,
        customerSatisfactionSurveyId: css.id,
        receiverId: id.rea,
      });
      ok(await take(aud, 'audit-survey-response', 'send-survey', s.id));
      expect(
        (await rec.get(`audit-survey-question?customerSatisfactionSurveyId=${css.id}`)).body.data.list.map(
          (q: { question: string }) => q.question,
        ),
      ).toEqual(['Was the audit professional?']);
      expect(
        (
          await rec.get(`audit-survey-rating-scale?customerSatisfactionSurveyId=${css.id}&sort=value`)
        ).body.data.list.map((q: { value: number }) => q.value),
      ).toEqual([1, 2, 3]);
      const mine = await read(rec, 'audit-survey-response', s.id);
      expect(mine._allowed.transitions).toEqual(['save']);
      ok(
        await take(rec, 'audit-survey-response', 'save', s.id, {
          answers: [{ auditSurveyQuestionId: q1.id, value: 3, comment: 'Yes' }],
        }),
      );
      ok(await take(rec, 'audit-survey-response', 'submit', s.id));
      expect((await read(exec, 'audit-survey-response', s.id)).answers).toEqual([
        { auditSurveyQuestionId: q1.id, value: 3, comment: 'Yes' },
      ]);
    });

    it('refuses a send form whose then is not a transition from the initial state', async () => {
      const meta = copyMetadata();
      editJson(join(meta, 'modules/audit-management/module.json'), (m) => {
        // biome-ignore lint/suspicious/noThenProperty: a screen's `then` says where the user lands after saving
        m.screens.find((s: { path: string }) => s.path.endsWith('customer-satisfaction-survey/:id/send')).then =
          'submit';
      });
      const { loadRegistry } = await import('../../engine/metadata/loader.ts');
      const { hooks } = await import('../../engine/hooks/index.ts');
      expect(() => loadRegistry(meta, hooks)).toThrow(
        /"submit" is not a transition of audit-survey-response from its initial state/,
      );
    });
  });
  describe('2. the final audit report', () => {
    it('is refused before the audit reaches Reporting and while a finding awaits validation, with a plain message', async () => {
      const eng = await add(exec, 'audit-engagement', {
        name: 'Treasury 2026',
        auditPlanId: id.plan,
        auditorId: id.ada,
        auditManagerId: id.max,
        approverId: id.tanvir,
        startDate: now,
        endDate: now,
      });
      ok(await take(aud, 'audit-engagement', 'start-fieldwork', eng.id));
      const report = await add(aud, 'audit-report', { auditEngagementId: eng.id, title: 'Treasury audit report' });
      ok(await take(aud, 'audit-report', 'submit-draft', report.id));
      const early = await take(man, 'audit-report', 'make-final-report', report.id);
      expect(early.status).toBe(409);
      expect(early.body.err_msg).toBe(
        '“Make final report” is possible only when its audit is in Reporting (its fieldwork is done)',
      );
      // not offered, and the record carries why (the same refusal, to word in the reader's language)
      const waitingReport = await read(man, 'audit-report', report.id);
      expect(waitingReport._allowed.transitions).not.toContain('make-final-report');
      expect(waitingReport._allowed.awaiting['make-final-report']).toMatchObject({ key: 'refusal.condition.unmet' });
      const finding = await add(aud, 'audit-finding', {
        auditEngagementId: eng.id,
        title: 'Unreconciled accounts',
        observation: 'Two accounts were not reconciled',
        riskRating: 'High',
      });
      ok(await take(aud, 'audit-engagement', 'start-reporting', eng.id));
      const waiting = await take(man, 'audit-report', 'make-final-report', report.id);
      expect(waiting.status).toBe(409);
      expect(waiting.body.err_msg).toBe(
        'The final report cannot be issued while a finding awaits validation: “Unreconciled accounts”; validate or reject it first',
      );
      expect(await read(exec, 'audit-report', report.id)).toMatchObject({
        status: 'Submitted Draft',
        finalReportFileId: null,
      });
      ok(await take(man, 'audit-finding', 'validate', finding.id));
      ok(await take(man, 'audit-report', 'make-final-report', report.id));
      id.report = report.id;
    });

    it('is read-only once issued: _allowed.update and delete are false for everyone, update and delete are refused; recall opens it again', async () => {
      for (const who of [exec, aud, man])
        expect((await read(who, 'audit-report', id.report))._allowed).toMatchObject({ update: false, delete: false });
      const final = await read(man, 'audit-report', id.report);
      expect(final._allowed.transitions).toEqual(['recall-final-report']);
      const update = await man.post('audit-report/update', { id: id.report, version: final.version, title: 'Changed' });
      expect(update.status).toBe(409);
      expect(update.body.err_msg).toBe(
        'The audit report “Treasury audit report” is Final and can no longer be changed; “Recall final report” opens it again',
      );
      expect((await exec.post('audit-report/delete', { id: id.report })).status).toBe(409);
      const listed = (await man.get(`audit-report?id=${id.report}`)).body.data.list[0];
      expect(listed._allowed.update).toBe(false);
      ok(await take(man, 'audit-report', 'recall-final-report', id.report));
      expect((await read(man, 'audit-report', id.report))._allowed.update).toBe(true);
    });

    it('shows the follow-up report as a report: its screen is read-only', () => {
      const s = t.stratum.registry.modules
        .get('audit-management')!
        .screens.find((x) => x.path === '/app/audit-management/audit-report/follow-up-audit-reports/:id')!;
      expect(s.readOnly).toBe(true);
    });
  });
  describe('3. an administrator in place of the named approver', () => {
    it('says on the record that the administrator would accept in place of the approver, and the trail records the override', async () => {
      id.strategicPlan = (
        await add(exec, 'strategic-plan', {
          description: 'Vision 2030',
          startDate: '2026-01-01',
          endDate: '2030-12-31',
        })
      ).id;
      const plan = await add(exec, 'execution-plan', {
        name: 'FY 2026',
        strategicPlanId: id.strategicPlan,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        approverId: id.tanvir,
      });
      const asAdmin = await read(exec, 'execution-plan', plan.id);
      expect(asAdmin._allowed.transitions).toEqual(['accept']);
      expect(asAdmin._allowed.inPlaceOf).toEqual({ accept: 'Tanvir Ahmed' });
      const asApprover = await read(app, 'execution-plan', plan.id);
      expect(asApprover._allowed.transitions).toEqual(['accept']);
      expect(asApprover._allowed.inPlaceOf).toBeUndefined();
      // in lists too
      expect((await exec.get(`execution-plan?id=${plan.id}`)).body.data.list[0]._allowed.inPlaceOf).toEqual({
        accept: 'Tanvir Ahmed',
      });
      ok(await take(exec, 'execution-plan', 'accept', plan.id));
      const trail = (await exec.get(`audit-trail?entity=execution-plan&recordId=${plan.id}&sort=id`)).body.data
        .list as Record<string, unknown>[];
      expect(trail.map((x) => [x.action, x.inPlaceOfId ?? null, x.inPlaceOfName ?? null])).toEqual([
        ['add', null, null],
        ['accept', id.tanvir, 'Tanvir Ahmed'],
      ]);
      id.executionPlan = plan.id;
    });

    it('records no override when the named approver accepts himself', async () => {
      const plan = await add(exec, 'execution-plan', {
        name: 'FY 2027',
        strategicPlanId: id.strategicPlan,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        approverId: id.tanvir,
      });
      ok(await take(app, 'execution-plan', 'accept', plan.id));
      const trail = (await exec.get(`audit-trail?entity=execution-plan&recordId=${plan.id}&action=accept`)).body.data
        .list as Record<string, unknown>[];
      expect(trail.map((x) => [x.doneByName, x.inPlaceOfName ?? null])).toEqual([['Tanvir Ahmed', null]]);
    });

    it('keeps accepted and submitted items read-only: no Save, update refused, until reopened', async () => {
      const accepted = await read(exec, 'execution-plan', id.executionPlan);
      expect(accepted._allowed).toMatchObject({ update: false, delete: false, transitions: ['reopen'] });
      expect(
        (await exec.post('execution-plan/update', { id: id.executionPlan, version: accepted.version, name: 'Changed' }))
          .status,
      ).toBe(409);
      ok(await take(exec, 'execution-plan', 'reopen', id.executionPlan));
      expect((await read(exec, 'execution-plan', id.executionPlan))._allowed.update).toBe(true);
      const registry = t.stratum.registry;
      expect(registry.entity('performance-review').locks.map((l) => l.states)).toEqual([['Submitted', 'Accepted']]);
      // the approver of an audit item pending approval reads the auditor's text; nobody changes it while it waits
      expect(registry.entity('audit-working-paper').locks.map((l) => l.states)).toEqual([
        ['Pending Approval', 'Approved'],
      ]);
    });
  });
  describe('4. the user manual reader and the module labels', () => {
    it('lets the page embed only blob: objects (the PDF the reader fetched), and still forbids framing Stratum', async () => {
      const res = await t.app.request('/app/user-manuals/read/1');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/object-src blob:(;|$)/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/frame-src blob:(;|$)/);
      expect(csp).not.toMatch(/(object|frame)-src[^;]*(\*|https?:|'self')/);
    });

    it("names every module by its text in en, bn and de: the module's label is an i18n key (x-i18n)", async () => {
      const meta = (await t.holder.get('meta')).body.data;
      expect(meta.entities.find((e: { name: string }) => e.name === 'module').schema.properties.label['x-i18n']).toBe(
        true,
      );
      const modules = (await t.holder.get('module?limit=100')).body.data.list as { code: string; label: string }[];
      expect(modules.map((m) => m.code)).toContain('actions-tracker');
      const { messages } = t.stratum.registry;
      for (const lang of ['en', 'bn', 'de'] as const)
        expect(modules.filter((m) => !messages[lang][m.label]).map((m) => `${lang}:${m.label}`)).toEqual([]);
      expect(messages.en[modules.find((m) => m.code === 'actions-tracker')!.label]).toBe('Committees and resolutions');
    });
  });
  describe('5. sanity checks', () => {
    it('refuses strategic pillar weights that would total more than 100 in one plan, on add and on update', async () => {
      const plan = await add(exec, 'strategic-plan', {
        description: 'Vision 2035',
        startDate: '2026-01-01',
        endDate: '2035-12-31',
      });
      const a = await add(exec, 'strategic-pillar', { strategicPlanId: plan.id, name: 'Growth', weight: 60 });
      const over = await exec.post('strategic-pillar/add', { strategicPlanId: plan.id, name: 'People', weight: 60 });
      expect(over.status).toBe(422);
      expect(over.body.errors).toEqual([
        {
          field: 'weight',
          message:
            'Weight (%) is too high: the pillar records of one strategic plan may together come to at most 100; with this one they would come to 120',
        },
      ]);
      const b = await add(exec, 'strategic-pillar', { strategicPlanId: plan.id, name: 'People', weight: 40 });
      expect((await exec.post('strategic-pillar/update', { id: b.id, version: b.version, weight: 41 })).status).toBe(
        422,
      );
      ok(await exec.post('strategic-pillar/update', { id: a.id, version: a.version, weight: 50 }));
      ok(await exec.post('strategic-pillar/update', { id: b.id, version: b.version, weight: 50 }));
      // another plan's pillars are counted apart
      const other = await add(exec, 'strategic-plan', {
        description: 'Vision 2040',
        startDate: '2031-01-01',
        endDate: '2040-12-31',
      });
      ok(await exec.post('strategic-pillar/add', { strategicPlanId: other.id, name: 'Growth', weight: 100 }));
    });

    it("refuses a project milestone outside its project's dates", async () => {
      const project = await add(exec, 'project', {
        name: 'New warehouse',
        startDate: '2026-01-01',
        endDate: '2026-06-30',
      });
      const late = await exec.post('milestone/add', {
        projectId: project.id,
        name: 'Handover',
        startDate: '2026-06-01',
        endDate: '2026-07-31',
      });
      expect(late.status).toBe(422);
      expect(late.body.errors).toEqual([
        { field: 'endDate', message: 'End date must not be after the end date of its project (30/06/2026)' },
      ]);
      const early = await exec.post('milestone/add', {
        projectId: project.id,
        name: 'Survey',
        startDate: '2025-12-01',
        endDate: '2026-01-31',
      });
      expect(early.body.errors).toEqual([
        { field: 'startDate', message: 'Start date must not be before the start date of its project (01/01/2026)' },
      ]);
      const m = await add(exec, 'milestone', {
        projectId: project.id,
        name: 'Handover',
        startDate: '2026-06-01',
        endDate: '2026-06-30',
      });
      expect(
        (await exec.post('milestone/update', { id: m.id, version: m.version, endDate: '2026-07-01' })).status,
      ).toBe(422);
    });

    it("offers and admits only risk categories of the risk's kind", async () => {
      const meta = (await exec.get('meta')).body.data;
      expect(
        meta.entities.find((e: { name: string }) => e.name === 'risk').schema.properties.riskCategoryId['x-refMatch'],
      ).toEqual({ kind: 'kind' });
      const market = await add(exec, 'risk-category', { name: 'Market', kind: 'Strategic' });
      const process = await add(exec, 'risk-category', { name: 'Process', kind: 'Operational' });
      const wrong = await exec.post('risk/add', {
        name: 'New entrant',
        kind: 'Strategic',
        riskCategoryId: process.id,
        impact: 'Major',
        likelihood: 'Possible',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual([
        {
          field: 'riskCategoryId',
          message: 'Risk category is for risks of the kind Operational; this risk is of the kind Strategic',
        },
      ]);
      const risk = await add(exec, 'risk', {
        name: 'New entrant',
        kind: 'Strategic',
        riskCategoryId: market.id,
        impact: 'Major',
        likelihood: 'Possible',
      });
      expect(
        (await exec.post('risk/update', { id: risk.id, version: risk.version, riskCategoryId: process.id })).status,
      ).toBe(422);
    });

    it('flags a resolution past its due date and still open as Overdue, in reads, lists and a filter', async () => {
      const committee = await add(exec, 'committee', { name: 'Audit committee' });
      const late = await add(exec, 'resolution', {
        committeeId: committee.id,
        title: 'Rotate the auditor',
        dateTaken: '2025-01-01',
        dueDate: '2025-03-31',
      });
      const later = await add(exec, 'resolution', {
        committeeId: committee.id,
        title: 'Renew the charter',
        dateTaken: '2025-01-01',
        dueDate: '2099-12-31',
      });
      expect((await read(exec, 'resolution', late.id)).overdue).toBe('Yes');
      expect((await read(exec, 'resolution', later.id)).overdue).toBe('No');
      expect(
        (await exec.get(`resolution?committeeId=${committee.id}&overdue=Yes`)).body.data.list.map(
          (r: { title: string }) => r.title,
        ),
      ).toEqual(['Rotate the auditor']);
      expect(
        (await exec.get(`resolution?committeeId=${committee.id}&overdue=No`)).body.data.list.map(
          (r: { title: string }) => r.title,
        ),
      ).toEqual(['Renew the charter']);
      expect(t.stratum.registry.entity('resolution').list.columns).toContain('overdue');
    });
  });
  describe('6. every screen reached by a click', () => {
    const GOVERNANCE = [
      'strategic',
      'strategy-management',
      'strategic-projects',
      'strategy-execution',
      'audit-management',
      'actions-tracker',
      'risk-management',
      'projects',
    ];
    const params = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    type Screen = {
      path: string;
      kind: string;
      entity?: string;
      mode?: string;
      add?: string;
      params?: Record<string, string>;
    };
    const screens = () => [...t.stratum.registry.modules.values()].flatMap((m) => m.screens as Screen[]);
    const addFormOf = (entity: string, near: string) => {
      const all = screens().filter(
        (s) =>
          s.entity === entity && s.kind === 'form' && (s.mode ?? (/edit/i.test(s.path) ? 'edit' : 'add')) === 'add',
      );
      return all.find((s) => s.path.split('/')[2] === near.split('/')[2]) ?? all[0];
    };

    it("offers Add on every list whose add form's route parameters the list can fill", () => {
      const unfillable: string[] = [];
      for (const m of GOVERNANCE.map((id) => t.stratum.registry.modules.get(id)!))
        for (const s of m.screens as Screen[]) {
          if (s.kind !== 'list' || !s.entity) continue;
          const add = s.add ? screens().find((x) => x.path === s.add) : addFormOf(s.entity, s.path);
          if (!add) continue;
          const own = params(s.path);
          const bound = new Set(Object.values(s.params ?? {}));
          for (const p of params(add.path))
            if (!own.includes(p) && !(add.params?.[p] && bound.has(add.params[p])))
              unfillable.push(`${s.path} → ${add.path} (:${p})`);
        }
      expect(unfillable).toEqual([]);
    });

    it("offers Add in a record's child panels: every child's add form is filled from the parent", () => {
      const unfillable: string[] = [];
      for (const e of t.stratum.registry.entities.values()) {
        if (!GOVERNANCE.includes(e.module)) continue;
        for (const c of e.children) {
          const add = addFormOf(c.entity, `/app/${e.module}`);
          if (!add) continue;
          // bound to the child's reference to the parent, or to a field the parent carries too (an objective's plan, from its pillar)
          for (const p of params(add.path))
            if (add.params?.[p] !== c.via && !(add.params?.[p] && e.field.has(add.params[p])))
              unfillable.push(`${e.name}.${c.key} → ${add.path} (:${p})`);
        }
      }
      expect(unfillable).toEqual([]);
    });

    it('reads a strategic plan with its pillars, objectives, measures, initiatives and links, a project plan with its projects, an execution plan with its cycles and initiatives', async () => {
      const plan = await add(exec, 'strategic-plan', {
        description: 'Vision 2045',
        startDate: '2041-01-01',
        endDate: '2045-12-31',
      });
      const pillar = await add(exec, 'strategic-pillar', { strategicPlanId: plan.id, name: 'Growth', weight: 50 });
      const objective = await add(exec, 'pillar-objective', { pillarId: pillar.id, name: 'Grow revenue' });
      await add(exec, 'measure', { pillarObjectiveId: objective.id, name: 'Revenue' });
      const read1 = await read(exec, 'strategic-plan', plan.id);
      expect([
        read1.pillarList.length,
        read1.objectiveList.length,
        read1.measureList.length,
        read1.initiativeList.length,
        read1.linkList.length,
      ]).toEqual([1, 1, 1, 0, 0]);
      const registry = t.stratum.registry;
      expect(registry.entity('project-plan').children.map((c) => c.key)).toContain('projectList');
      // in the order of its lifecycle: the review cycles open once the plan is accepted
      expect(registry.entity('execution-plan').children.map((c) => c.key)).toEqual([
        'objectiveList',
        'initiativeList',
        'cycleList',
      ]);
    });
  });
  describe('7. personal development for ordinary employees and supervisors', () => {
    it('offers an employee My trainings and the training plans, and a supervisor the development of the reports, and they work', async () => {
      const boss = await t.addEmployee(exec, 'Sara', 'Supervisor', 'sara@walkco.example');
      const staff = await t.addEmployee(exec, 'Emil', 'Employee', 'emil@walkco.example');
      const sara = (await exec.get('employee?email=sara@walkco.example')).body.data.list[0];
      const emil = (await exec.get('employee?email=emil@walkco.example')).body.data.list[0];
      ok(await exec.post('employee/update', { id: emil.id, version: emil.version, supervisorId: sara.id }));
      const category = await add(exec, 'training-category', { name: 'Leadership' });
      const training = await add(exec, 'training', { name: 'Coaching', trainingCategoryId: category.id });
      const screensOf = async (who: Client) =>
        new Set(
          ((await who.get('meta')).body.data.modules as { screens: { path: string }[] }[]).flatMap((m) =>
            m.screens.map((x) => x.path),
          ),
        );
      const mine = await screensOf(staff);
      for (const path of [
        '/app/my-inbox/trainings',
        '/app/personal-development/my-trainings',
        '/app/personal-development/training-plans-executions',
        '/app/personal-development/training-plans-executions/requested',
      ])
        expect(mine, path).toContain(path);
      const supervisors = await screensOf(boss);
      for (const path of [
        '/app/personal-development/my-subordinate-personal-development/trainings',
        '/app/personal-development/my-subordinate-personal-development/trainings/requested',
      ])
        expect(supervisors, path).toContain(path);
      // the employee requests a training; it is in My trainings and in the supervisor's view of the reports
      const requested = await add(staff, 'employee-training', { employeeId: emil.id, trainingId: training.id });
      expect((await staff.get('employee-training?owner=me')).body.data.list.map((x: { id: number }) => x.id)).toEqual([
        requested.id,
      ]);
      expect(
        (await boss.get('employee-training?owner=reports&status=Requested')).body.data.list.map(
          (x: { id: number }) => x.id,
        ),
      ).toEqual([requested.id]);
      expect((await staff.get('employee-training?status=Requested')).status).toBe(200);
    });
  });
  describe('8. no raw ids', () => {
    it('names questions by their text, and the questionnaire answer columns apart', async () => {
      const registry = t.stratum.registry;
      const meta = (await exec.get('meta')).body.data;
      const entity = (name: string) => meta.entities.find((e: { name: string }) => e.name === name);
      for (const q of [
        'audit-questionnaire-question',
        'audit-survey-question',
        'organizational-survey-question',
        'survey-question',
      ])
        if (entity(q)) expect(entity(q).titleField, q).toBe('question');
      const answer = entity('audit-questionnaire-answer');
      const titles = answer.list.columns.map(
        (c: string) => registry.messages.en[answer.schema.properties[c]?.title ?? ''] ?? c,
      );
      expect(new Set(titles).size).toBe(titles.length);
      expect(titles).toEqual(expect.arrayContaining(['Answer', 'Yes or no']));
    });

    it("lists the audit report's PDF by its file name, not its id", async () => {
      expect(t.stratum.registry.entity('audit-report').list.columns).toContain('finalReportName');
      expect(t.stratum.registry.entity('audit-report').list.columns).not.toContain('finalReportFileId');
      {
        const eng = await add(exec, 'audit-engagement', {
          name: 'Fleet 2026',
          auditPlanId: id.plan,
          auditorId: id.ada,
          auditManagerId: id.max,
          approverId: id.tanvir,
          startDate: now,
          endDate: now,
        });
        ok(await take(aud, 'audit-engagement', 'start-fieldwork', eng.id));
        ok(await take(aud, 'audit-engagement', 'start-reporting', eng.id));
        const r = await add(aud, 'audit-report', { auditEngagementId: eng.id, title: 'Fleet audit report' });
        ok(await take(aud, 'audit-report', 'submit-draft', r.id));
        ok(await take(man, 'audit-report', 'make-final-report', r.id));
        const listed = (await exec.get(`audit-report?id=${r.id}`)).body.data.list[0];
        expect(listed.finalReportName).toBe('Fleet audit report.pdf');
        ok(await take(man, 'audit-report', 'recall-final-report', r.id));
        expect((await read(exec, 'audit-report', r.id)).finalReportName).toBeNull();
      }
    });

    it('shows an organisational survey quarter as Q1..Q4 wherever it is listed or chosen', () => {
      for (const e of [
        'organizational-survey-competency',
        'organizational-survey-question',
        'organizational-survey-reviewer',
        'organizational-survey-scale',
      ])
        expect((t.stratum.registry.entity(e).form.uiSchema as Record<string, unknown>).quarterIndex, e).toEqual({
          'ui:enumNames': ['Q1', 'Q2', 'Q3', 'Q4'],
        });
    });
  });
  describe("3b. a member of the record's team acts in their own right", () => {
    it('records no override when a resolution team member completes a resolution owned by someone else', async () => {
      const team = await add(exec, 'resolution-team', { name: 'Finance team' });
      const member = (await exec.get('employee?email=rea@walkco.example')).body.data.list[0].id;
      await exec.post('resolution-team-member/add', { resolutionTeamId: team.id, employeeId: member });
      const committee = await add(exec, 'committee', { name: 'Board' });
      const r = await add(exec, 'resolution', {
        committeeId: committee.id,
        title: 'Close the books',
        ownerId: id.tanvir,
        resolutionTeamId: team.id,
        dateTaken: '2026-01-01',
        dueDate: '2099-01-31',
      });
      const asMember = await read(rec, 'resolution', r.id);
      expect(asMember._allowed.transitions).toContain('start');
      expect(asMember._allowed.inPlaceOf).toBeUndefined();
      expect((await read(exec, 'resolution', r.id))._allowed.inPlaceOf).toMatchObject({ start: 'Tanvir Ahmed' });
      ok(await take(rec, 'resolution', 'start', r.id));
      const trail = (await exec.get(`audit-trail?entity=resolution&recordId=${r.id}&action=start`)).body.data
        .list as Record<string, unknown>[];
      expect(trail.map((x) => x.inPlaceOfName ?? null)).toEqual([null]);
    });
  });
});
