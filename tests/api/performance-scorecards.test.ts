import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type TestStratum } from '../support/test-stratum.ts';
import { appDay, isoDay } from '../support/iso-day.ts';

const ok = (r: { status: number; body: { err_msg: string | null } }) =>
  expect(r.status, r.body.err_msg ?? '').toBe(200);

describe.each(backends())('performance scorecards on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client; // Emma's supervisor
  let emma: Client;
  let olga: Client; // a colleague, later Emma's acting supervisor
  const id: Record<string, number> = {};
  let plan: { id: number };
  let quarters: Record<string, any>[];

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const c = await t.addCompany('Scoreco', { modules: ['strategic', 'performance'] });
    exec = c.executive;
    sam = await t.addEmployee(exec, 'Sam', 'Super', 'sam@scoreco.example');
    emma = await t.addEmployee(exec, 'Emma', 'Ployee', 'emma@scoreco.example');
    olga = await t.addEmployee(exec, 'Olga', 'Other', 'olga@scoreco.example');
    for (const who of ['sam', 'emma', 'olga'])
      id[who] = (await exec.get(`employee?email=${who}@scoreco.example`)).body.data.list[0].id;
    const e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    ok(await exec.post('employee/update', { id: id.emma, version: e.version, supervisorId: id.sam }));
    const strategic = (
      await exec.post('strategic-plan/add', {
        description: 'Vision 2030',
        startDate: isoDay(-400),
        endDate: isoDay(2000),
      })
    ).body.data.strategic;
    // the plan starts ten days ago, so that today lies in its first quarter
    const r = await exec.post('annual-plan/add', {
      name: 'FY',
      strategicPlanId: strategic.id,
      startDate: isoDay(-10),
      endDate: isoDay(354),
    });
    ok(r);
    plan = r.body.data.annualPlan;
  });
  afterAll(() => t.close());

  it('gives a new annual plan its four quarters, Q1..Q4 as 0..3, three months each', async () => {
    quarters = (await exec.get(`quarter?annualPlanId=${plan.id}&sort=quarterIndex`)).body.data.list;
    expect(quarters.map((q) => q.quarterIndex)).toEqual([0, 1, 2, 3]);
    expect(quarters[0].startDate).toBe(isoDay(-10));
    expect(quarters[3].endDate).toBe(isoDay(354));
    for (let i = 1; i < 4; i++) expect(quarters[i].startDate > quarters[i - 1].endDate).toBe(true);
  });

  it('refuses a window starting before its quarter or ending before it starts, naming the field; a window may run past the quarter, an agreement window opens inside it', async () => {
    const q = quarters[0];
    const before = await exec.post('quarter/update-assessment', {
      id: q.id,
      version: q.version,
      assessmentStartDate: isoDay(-20),
      assessmentEndDate: isoDay(0),
    });
    expect(before.status).toBe(422);
    expect(before.body.errors).toEqual([
      { field: 'assessmentStartDate', message: 'Assessment window starts must not be before Start date' },
    ]);
    // a quarter is assessed once it is over, and an agreement window often opens late: both may lie after the quarter's end
    const q4 = quarters[3];
    const late = await exec.post('quarter/update-assessment', {
      id: q4.id,
      version: q4.version,
      assessmentStartDate: isoDay(360),
      assessmentEndDate: isoDay(380),
    });
    ok(late);
    const stored = (await exec.get(`quarter/${q4.id}`)).body.data.quarter;
    expect(stored).toMatchObject({ assessmentStartDate: isoDay(360), assessmentEndDate: isoDay(380) });
    ok(
      await exec.post('quarter/update-agreement', {
        id: q4.id,
        version: stored.version,
        agreementStartDate: isoDay(300),
        agreementEndDate: isoDay(400),
      }),
    );
    // but an agreement window opens inside its quarter: the agreements made in that quarter wait for it
    const q1Late = await exec.post('quarter/update-agreement', {
      id: q.id,
      version: q.version,
      agreementStartDate: isoDay(300),
      agreementEndDate: isoDay(310),
    });
    expect(q1Late.status).toBe(422);
    expect(q1Late.body.errors).toEqual([
      { field: 'agreementStartDate', message: 'Agreement window starts must not be after End date' },
    ]);
    const backwards = await exec.post('quarter/update-agreement', {
      id: q.id,
      version: q.version,
      agreementStartDate: isoDay(1),
      agreementEndDate: isoDay(0),
    });
    expect(backwards.body.errors).toEqual([
      { field: 'agreementEndDate', message: 'Agreement window ends must not be before Agreement window starts' },
    ]);
    // an employee without admin access may not set windows
    expect(
      (
        await emma.post('quarter/update-assessment', {
          id: q.id,
          version: q.version,
          assessmentStartDate: isoDay(0),
          assessmentEndDate: isoDay(0),
        })
      ).status,
    ).toBe(403);
    expect((await exec.get(`quarter/${q.id}`)).body.data.quarter.version).toBe(q.version);
  });

  let corporate: Record<string, any>;
  it('builds a corporate scorecard, saved as far as it is built; approval asks for weights totalling 100', async () => {
    const r = await exec.post('performance-scorecard/add', {
      name: 'Company FY',
      level: 'corporate',
      annualPlanId: plan.id,
      includeKeyPerformanceArea: 'Yes',
    });
    ok(r);
    corporate = r.body.data.scorecard;
    expect(corporate.status).toBe('Draft');
    const tree = (weights: number[]) => ({
      id: corporate.id,
      keyPerformanceAreas: [
        {
          name: 'Customers',
          kpis: [
            {
              name: 'Satisfaction',
              kpiType: 'Quantitative',
              optionType: 'ASC',
              weight: weights[0],
              target: 100,
              baseline: 1234.5,
            },
            { name: 'Complaints', kpiType: 'Quantitative', optionType: 'DESC', weight: weights[1], target: 10 },
          ],
        },
        {
          name: 'People',
          kpis: [
            {
              name: 'Culture',
              kpiType: 'Qualitative',
              weight: weights[2],
              manualTarget: 'A better place',
              manualRatingScore: 4,
            },
          ],
        },
      ],
    });
    // a draft is saved as far as it is built: weights short of 100 too; approving it is what asks for 100
    ok(await exec.post('performance-scorecard/save-kpis', tree([30, 20, 40])));
    expect((await exec.get(`performance-kpi?scorecardId=${corporate.id}`)).body.data.total).toBe(3);
    const early = await exec.post('performance-scorecard/approve', { id: corporate.id });
    expect(early.status).toBe(422);
    expect(early.body.err_msg).toBe('This scorecard cannot be approved yet: the KPI weights total 90 instead of 100');
    // an employee without admin access cannot change a corporate scorecard
    expect((await emma.post('performance-scorecard/save-kpis', tree([30, 20, 50]))).status).toBe(403);
    const saved = await exec.post('performance-scorecard/save-kpis', tree([30, 20, 50]));
    ok(saved);
    const sc = saved.body.data.item;
    expect(sc.keyPerformanceAreaList.map((a: { name: string; weight: number }) => [a.name, a.weight])).toEqual([
      ['Customers', 50],
      ['People', 50],
    ]);
    expect(sc.keyPerformanceAreaList[0].kpiList.map((k: { name: string }) => k.name)).toEqual([
      'Satisfaction',
      'Complaints',
    ]);
    expect(sc.keyPerformanceAreaList[0].kpiList[0]).toMatchObject({ d_baseline: '1,234.5', d_target: '100' });
    // saving again with a KPI left out deletes it, and one changed is changed
    const first = sc.keyPerformanceAreaList[0];
    const again = await exec.post('performance-scorecard/save-kpis', {
      id: corporate.id,
      keyPerformanceAreas: [
        {
          id: first.id,
          name: 'Customers',
          kpis: [
            { id: first.kpiList[0].id, name: 'Satisfaction', weight: 30, target: 100 },
            { id: first.kpiList[1].id, name: 'Complaints', weight: 20, target: 10, optionType: 'DESC' },
          ],
        },
        {
          id: sc.keyPerformanceAreaList[1].id,
          name: 'People & culture',
          kpis: [
            {
              id: sc.keyPerformanceAreaList[1].kpiList[0].id,
              name: 'Culture',
              kpiType: 'Qualitative',
              weight: 50,
              manualRatingScore: 4,
            },
          ],
        },
      ],
    });
    ok(again);
    expect(again.body.data.item.keyPerformanceAreaList[1].name).toBe('People & culture');
    corporate = again.body.data.item;
  });

  let emmaCard: Record<string, any>;
  it('cascades the corporate scorecard to an employee, linking each KPI to the one it comes from', async () => {
    expect((await sam.post('performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.emma] })).status).toBe(
      403,
    );
    const r = await exec.post('performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.emma] });
    ok(r);
    const [made] = r.body.data.list;
    expect(made).toMatchObject({
      level: 'employee',
      employeeId: id.emma,
      cascadedFromId: corporate.id,
      annualPlanId: plan.id,
    });
    emmaCard = (await emma.get(`performance-scorecard/${made.id}`)).body.data.scorecard;
    const corporateKpis = corporate.keyPerformanceAreaList.flatMap((a: { kpiList: unknown[] }) => a.kpiList) as Record<
      string,
      any
    >[];
    const kpis = emmaCard.keyPerformanceAreaList.flatMap((a: { kpiList: unknown[] }) => a.kpiList) as Record<
      string,
      any
    >[];
    expect(kpis.map((k) => [k.name, k.aKpiId, k.aTarget, k.weight])).toEqual(
      corporateKpis.map((k) => [k.name, k.id, k.target, k.weight]),
    );
    const twice = await exec.post('performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.emma] });
    expect(twice.status).toBe(409);
    expect(twice.body.err_msg).toBe('This scorecard has already been cascaded to employee Emma Ployee');
    // an employee's scorecard is not cascaded further (cascade's declared condition), nor offered to be
    const further = await exec.post('performance-scorecard/cascade', { id: made.id, employeeIds: [id.sam] });
    expect(further.status).toBe(409);
    expect(further.body.err_msg).toBe(
      '“Cascade” is possible only when the scorecard is a corporate, business unit or department one',
    );
    expect((await exec.get(`performance-scorecard/${made.id}`)).body.data.scorecard._allowed.commands).not.toContain(
      'cascade',
    );
    expect((await exec.get(`performance-scorecard/${corporate.id}`)).body.data.scorecard._allowed.commands).toContain(
      'cascade',
    );
    // Emma sees it among her own; Sam among those he supervises; Olga in neither
    expect((await emma.get('performance-scorecard?owner=me')).body.data.list.map((s: { id: number }) => s.id)).toEqual([
      made.id,
    ]);
    expect(
      (await sam.get('performance-scorecard?owner=reports')).body.data.list.map((s: { id: number }) => s.id),
    ).toEqual([made.id]);
    expect((await olga.get('performance-scorecard?owner=reports')).body.data.list).toEqual([]);
  });

  it('refuses to cascade onto an employee who already has a scorecard for the plan, naming them, so none is counted twice', async () => {
    await t.addEmployee(exec, 'Pia', 'Present', 'pia@scoreco.example');
    const pia = (await exec.get('employee?email=pia@scoreco.example')).body.data.list[0].id;
    const own = (
      await exec.post('performance-scorecard/add', {
        name: 'Pia 2026',
        level: 'employee',
        employeeId: pia,
        annualPlanId: plan.id,
      })
    ).body.data.scorecard;
    const r = await exec.post('performance-scorecard/cascade', { id: corporate.id, employeeIds: [pia] });
    expect(r.status).toBe(409);
    expect(r.body.err_msg).toBe(
      'Pia Present already has a scorecard for this annual plan ("Pia 2026"); a second one would be counted twice. Add the KPIs to that scorecard, or delete it first and cascade again',
    );
    expect(
      (await exec.get(`performance-scorecard?employeeId=${pia}`)).body.data.list.map((s: { name: string }) => s.name),
    ).toEqual(['Pia 2026']);
    // the refusal is the whole call's: no copy for anyone named with her
    const both = await exec.post('performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.olga, pia] });
    expect(both.status).toBe(409);
    expect((await exec.get(`performance-scorecard?employeeId=${id.olga}`)).body.data.list).toEqual([]);
    ok(await exec.post('performance-scorecard/delete', { id: own.id }));
  });

  it('cascades a business unit’s scorecard only to its own departments and employees, naming any other', async () => {
    const unit = async (name: string) => (await exec.post('business-unit/add', { name })).body.data.business_unit.id;
    const [north, south] = [await unit('North'), await unit('South')];
    const inNorth = (await exec.post('department/add', { name: 'North field', businessUnitId: north })).body.data
      .department.id;
    const inSouth = (await exec.post('department/add', { name: 'South field', businessUnitId: south })).body.data
      .department.id;
    const person = async (firstName: string, businessUnitId: number) =>
      (await exec.post('employee/add', { firstName, lastName: 'Unit', businessUnitId })).body.data.employee.id;
    const [nora, sven] = [await person('Nora', north), await person('Sven', south)];
    const made = await exec.post('performance-scorecard/cascade', { id: corporate.id, businessUnitIds: [north] });
    ok(made);
    const northCard = made.body.data.list[0];
    expect(northCard).toMatchObject({ level: 'business-unit', businessUnitId: north, cascadedFromId: corporate.id });
    const refused = async (body: Record<string, number[]>) => {
      const r = await exec.post('performance-scorecard/cascade', { id: northCard.id, ...body });
      expect(r.status).toBe(409);
      return r.body.err_msg;
    };
    const rule = "A unit's scorecard is cascaded only to the units directly under it and to its own employees";
    expect(await refused({ employeeIds: [nora, sven] })).toBe(`Not part of North: Sven Unit. ${rule}`);
    expect(await refused({ departmentIds: [inSouth] })).toBe(`Not part of North: South field. ${rule}`);
    expect(await refused({ businessUnitIds: [south] })).toBe(`Not part of North: South. ${rule}`);
    // nothing was made by a refused call, not even for the one inside the unit
    expect((await exec.get(`performance-scorecard?employeeId=${nora}`)).body.data.list).toEqual([]);
    const down = await exec.post('performance-scorecard/cascade', {
      id: northCard.id,
      departmentIds: [inNorth],
      employeeIds: [nora],
    });
    ok(down);
    expect(
      down.body.data.list.map((s: Record<string, unknown>) => [
        s.level,
        s.departmentId ?? s.employeeId,
        s.cascadedFromId,
      ]),
    ).toEqual([
      ['department', inNorth, northCard.id],
      ['employee', nora, northCard.id],
    ]);
    // the same refusal in the caller's language
    const bn = await exec.post('performance-scorecard/cascade?lang=bn', { id: northCard.id, employeeIds: [sven] });
    expect(bn.body.err_msg).toBe(
      'North-এর অংশ নয়: Sven Unit। একটি ইউনিটের স্কোরকার্ড কেবল তার ঠিক নিচের ইউনিটগুলো ও তার নিজের কর্মীদের কাছে ক্যাসকেড করা যায়',
    );
    for (const s of [...down.body.data.list, northCard])
      ok(await exec.post('performance-scorecard/delete', { id: s.id }));
  });

  it('cascades down all six levels of the organisation, each unit’s scorecard to the units directly under it and its own people', async () => {
    const ids = async (entity: string, key: string, rows: Record<string, unknown>[]) => {
      const made: number[] = [];
      for (const row of rows) made.push((await exec.post(`${entity}/add`, row)).body.data[key].id);
      return made;
    };
    const [east, west] = await ids('business-unit', 'business_unit', [{ name: 'East' }, { name: 'West' }]);
    const [dept, deptWest] = await ids('department', 'department', [
      { name: 'East ops', businessUnitId: east },
      { name: 'West ops', businessUnitId: west },
    ]);
    const [division, divisionElsewhere] = await ids('division', 'division', [
      { name: 'Logistics', departmentId: dept },
      { name: 'West logistics', departmentId: deptWest },
    ]);
    const [section] = await ids('section', 'section', [{ name: 'Fleet', divisionId: division }]);
    const [subSection] = await ids('sub-section', 'sub_section', [{ name: 'Trucks', sectionId: section }]);
    const [subSub] = await ids('sub-sub-section', 'sub_sub_section', [
      { name: 'Heavy trucks', subSectionId: subSection },
    ]);
    const [driver] = await ids('employee', 'employee', [
      {
        firstName: 'Dora',
        lastName: 'Driver',
        businessUnitId: east,
        departmentId: dept,
        divisionId: division,
        sectionId: section,
        subSectionId: subSection,
        subSubSectionId: subSub,
      },
    ]);
    const chain: [string, string, number][] = [
      ['business-unit', 'businessUnitIds', east],
      ['department', 'departmentIds', dept],
      ['division', 'divisionIds', division],
      ['section', 'sectionIds', section],
      ['sub-section', 'subSectionIds', subSection],
      ['sub-sub-section', 'subSubSectionIds', subSub],
      ['employee', 'employeeIds', driver],
    ];
    const made: Record<string, any>[] = [];
    let from = corporate.id as number;
    for (const [level, input, target] of chain) {
      const r = await exec.post('performance-scorecard/cascade', { id: from, [input]: [target] });
      ok(r);
      const card = r.body.data.list[0];
      expect(card, level).toMatchObject({ level, cascadedFromId: from });
      // the copy keeps the source's KPIs
      const read = (await exec.get(`performance-scorecard/${card.id}`)).body.data.scorecard;
      expect(read._titles.cascadedFromId).toBe(corporate.name);
      made.push(card);
      from = card.id;
    }
    expect(
      made.map((c) => [c.level, c.subSubSectionId ?? c.subSectionId ?? c.sectionId ?? c.divisionId ?? null]),
    ).toEqual([
      ['business-unit', null],
      ['department', null],
      ['division', division],
      ['section', section],
      ['sub-section', subSection],
      ['sub-sub-section', subSub],
      ['employee', null],
    ]);
    // a department's scorecard goes to its own divisions, not another's, nor straight to a section
    const deptCard = made[1];
    const refused = await exec.post('performance-scorecard/cascade?lang=de', {
      id: deptCard.id,
      divisionIds: [divisionElsewhere],
      sectionIds: [section],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.err_msg).toBe(
      'Nicht Teil von East ops: West logistics, Fleet. Die Scorecard einer Einheit wird nur auf die Einheiten direkt unter ihr und auf ihre eigenen Mitarbeiter kaskadiert',
    );
    // the same division twice is refused by its name
    const twice = await exec.post('performance-scorecard/cascade', { id: deptCard.id, divisionIds: [division] });
    expect(twice.status).toBe(409);
    expect(twice.body.err_msg).toBe('This scorecard has already been cascaded to division Logistics');
    // the section's scorecard is read as the unit scorecards are: by a module admin, by the employee it is given to
    // and that employee's supervisor; not by a colleague
    const sectionCard = made[3];
    expect((await emma.get(`performance-scorecard/${sectionCard.id}`)).status).toBe(403);
    ok(
      await exec.post('performance-scorecard/update', {
        id: sectionCard.id,
        version: sectionCard.version,
        employeeId: id.emma,
      }),
    );
    ok(await emma.get(`performance-scorecard/${sectionCard.id}`));
    ok(await sam.get(`performance-scorecard/${sectionCard.id}`));
    expect((await olga.get(`performance-scorecard/${sectionCard.id}`)).status).toBe(403);
    expect(
      (await exec.get(`performance-scorecard?level=sub-sub-section&subSubSectionId=${subSub}`)).body.data.list.map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([made[5].id]);
    for (const c of made.reverse()) ok(await exec.post('performance-scorecard/delete', { id: c.id }));
  });

  it('lets only the roles of each transition approve and accept', async () => {
    const approveAsSelf = await emma.post('performance-scorecard/approve', { id: emmaCard.id });
    expect(approveAsSelf.status).toBe(403);
    expect(approveAsSelf.body.err_msg).toMatch(
      /Only that employee's supervisor or acting supervisor, or an employee with admin access/,
    );
    expect((await olga.post('performance-scorecard/approve', { id: emmaCard.id })).status).toBe(403);
    ok(await sam.post('performance-scorecard/approve', { id: emmaCard.id }));
    expect((await sam.post('performance-scorecard/accept', { id: emmaCard.id })).status).toBe(403);
    const accepted = await emma.post('performance-scorecard/accept', { id: emmaCard.id });
    ok(accepted);
    expect(accepted.body.data.scorecard.status).toBe('Accepted');
    // an accepted scorecard's KPIs no longer change
    const locked = await emma.post('performance-scorecard/save-kpis', { id: emmaCard.id, keyPerformanceAreas: [] });
    expect(locked.status).toBe(409);
    // save-kpis's declared condition (entity.json), in the caller's language
    expect(locked.body.err_msg).toBe('“Save KPIs” is possible only when “Status” is Draft');
    // its lock leaves the KPIs' actuals open (entered quarter by quarter) and nothing else, not even to an administrator
    const card = (await emma.get(`performance-scorecard/${emmaCard.id}`)).body.data.scorecard;
    expect(card._allowed).toMatchObject({
      update: true,
      fields: ['visible'],
      delete: false,
      lockedChildren: ['keyPerformanceAreaList', 'kpiList'],
    });
    expect(card._allowed.commands).not.toContain('save-kpis');
    const kpi = card.keyPerformanceAreaList[0].kpiList[0];
    const asAdmin = (await exec.get(`performance-kpi/${kpi.id}`)).body.data.kpi;
    expect(asAdmin._allowed).toMatchObject({
      update: true,
      delete: false,
      fields: ['actual', 'actual1', 'actual2', 'actual3', 'actual4', 'ytd', 'manualRatingScore'],
    });
    const reweighted = await exec.post('performance-kpi/update', { id: kpi.id, version: asAdmin.version, weight: 1 });
    expect(reweighted.status).toBe(409);
    expect(reweighted.body.err_msg).toMatch(
      new RegExp(
        `^The scorecard “${card.name}” is Accepted, so of this KPI only actual, .* can still be changed; “Accept back” opens it again$`,
      ),
    );
    const deleted = await exec.post('performance-scorecard/delete', { id: card.id });
    expect(deleted.body.err_msg).toBe(
      `The scorecard “${card.name}” is Accepted and can no longer be deleted; “Accept back” opens it again`,
    );
    expect((await emma.post('performance-scorecard/mid-term-accept', { id: emmaCard.id })).status).toBe(403);
    ok(await sam.post('performance-scorecard/mid-term-accept', { id: emmaCard.id }));
    const trail = (await exec.get(`audit-trail?entity=performance-scorecard&recordId=${emmaCard.id}&sort=id`)).body.data
      .list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'approve', 'accept', 'mid-term-accept']);
  });

  it("saves a half-built scorecard, and refuses to approve it with everything still missing, in the caller's language", async () => {
    const card = (
      await exec.post('performance-scorecard/add', {
        name: 'Half',
        level: 'corporate',
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'Yes',
      })
    ).body.data.scorecard;
    // an area without KPIs and a KPI without target yet: saved as they are
    const half = {
      id: card.id,
      keyPerformanceAreas: [
        { name: 'Growth', kpis: [{ name: 'Only one', kpiType: 'Quantitative', weight: 50.5 }] },
        { name: 'People', kpis: [] },
      ],
    };
    ok(await exec.post('performance-scorecard/save-kpis', half));
    const stored = (await exec.get(`performance-scorecard/${card.id}`)).body.data.scorecard;
    expect(
      stored.keyPerformanceAreaList.map((a: { name: string; kpiList: unknown[] }) => [a.name, a.kpiList.length]),
    ).toEqual([
      ['Growth', 1],
      ['People', 0],
    ]);
    const r = await exec.post('performance-scorecard/approve', { id: card.id });
    expect(r.status).toBe(422);
    expect(r.body.err_msg).toBe(
      'This scorecard cannot be approved yet: the key performance area “People” has no KPI, the KPI “Only one” has no target and the KPI weights total 50.5 instead of 100',
    );
    expect(r.body.errors?.map((e: { field: string }) => e.field)).toEqual(['kpiList']);
    const de = await exec.raw('performance-scorecard/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({ id: card.id }),
    });
    expect(de.body.err_msg).toBe(
      'Diese Scorecard kann noch nicht genehmigt werden: der Kernleistungsbereich „People“ hat keine KPI, die KPI „Only one“ hat keinen Zielwert und die KPI-Gewichtungen ergeben 50,5 statt 100',
    );
    expect((await exec.get(`performance-scorecard/${card.id}`)).body.data.scorecard.status).toBe('Draft');
  });

  it('takes actuals only inside the quarter’s assessment window, and scores them as the hooks say', async () => {
    const kpis = emmaCard.keyPerformanceAreaList.flatMap((a: { kpiList: unknown[] }) => a.kpiList) as Record<
      string,
      any
    >[];
    const actuals = [
      { kpiId: kpis[0].id, actual: 85 },
      { kpiId: kpis[1].id, actual: 8 },
    ];
    // a scorecard in no plan has no quarter to take actuals in: the command's declared condition refuses it, and does not offer it
    const planless = (
      await exec.post('performance-scorecard/add', {
        name: 'No plan',
        level: 'library',
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    const nowhere = await exec.post('performance-scorecard/update-actuals', {
      id: planless.id,
      quarter: 0,
      actuals: [],
    });
    expect(nowhere.status).toBe(409);
    expect(nowhere.body.err_msg).toMatch(
      /is possible only when the scorecard belongs to an annual plan or an operational plan/,
    );
    expect(
      (await exec.get(`performance-scorecard/${planless.id}`)).body.data.scorecard._allowed.commands,
    ).not.toContain('update-actuals');
    expect((await exec.get(`performance-scorecard/${emmaCard.id}`)).body.data.scorecard._allowed.commands).toContain(
      'update-actuals',
    );
    const unset = await emma.post('performance-scorecard/update-actuals', { id: emmaCard.id, quarter: 0, actuals });
    expect(unset.status).toBe(422);
    expect(unset.body.code).toBe('outside_window');
    expect(unset.body.err_msg).toBe('This can be done only in the assessment window of Q1, which has not been set');
    const q1 = (await exec.get(`quarter/${quarters[0].id}`)).body.data.quarter;
    ok(
      await exec.post('quarter/update-assessment', {
        id: q1.id,
        version: q1.version,
        assessmentStartDate: isoDay(0),
        assessmentEndDate: isoDay(0),
      }),
    );
    const q2 = quarters[1];
    ok(
      await exec.post('quarter/update-assessment', {
        id: q2.id,
        version: q2.version,
        assessmentStartDate: q2.startDate,
        assessmentEndDate: q2.endDate,
      }),
    );
    const early = await emma.post('performance-scorecard/update-actuals', { id: emmaCard.id, quarter: 1, actuals });
    expect(early.status).toBe(422);
    expect(early.body.err_msg).toBe(
      `This can be done only in the assessment window of Q2, ${appDay(q2.startDate)} to ${appDay(q2.endDate)}; today is ${appDay(isoDay(0))}`,
    );
    expect(
      (await olga.post('performance-scorecard/update-actuals', { id: emmaCard.id, quarter: 0, actuals })).status,
    ).toBe(403);
    // a hand rating is the supervisor's judgement (rate-kpis), not the employee's own: hers would count as his
    const rated = await emma.post('performance-scorecard/update-actuals', {
      id: emmaCard.id,
      quarter: 0,
      actuals: [...actuals, { kpiId: kpis[2].id, manualRatingScore: 4 }],
    });
    expect(rated.status).toBe(403);
    expect(rated.body.err_msg).toMatch(/may change the manual rating score of scorecard records$/);
    expect(
      (await emma.post('performance-scorecard/rate-kpis', { id: emmaCard.id, quarter: 0, ratings: [] })).status,
    ).toBe(403);
    const mayDo = async (who: Client) =>
      (await who.get(`performance-scorecard/${emmaCard.id}`)).body.data.scorecard._allowed.commands;
    expect(await mayDo(emma)).toEqual(expect.arrayContaining(['update-actuals']));
    expect(await mayDo(emma)).not.toContain('rate-kpis');
    expect(await mayDo(sam)).toEqual(expect.arrayContaining(['update-actuals', 'rate-kpis']));
    expect(await mayDo(exec)).toEqual(expect.arrayContaining(['update-actuals', 'rate-kpis']));
    // whether a scorecard is shown to everyone is the module admin's to set (set-visible), not its owner's by an update
    const own = (await emma.get(`performance-scorecard/${emmaCard.id}`)).body.data.scorecard;
    expect(own._allowed.readOnlyFields ?? []).toContain('visible');
    const shown = await emma.post('performance-scorecard/update', {
      id: emmaCard.id,
      version: own.version,
      visible: true,
    });
    expect(shown.status).toBe(403);
    expect((await emma.get(`performance-scorecard/${emmaCard.id}`)).body.data.scorecard.visible).toBe(false);
    const entered = await emma.post('performance-scorecard/update-actuals', { id: emmaCard.id, quarter: 0, actuals });
    ok(entered);
    ok(
      await sam.post('performance-scorecard/rate-kpis', {
        id: emmaCard.id,
        quarter: 0,
        ratings: [{ kpiId: kpis[2].id, manualRatingScore: 4 }],
      }),
    );
    const stored = entered.body.data.item.keyPerformanceAreaList[0].kpiList;
    expect(stored.map((k: { actual1: number; actual: number }) => [k.actual1, k.actual])).toEqual([
      [85, 85],
      [8, 8],
    ]);
    // default bands (59, 79, 99, 119, 1000): 85 % of target scores 3; 10 ÷ 8 = 125 % scores 5; the qualitative KPI its hand rating, 4
    // weighted: (3 × 30 + 5 × 20 + 4 × 50) ÷ 100 = 3.9
    const scores = await exec.get(`performance-scorecard/scores?annualPlanId=${plan.id}&quarter=0&level=employee`);
    ok(scores);
    expect(scores.body.data.scores.rows).toEqual([
      expect.objectContaining({
        id: emmaCard.id,
        employeeName: 'Emma Ployee',
        kpiCount: 3,
        weight: 100,
        total: 3.9,
        adjustedTotal: 3.9,
      }),
    ]);
    expect(scores.body.data.scores.bands.map((b: { min: number }) => b.min)).toEqual([0, 60, 80, 100, 120]);
  });

  it('offers an employee Add only where they may add: their own scorecards, not the corporate, operational or library ones, which they cannot add naming themselves either', async () => {
    const mayAdd = async (who: Client, query: string) =>
      (await who.get(`performance-scorecard?limit=1&${query}`)).body.data.allowed.add;
    expect(await mayAdd(emma, 'period=Annual&owner=me')).toBe(true);
    expect(await mayAdd(sam, 'period=Annual&owner=reports')).toBe(true);
    for (const level of ['corporate', 'operational', 'library']) {
      expect(await mayAdd(emma, `level=${level}`), level).toBe(false);
      expect(await mayAdd(sam, `level=${level}`), level).toBe(false);
      expect(await mayAdd(exec, `level=${level}`), level).toBe(true);
      // the list's answer is the add's: naming herself does not make a corporate scorecard hers
      const refused = await emma.post('performance-scorecard/add', {
        name: `Mine ${level}`,
        level,
        period: 'Periodic',
        employeeId: id.emma,
      });
      expect(refused.status, level).toBe(403);
    }
    expect(await mayAdd(emma, 'level=employee')).toBe(true);
    const own = await emma.post('performance-scorecard/add', {
      name: 'Mine',
      level: 'functional',
      period: 'Periodic',
      employeeId: id.emma,
    });
    ok(own);
    // her own scorecard she reads; a corporate one that names her is not hers to read by that
    expect((await emma.get(`performance-scorecard/${own.body.data.scorecard.id}`)).status).toBe(200);
    const named = await exec.post('performance-scorecard/add', {
      name: 'Corporate naming Emma',
      level: 'corporate',
      period: 'Periodic',
      employeeId: id.emma,
    });
    ok(named);
    expect((await emma.get(`performance-scorecard/${named.body.data.scorecard.id}`)).status).toBe(403);
    expect(
      (await emma.get('performance-scorecard?level=corporate')).body.data.list.map((s: { id: number }) => s.id),
    ).not.toContain(named.body.data.scorecard.id);
    // the later tests count Emma's scorecards: these two go again
    for (const made of [own.body.data.scorecard, named.body.data.scorecard])
      ok(await exec.post('performance-scorecard/delete', { id: made.id, version: made.version }));
  });

  it('copies a library scorecard for an employee, and lets an acting supervisor stand in', async () => {
    // Emma's annual scorecard of the plan is cascaded: an annual copy would be her second one, counted twice
    const annual = (
      await exec.post('performance-scorecard/add', {
        name: 'Annual sales rep',
        level: 'library',
        annualPlanId: plan.id,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    const second = await exec.post('performance-scorecard/copy-from-library', {
      libraryId: annual.id,
      employeeId: id.emma,
    });
    expect(second.status).toBe(409);
    expect(second.body.err_msg).toMatch(/^Emma Ployee already has a scorecard for this annual plan/);
    ok(await exec.post('performance-scorecard/delete', { id: annual.id }));
    // a quarter's scorecard is hers to have beside it
    const lib = (
      await exec.post('performance-scorecard/add', {
        name: 'Sales rep',
        level: 'library',
        annualPlanId: plan.id,
        period: 'Periodic',
        quarterIndex: 0,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    ok(
      await exec.post('performance-scorecard/save-kpis', {
        id: lib.id,
        kpis: [{ name: 'Revenue', weight: 100, target: 1000 }],
      }),
    );
    expect(
      (await olga.post('performance-scorecard/copy-from-library', { libraryId: lib.id, employeeId: id.emma })).status,
    ).toBe(403);
    const e = (await exec.get(`employee/${id.emma}`)).body.data.employee;
    ok(
      await exec.post('employee/set-acting-supervisor', {
        id: id.emma,
        version: e.version,
        actingSupervisorId: id.olga,
      }),
    );
    const copy = await olga.post('performance-scorecard/copy-from-library', { libraryId: lib.id, employeeId: id.emma });
    ok(copy);
    expect(copy.body.data.item).toMatchObject({ level: 'employee', employeeId: id.emma, cascadedFromId: null });
    // KPIs are read with their scorecard (a plain employee does not list KPIs)
    const kpis = (await olga.get(`performance-scorecard/${copy.body.data.item.id}`)).body.data.scorecard.kpiList;
    expect(kpis).toEqual([expect.objectContaining({ name: 'Revenue', weight: 100, target: 1000, aKpiId: null })]);
    expect((await olga.get('performance-scorecard?owner=reports')).body.data.total).toBe(2);
  });

  it('keeps comments to their authors', async () => {
    const kpiId = emmaCard.keyPerformanceAreaList[0].kpiList[0].id;
    ok(
      await emma.post('kpi-comment/add', {
        kpiId,
        quarterIndex: 0,
        kind: 'employee',
        comment: 'On track',
        authorId: id.emma,
      }),
    );
    expect(
      (
        await emma.post('kpi-comment/add', {
          kpiId,
          quarterIndex: 0,
          kind: 'employee',
          comment: 'Forged',
          authorId: id.sam,
        })
      ).status,
    ).toBe(403);
    expect(
      (await exec.get(`kpi-comment?kpiId=${kpiId}`)).body.data.list.map((c: { comment: string }) => c.comment),
    ).toEqual(['On track']);
  });

  it('deletes all employee scorecards of a plan, leaving the corporate ones, with an audit entry each', async () => {
    expect((await emma.post('performance-scorecard/delete-all-employee', { annualPlanId: plan.id })).status).toBe(403);
    // a scorecard its workflow has locked (Emma's, mid-term accepted) is not deleted, and then none is: all or none
    const refused = await exec.post('performance-scorecard/delete-all-employee', {
      annualPlanId: plan.id,
      period: 'Annual',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.err_msg).toMatch(/is Mid-term accepted and can no longer be deleted/);
    expect((await exec.get(`performance-scorecard?annualPlanId=${plan.id}&level=employee`)).body.data.total).toBe(2);
    // a plan whose employee scorecards are still drafts: they go, with their KPIs, each with its audit entry
    const strategicPlanId = (await exec.get(`annual-plan/${plan.id}`)).body.data.annualPlan.strategicPlanId;
    const next = (
      await exec.post('annual-plan/add', {
        name: 'FY+1',
        strategicPlanId,
        startDate: isoDay(400),
        endDate: isoDay(764),
      })
    ).body.data.annualPlan;
    const corporate = (
      await exec.post('performance-scorecard/add', {
        name: 'Company FY+1',
        level: 'corporate',
        period: 'Annual',
        annualPlanId: next.id,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    ok(
      await exec.post('performance-scorecard/save-kpis', {
        id: corporate.id,
        kpis: [
          { name: 'Revenue', weight: 60, target: 1000 },
          { name: 'Margin', weight: 40, target: 20 },
        ],
      }),
    );
    ok(await exec.post('performance-scorecard/cascade', { id: corporate.id, employeeIds: [id.emma, id.sam] }));
    const drafts = (await exec.get(`performance-scorecard?annualPlanId=${next.id}&level=employee`)).body.data.list.map(
      (c: { id: number }) => c.id,
    );
    const r = await exec.post('performance-scorecard/delete-all-employee', { annualPlanId: next.id, period: 'Annual' });
    ok(r);
    expect(r.body.data.item).toEqual({ deleted: 2 });
    expect((await exec.get(`performance-scorecard?annualPlanId=${next.id}&level=employee`)).body.data.total).toBe(0);
    expect((await exec.get(`performance-scorecard?annualPlanId=${next.id}&level=corporate`)).body.data.total).toBe(1);
    for (const card of drafts) {
      const trail = (await exec.get(`audit-trail?entity=performance-scorecard&recordId=${card}&sort=id`)).body.data
        .list;
      expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'delete-all-employee']);
    }
    const kpiTrail = (await exec.get(`audit-trail?entity=performance-kpi&action=delete-all-employee`)).body.data.list;
    expect(kpiTrail.map((e: { before: { scorecardId: number } }) => e.before.scorecardId).sort()).toEqual(
      [...drafts, ...drafts].sort(),
    );
  });
});
