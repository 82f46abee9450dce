import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { isoDay } from '../support/iso-day.ts';
import { forgetTitles } from '../../engine/records/title-cache.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);
type Allowed = { update: boolean; delete: boolean; transitions: string[]; commands: string[] };

/**
 * "What may I do here": every record a caller reads carries what that caller may do with it now, and the answer is
 * the server's own: what it offers succeeds (no 403), what it leaves out is refused with 403. /meta offers only the
 * screens the caller can reach.
 */
describe.each(backends())('what may I do here on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client; // Emma's supervisor
  let emma: Client;
  let olga: Client; // a colleague of Emma's
  const id: Record<string, number> = {};
  let scorecard: { id: number; version: number };

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const c = await t.addCompany('Allowco', { modules: ['strategic', 'performance'] });
    exec = c.executive;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@allowco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@allowco.example');
    olga = await t.addEmployee(exec, 'Olga', 'Other', 'olga@allowco.example');
    for (const who of ['sam', 'emma', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@allowco.example`)).body.data.list[0].id;
    const e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    ok(await exec.post('employee/update', { id: id.emma, version: e.version, supervisorId: id.sam }));
    const strategic = (
      await exec.post('strategic-plan/add', {
        description: 'Vision 2030',
        startDate: isoDay(-400),
        endDate: isoDay(2000),
      })
    ).body.data.strategic;
    const plan = (
      await exec.post('annual-plan/add', {
        name: 'FY',
        strategicPlanId: strategic.id,
        startDate: isoDay(-10),
        endDate: isoDay(354),
      })
    ).body.data.annualPlan;
    const added = await exec.post('performance-scorecard/add', {
      name: 'Emma FY',
      level: 'employee',
      annualPlanId: plan.id,
      employeeId: id.emma,
    });
    ok(added);
    scorecard = added.body.data.performanceScorecard ?? Object.values(added.body.data)[0];
  });
  afterAll(() => t.close());

  const allowedOf = async (who: Client): Promise<Allowed> => {
    const r = await who.get(`performance-scorecard/${scorecard.id}`);
    ok(r);
    return (Object.values(r.body.data)[0] as { _allowed: Allowed })._allowed;
  };

  it('tells each caller what they may do with a Draft scorecard: the supervisor and an administrator approve, its owner does not', async () => {
    expect((await allowedOf(exec)).transitions).toEqual(['approve']);
    expect((await allowedOf(sam)).transitions).toEqual(['approve']);
    const own = await allowedOf(emma);
    expect(own.transitions).toEqual([]);
    expect(own.update).toBe(true);
    expect(own.commands).toContain('save-kpis');
    expect(own.commands).not.toContain('cascade');
    expect(own.commands).not.toContain('set-visible');
  });

  it('agrees with the server: what it leaves out is refused with 403, what it offers is not', async () => {
    const refused = await emma.post('performance-scorecard/approve', { id: scorecard.id });
    expect(refused.status).toBe(403);
    const setVisible = await emma.post('performance-scorecard/set-visible', {
      id: scorecard.id,
      version: scorecard.version,
      visible: 'Yes',
    });
    expect(setVisible.status).toBe(403);
    // a colleague cannot act on it at all
    const colleague = await olga.post('performance-scorecard/approve', { id: scorecard.id });
    expect(colleague.status).toBe(403);
    // the supervisor's offered approve is not refused for who he is (the weights check may still refuse the empty scorecard)
    const approve = await sam.post('performance-scorecard/approve', { id: scorecard.id });
    expect(approve.status).not.toBe(403);
  });

  it('sends the answer with list pages too, per row', async () => {
    const r = await sam.get('performance-scorecard?owner=reports');
    ok(r);
    const rows = r.body.data.list as { id: number; _allowed: Allowed }[];
    expect(rows.map((x) => x.id)).toContain(scorecard.id);
    for (const row of rows)
      expect(row._allowed).toMatchObject({
        update: expect.any(Boolean),
        delete: expect.any(Boolean),
        transitions: expect.any(Array),
        commands: expect.any(Array),
      });
  });

  it('offers an employee without admin access no set-up screens, and an administrator all of them', async () => {
    const paths = async (who: Client) =>
      (await who.get('meta')).body.data.modules.flatMap((m: { screens: { path: string }[] }) =>
        m.screens.map((s) => s.path),
      ) as string[];
    const mine = await paths(emma);
    // set-up, and the PM committee's work: the company's reviews and its progress
    const adminOnly = [
      '/app/settings/importEmployee',
      '/app/settings/organization-units/businessUnits',
      '/app/annual/list',
      '/app/strategic/perspectives',
      '/app/settings/role',
      '/app/performance/company-reviews',
      '/app/my-inbox/company-reviews/objectives',
      '/app/my-inbox/monthly-progress/company-progresses',
    ];
    for (const setUp of adminOnly) expect(mine, setUp).not.toContain(setUp);
    // her own work is there: her scorecards and her monthly progress
    expect(mine).toContain('/app/my-inbox/annual-employee-scorecards/scorecards');
    expect(mine).toContain('/app/my-inbox/monthly-progress/employee-progresses');
    // where she adds her agreement and her assessment
    expect(mine).toContain('/app/performance/agreements');
    expect(mine).toContain('/app/performance/employee-reviews');
    const theirs = await paths(exec);
    for (const setUp of adminOnly) expect(theirs, setUp).toContain(setUp);
  });

  it('lets every employee read a scorecard that belongs to no one (the library), never a colleague’s own', async () => {
    const library = await exec.post('performance-scorecard/add', {
      name: 'Library: sales officer',
      level: 'library',
      period: 'Annual',
    });
    ok(library);
    const libraryId = (Object.values(library.body.data)[0] as { id: number }).id;
    const listed = (await olga.get('performance-scorecard?limit=100')).body.data.list.map((x: { id: number }) => x.id);
    expect(listed).toContain(libraryId);
    expect(listed).not.toContain(scorecard.id);
    expect((await olga.get(`performance-scorecard/${libraryId}`)).status).toBe(200);
    expect((await olga.get(`performance-scorecard/${scorecard.id}`)).status).toBe(403);
  });

  it('offers no screen of a module the company does not use, also where another module shows it (the dashboard\u2019s project progress), and every one where it does', async () => {
    const progress = (meta: { modules: { screens: { path: string }[] }[] }) =>
      meta.modules.flatMap((m) => m.screens.map((s) => s.path)).filter((p) => p.startsWith('/app/dashboard/project'));
    for (const who of [exec, emma]) {
      expect(progress((await who.get('meta')).body.data)).toEqual([]);
      // what the screens would call is refused: the projects module is off for Allowco
      expect((await who.get('project/progress-report?of=tasks')).status).toBe(403);
    }
    const other = await t.addCompany('Projectco', { modules: ['projects'] });
    const pia = await t.addEmployee(other.executive, 'Pia', 'Projects', 'pia@projectco.example');
    for (const who of [other.executive, pia]) {
      expect(progress((await who.get('meta')).body.data)).toHaveLength(4);
      expect((await who.get('project/progress-report?of=tasks')).status).toBe(200);
    }
  });

  it('says with each list whether the caller may add there', async () => {
    const mayAdd = async (who: Client, entity: string) => (await who.get(`${entity}?limit=1`)).body.data.allowed.add;
    expect(await mayAdd(exec, 'business-unit')).toBe(true);
    expect(await mayAdd(emma, 'business-unit')).toBe(false);
    // a scorecard of her own she may add; quarters are the administrator's
    expect(await mayAdd(emma, 'performance-scorecard')).toBe(true);
    expect(await mayAdd(emma, 'quarter')).toBe(false);
    expect((await emma.post('business-unit/add', { name: 'Not mine to add' })).status).toBe(403);
  });

  it('names what a reference of a record points to (`_titles`), on the record and on its children', async () => {
    ok(
      await exec.post('performance-scorecard/save-kpis', {
        id: scorecard.id,
        keyPerformanceAreas: [
          { name: 'Growth', kpis: [{ name: 'Sales growth', kpiType: 'Quantitative', weight: 100, target: 10 }] },
        ],
      }),
    );
    const kpi = (await exec.get(`performance-kpi?scorecardId=${scorecard.id}`)).body.data.list[0];
    const assessment = (
      await exec.post('performance-assessment/add', { scorecardId: scorecard.id, quarterIndex: 0, type: 'Personal' })
    ).body.data.assessment;
    ok(await exec.post('kpi-assessment/add', { assessmentId: assessment.id, kpiId: kpi.id }));
    // her assessment's KPI scores name their KPI, as a KPI of her own scorecard (read by whoever reads the scorecard)
    const read = (await emma.get(`performance-assessment/${assessment.id}`)).body.data.assessment;
    expect(read._titles).toMatchObject({ scorecardId: 'Emma FY', employeeId: 'Emma Ployee' });
    expect(read.kpiAssessmentList.map((k: { _titles: Record<string, string> }) => k._titles.kpiId)).toEqual([
      'Sales growth',
    ]);
    // list pages too: one title per referenced record, whatever the number of rows
    const listed = (await sam.get('performance-scorecard?owner=reports')).body.data.list.find(
      (x: { id: number }) => x.id === scorecard.id,
    );
    expect(listed._titles).toMatchObject({ employeeId: 'Emma Ployee' });
  });

  it('names an employee’s organisation units and supervisor alike whether their titles are read afresh or remembered', async () => {
    // the units' names are read in one statement for all of them, the supervisor's computed full name apart
    // (engine/records/reference-titles.ts): each must be the record's own title, read afresh and from memory alike
    const unit = Object.values((await exec.post('business-unit/add', { name: 'Allow Operations' })).body.data)[0] as {
      id: number;
    };
    const department = Object.values(
      (await exec.post('department/add', { name: 'Allow Quality', businessUnitId: unit.id })).body.data,
    )[0] as { id: number };
    const before = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    ok(
      await exec.post('employee/update', {
        id: id.emma,
        version: before.version,
        businessUnitId: unit.id,
        departmentId: department.id,
      }),
    );
    forgetTitles();
    const fresh = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    const units: [string, string][] = [
      ['businessUnitId', 'business-unit'],
      ['departmentId', 'department'],
      ['divisionId', 'division'],
      ['sectionId', 'section'],
      ['subSectionId', 'sub-section'],
      ['subSubSectionId', 'sub-sub-section'],
    ];
    const expected: Record<string, string> = { supervisorId: 'Sam Super' };
    for (const [field, entity] of units)
      if (typeof fresh[field] === 'number')
        expected[field] = (
          Object.values((await exec.get(`${entity}/${fresh[field]}`)).body.data)[0] as { name: string }
        ).name;
    expect(expected).toMatchObject({ businessUnitId: 'Allow Operations', departmentId: 'Allow Quality' });
    expect(fresh._titles).toEqual(expected);
    const remembered = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    expect(remembered._titles).toEqual(expected);
    // a read by id asks its titles in the record's own statement (joined-titles.ts), a list apart: the same names
    forgetTitles();
    const listed = (await exec.get(`employee?departmentId=${department.id}`)).body.data.list.find(
      (e: { id: number }) => e.id === id.emma,
    );
    expect(listed._titles).toEqual(expected);
  });

  it('tells on a record which children the caller may add to it, and the server agrees', async () => {
    const assessment = (await exec.get(`performance-assessment?scorecardId=${scorecard.id}`)).body.data.list[0];
    const addChildren = async (who: Client) =>
      (await who.get(`performance-assessment/${assessment.id}`)).body.data.assessment._allowed.addChildren;
    // KPI scores are entered on the assessment's scores panel (save-scores); the plain add is the administrator's
    expect(await addChildren(exec)).toEqual(['kpiAssessmentList']);
    expect(await addChildren(emma)).toEqual([]);
    expect(await addChildren(sam)).toEqual([]);
    const kpi = (await exec.get(`performance-kpi?scorecardId=${scorecard.id}`)).body.data.list[0];
    expect(
      (await emma.post('kpi-assessment/add', { assessmentId: assessment.id, kpiId: kpi.id, comment: 'Mine' })).status,
    ).toBe(403);
  });

  it('describes, for an employee, the entities she reads only on her own or her reports’ records (the monthly progress page needs them)', async () => {
    const entities = (await emma.get('meta')).body.data.entities.map((e: { name: string }) => e.name);
    expect(entities).toContain('employee-progress');
  });
  it('takes comments on a scorecard and its KPIs only from those who may read it: its owner and her supervisor, not a peer or her report', async () => {
    const ursula = await t.addEmployee(exec, 'Ursula', 'Under', 'ursula@allowco.example');
    const uid = (await exec.get('employee?email=ursula@allowco.example')).body.data.list[0].id;
    const u = (await exec.get(`employee/${uid}`)).body.data.employee;
    ok(await exec.post('employee/update', { id: uid, version: u.version, supervisorId: id.emma }));
    const kpi = (await exec.get(`performance-kpi?scorecardId=${scorecard.id}`)).body.data.list[0];
    const comment = (who: string, text: string) => ({
      scorecardId: scorecard.id,
      quarterIndex: 0,
      kind: 'employee',
      comment: text,
      authorId: id[who],
    });
    const kpiComment = (who: string, text: string) => ({
      kpiId: kpi.id,
      quarterIndex: 0,
      kind: 'employee',
      comment: text,
      authorId: id[who],
    });
    id.ursula = uid;
    // those who read the scorecard comment on it
    ok(await emma.post('scorecard-comment/add', comment('emma', 'My own view')));
    ok(await sam.post('scorecard-comment/add', comment('sam', 'Her supervisor agrees')));
    ok(await emma.post('kpi-comment/add', kpiComment('emma', 'On track')));
    ok(await sam.post('kpi-comment/add', kpiComment('sam', 'Agreed')));
    // a peer and her own report may not read it, so they may not comment on it either, and the refusal says who may
    for (const [who, client] of [
      ['olga', olga],
      ['ursula', ursula],
    ] as const) {
      const refused = await client.post('scorecard-comment/add', comment(who, 'Peeking'));
      expect(refused.status, who).toBe(403);
      expect(refused.body.err_msg).toBe('Only whoever may read its scorecard may add scorecard comment records');
      expect((await client.post('kpi-comment/add', kpiComment(who, 'Peeking'))).status, who).toBe(403);
      expect((await client.get(`performance-scorecard/${scorecard.id}`)).status, who).toBe(403);
    }
    const de = await olga.raw('scorecard-comment/add', {
      method: 'POST',
      body: JSON.stringify(comment('olga', 'Peeking')),
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
    });
    expect(de.status).toBe(403);
    expect(de.body.err_msg).not.toBe('Only whoever may read its scorecard may add scorecard comment records');
    // nor may a comment of her own be moved onto a scorecard she may not read
    const { annualPlanId } = Object.values(
      (await exec.get(`performance-scorecard/${scorecard.id}`)).body.data as Record<string, { annualPlanId: number }>,
    )[0];
    const card = Object.values(
      (
        await exec.post('performance-scorecard/add', {
          name: 'Olga FY',
          level: 'employee',
          annualPlanId,
          employeeId: id.olga,
        })
      ).body.data as Record<string, { id: number }>,
    )[0];
    const own = (
      await olga.post('scorecard-comment/add', { ...comment('olga', 'On my own card'), scorecardId: card.id })
    ).body.data.comment;
    expect(
      (await olga.post('scorecard-comment/update', { id: own.id, version: own.version, scorecardId: scorecard.id }))
        .status,
    ).toBe(403);
    expect(
      (await emma.get(`scorecard-comment?scorecardId=${scorecard.id}`)).body.data.list
        .map((c: { comment: string }) => c.comment)
        .sort(),
    ).toEqual(['Her supervisor agrees', 'My own view']);
  });
});
