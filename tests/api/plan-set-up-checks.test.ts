import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.ts';
import { startTestStratum, type Client, type Reply, type TestStratum } from '../support/test-stratum.ts';
import { reviewTeam } from '../support/review-team.ts';

const ok = (r: Reply) => expect(r.status, r.body.err_msg ?? '').toBe(200);

/**
 * What an administrator setting up a strategic and an annual plan relies on: the set-up screens can add what they list,
 * an annual scorecard has its annual plan, an annual plan lies inside its strategic plan and takes its quarters and
 * months with it when it moves, a rating band does not end below its start, and every score is a rating of the scale.
 */
describe.each(backends())('plan set-up checks on $name', (backend) => {
  let t: TestStratum;
  let exec: Client;
  let sam: Client;
  let emma: Client;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestStratum(backend);
    const team = await reviewTeam(t, 'Setupco');
    ({ exec, sam, emma } = team);
    Object.assign(id, team.id);
    id.plan = team.plan.id;
  });
  afterAll(() => t.close());

  it('offers a module admin the forms that add perspectives, rating bands and a strategic scorecard’s areas and KPIs', async () => {
    const meta = (await exec.get('meta')).body.data as {
      modules: { screens: { path: string; kind: string; entity?: string }[] }[];
      entities: { name: string; can: { add: boolean } }[];
    };
    const forms = meta.modules.flatMap((m) => m.screens).filter((s) => s.kind === 'form');
    for (const entity of ['perspective', 'rating-scale', 'key-performance-area', 'scorecard-kpi']) {
      expect(
        forms.some((s) => s.entity === entity && !/edit/.test(s.path)),
        `an add form of ${entity}`,
      ).toBe(true);
      expect(meta.entities.find((e) => e.name === entity)?.can.add, `${entity} may be added`).toBe(true);
    }
    const plan = (
      await exec.post('strategic-plan/add', { description: 'Set-up', startDate: '2026-01-01', endDate: '2030-12-31' })
    ).body.data.strategic;
    ok(await exec.post('perspective/add', { name: 'Customer', strategicPlanId: plan.id }));
    const card = (await exec.post('strategic-scorecard/add', { name: 'Plan card', strategicPlanId: plan.id })).body.data
      .scorecard;
    const area = await exec.post('key-performance-area/add', { name: 'Growth', scorecardId: card.id });
    ok(area);
    ok(
      await exec.post('scorecard-kpi/add', {
        name: 'Revenue',
        scorecardId: card.id,
        keyPerformanceAreaId: (Object.values(area.body.data)[0] as { id: number }).id,
        weight: 100,
      }),
    );
    const read = (await exec.get(`strategic-scorecard/${card.id}`)).body.data.scorecard;
    expect(
      read.keyPerformanceAreaList.map((a: { name: string; kpiList: { name: string }[] }) => [
        a.name,
        a.kpiList.map((k) => k.name),
      ]),
    ).toEqual([['Growth', ['Revenue']]]);
  });

  it('refuses a rating band whose maximum is below its minimum, naming the maximum', async () => {
    const plan = (
      await exec.post('strategic-plan/add', { description: 'Bands', startDate: '2026-01-01', endDate: '2030-12-31' })
    ).body.data.strategic;
    const r = await exec.post('rating-scale/add', {
      description: 'Upside down',
      rating: 1,
      min: 100,
      max: 50,
      strategicPlanId: plan.id,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors!.map((e: { field: string }) => e.field)).toEqual(['max']);
    const band = (
      await exec.post('rating-scale/add', { description: 'Poor', rating: 1, min: 0, max: 59, strategicPlanId: plan.id })
    ).body.data.ratingScale;
    const turned = await exec.post('rating-scale/update', { id: band.id, version: band.version, min: 60 });
    expect(turned.status).toBe(422);
    expect(turned.body.errors!.map((e: { field: string }) => e.field)).toEqual(['max']);
    ok(await exec.post('rating-scale/update', { id: band.id, version: band.version, max: 60, min: 60 }));
  });

  it('requires the annual plan of an annual corporate, unit, department or employee scorecard, and of no other', async () => {
    for (const level of ['corporate', 'business-unit', 'department', 'employee']) {
      const r = await exec.post('performance-scorecard/add', {
        name: `No plan ${level}`,
        level,
        period: 'Annual',
        ...(level === 'employee' ? { employeeId: id.emma } : {}),
      });
      expect(r.status, level).toBe(422);
      expect(r.body.errors).toEqual([
        {
          field: 'annualPlanId',
          message:
            'Annual plan is required when level is Corporate, Business unit, Department or Employee and period is Annual',
        },
      ]);
    }
    // the defaults (corporate, Annual) count
    expect(
      (await exec.post('performance-scorecard/add', { name: 'Defaults', level: 'corporate' })).body.errors,
    ).toEqual([{ field: 'annualPlanId', message: expect.stringMatching(/^Annual plan is required when/) }]);
    // a library scorecard (a template) and a periodic one need none
    ok(await exec.post('performance-scorecard/add', { name: 'Template', level: 'library', period: 'Annual' }));
    ok(
      await exec.post('performance-scorecard/add', {
        name: 'Periodic',
        level: 'corporate',
        period: 'Periodic',
        quarterIndex: 0,
      }),
    );
    const card = (
      await exec.post('performance-scorecard/add', { name: 'Company FY', level: 'corporate', annualPlanId: id.plan })
    ).body.data.scorecard;
    // nor may an update take the plan away
    const cleared = await exec.post('performance-scorecard/update', {
      id: card.id,
      version: card.version,
      annualPlanId: null,
    });
    expect(cleared.status).toBe(422);
    expect(cleared.body.errors![0].field).toBe('annualPlanId');
    // and the form knows when it asks for it
    const meta = (await exec.get('meta')).body.data.entities.find(
      (e: { name: string }) => e.name === 'performance-scorecard',
    );
    expect(meta.requiredWhen).toEqual([
      {
        field: 'annualPlanId',
        when: { level: ['corporate', 'business-unit', 'department', 'employee'], period: ['Annual'] },
      },
    ]);
  });

  it('refuses an annual plan whose dates fall outside its strategic plan’s, naming the fields by their labels', async () => {
    const vision = (
      await exec.post('strategic-plan/add', {
        description: 'Vision 2026–2030',
        startDate: '2026-01-01',
        endDate: '2030-12-31',
      })
    ).body.data.strategic;
    const early = await exec.post('annual-plan/add', {
      name: 'FY 2025',
      strategicPlanId: vision.id,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual([
      {
        field: 'startDate',
        message:
          'Start date (01/01/2025) must not be before the start date of its strategic plan (“Vision 2026–2030” runs from 01/01/2026 to 31/12/2030)',
      },
    ]);
    const late = await exec.post('annual-plan/add', {
      name: 'FY 2031',
      strategicPlanId: vision.id,
      startDate: '2030-07-01',
      endDate: '2031-06-30',
    });
    expect(late.body.errors!.map((e: { field: string; message: string }) => [e.field, e.message.slice(0, 8)])).toEqual([
      ['endDate', 'End date'],
    ]);
    expect((await exec.get(`annual-plan?strategicPlanId=${vision.id}`)).body.data.total).toBe(0);
    const fy = (
      await exec.post('annual-plan/add', {
        name: 'FY 2027',
        strategicPlanId: vision.id,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      })
    ).body.data.annualPlan;
    const moved = await exec.post('annual-plan/update', {
      id: fy.id,
      version: fy.version,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors![0].field).toBe('startDate');
  });

  it('moves the quarters (their windows with them) and the monthly periods when the annual plan’s dates move, each change audited', async () => {
    const vision = (
      await exec.post('strategic-plan/add', {
        description: 'Moving vision',
        startDate: '2026-01-01',
        endDate: '2030-12-31',
      })
    ).body.data.strategic;
    const fy = (
      await exec.post('annual-plan/add', {
        name: 'FY 2027',
        strategicPlanId: vision.id,
        startDate: '2027-01-01',
        endDate: '2027-12-31',
      })
    ).body.data.annualPlan;
    const quarters = async () => (await exec.get(`quarter?annualPlanId=${fy.id}&sort=quarterIndex`)).body.data.list;
    const periods = async () =>
      (await exec.get(`monthly-progress-period?annualPlanId=${fy.id}&sort=startDate&limit=50`)).body.data.list;
    const [q1] = await quarters();
    ok(
      await exec.post('quarter/update-assessment', {
        id: q1.id,
        version: q1.version,
        assessmentStartDate: '2027-03-20',
        assessmentEndDate: '2027-03-31',
      }),
    );
    const march = (await periods())[2];
    ok(await exec.post('monthly-progress-period/open', { id: march.id, version: march.version }));

    // a year later
    ok(
      await exec.post('annual-plan/update', {
        id: fy.id,
        version: fy.version,
        startDate: '2028-01-01',
        endDate: '2028-12-31',
      }),
    );
    const moved = await quarters();
    expect(moved.map((q: { startDate: string; endDate: string }) => [q.startDate, q.endDate])).toEqual([
      ['2028-01-01', '2028-03-31'],
      ['2028-04-01', '2028-06-30'],
      ['2028-07-01', '2028-09-30'],
      ['2028-10-01', '2028-12-31'],
    ]);
    expect(moved[0]).toMatchObject({ id: q1.id, assessmentStartDate: '2028-03-20', assessmentEndDate: '2028-03-31' });
    let months = await periods();
    expect(months.map((p: { month: string }) => p.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2028-${String(i + 1).padStart(2, '0')}`),
    );
    // the third month stays the third month, open as it was
    expect(months[2]).toMatchObject({
      id: march.id,
      month: '2028-03',
      startDate: '2028-03-01',
      endDate: '2028-03-31',
      status: 'Open',
    });

    // shorter and later: the plan's months follow, the one it no longer has goes
    const last = months[11];
    const now = (await exec.get(`annual-plan/${fy.id}`)).body.data.annualPlan;
    ok(
      await exec.post('annual-plan/update', {
        id: fy.id,
        version: now.version,
        startDate: '2028-02-15',
        endDate: '2028-12-31',
      }),
    );
    months = await periods();
    expect(months.map((p: { month: string }) => p.month)).toEqual(
      Array.from({ length: 11 }, (_, i) => `2028-${String(i + 2).padStart(2, '0')}`),
    );
    expect(months[0]).toMatchObject({ startDate: '2028-02-15', endDate: '2028-03-14' });
    expect(months[10]).toMatchObject({ month: '2028-12', startDate: '2028-12-15', endDate: '2028-12-31' });
    // the window moves with its quarter's start and keeps its length: it may end after the quarter (a quarter is assessed once over)
    expect((await quarters())[0]).toMatchObject({
      startDate: '2028-02-15',
      endDate: '2028-05-14',
      assessmentStartDate: '2028-05-04',
      assessmentEndDate: '2028-05-15',
    });

    // through the record store: every quarter and month has its audit entries
    const trail = (await exec.get(`audit-trail?entity=quarter&recordId=${q1.id}&sort=id`)).body.data.list;
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['add', 'update-assessment', 'update', 'update']);
    expect(trail[2].before).toMatchObject({ startDate: '2027-01-01' });
    expect(trail[2].after).toMatchObject({ startDate: '2028-01-01' });
    const monthTrail = (await exec.get(`audit-trail?entity=monthly-progress-period&recordId=${march.id}&sort=id`)).body
      .data.list;
    expect(monthTrail.map((e: { action: string }) => e.action)).toEqual(['add', 'open', 'update', 'update']);
    expect(
      (await exec.get(`audit-trail?entity=monthly-progress-period&recordId=${last.id}&sort=id`)).body.data.list.map(
        (e: { action: string }) => e.action,
      ),
    ).toEqual(['add', 'update', 'delete']);
  });

  it('takes only scores that are ratings of the plan’s scale', async () => {
    // the plan's strategic plan has no bands yet: the default 1..5
    const card = (
      await exec.post('performance-scorecard/add', {
        name: 'Emma FY',
        level: 'employee',
        annualPlanId: id.plan,
        employeeId: id.emma,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    const saved = await exec.post('performance-scorecard/save-kpis', {
      id: card.id,
      kpis: [
        { name: 'Sales', kpiType: 'Quantitative', weight: 60, target: 100 },
        { name: 'Culture', kpiType: 'Qualitative', weight: 40 },
      ],
    });
    ok(saved);
    const [sales, culture] = (saved.body.data.item.kpiList as { id: number; name: string }[]).sort((a, b) =>
      a.name === 'Sales' ? -1 : b.name === 'Sales' ? 1 : 0,
    );
    ok(await sam.post('performance-scorecard/approve', { id: card.id }));
    const assessment = (await sam.post('performance-assessment/add', { scorecardId: card.id, quarterIndex: 0 })).body
      .data.assessment;

    const self = (score: number) =>
      emma.post('performance-assessment/save-scores', {
        id: assessment.id,
        scores: [{ kpiId: sales.id, selfScore: score }],
      });
    for (const [score, message] of [
      [9, 'Self score must be between 1 and 5'],
      [0, 'Self score must be between 1 and 5'],
      [3.5, 'Self score must be a whole number between 1 and 5'],
    ] as const) {
      const r = await self(score);
      expect(r.status, String(score)).toBe(422);
      expect(r.body.errors).toEqual([{ field: 'scores.0.selfScore', message }]);
    }
    ok(await self(4));
    const manual = await sam.post('performance-assessment/save-scores', {
      id: assessment.id,
      scores: [{ kpiId: culture.id, manualRatingScore: 7 }],
    });
    expect(manual.body.errors).toEqual([
      { field: 'scores.0.manualRatingScore', message: 'Manual rating score must be between 1 and 5' },
    ]);
    // every row is judged, each refusal named by its row, so a screen can say it beside the KPI; nothing of the call is kept
    const two = await sam.post('performance-assessment/save-scores', {
      id: assessment.id,
      scores: [
        { kpiId: culture.id, manualRatingScore: 3, supervisorComment: 'fine' },
        { kpiId: sales.id, adjustedScore: 9 },
      ],
    });
    expect(two.status).toBe(422);
    expect(two.body.errors).toEqual([
      { field: 'scores.1.adjustedScore', message: 'Adjusted score must be between 1 and 5' },
    ]);
    expect(
      (await sam.get(`performance-assessment/${assessment.id}`)).body.data.assessment.kpiAssessmentList.find(
        (k: { kpiId: number }) => k.kpiId === culture.id,
      ),
    ).toBeUndefined();
    const bn = await sam.post('performance-assessment/save-scores?lang=bn', {
      id: assessment.id,
      scores: [{ kpiId: culture.id, manualRatingScore: 7 }],
    });
    expect(bn.body.errors![0].field).toBe('scores.0.manualRatingScore');
    expect(bn.body.errors![0].message).toContain('-এর মধ্যে হতে হবে');
    // an adjusted score of 0 adjusts nothing
    ok(
      await sam.post('performance-assessment/save-scores', {
        id: assessment.id,
        scores: [{ kpiId: culture.id, manualRatingScore: 4, adjustedScore: 0 }],
      }),
    );
    const entered = (await sam.get(`performance-assessment/${assessment.id}`)).body.data.assessment.kpiAssessmentList;
    expect(
      entered
        .map((k: { kpiId: number; selfScore: number | null; manualRatingScore: number | null }) => [
          k.kpiId,
          k.selfScore,
          k.manualRatingScore,
        ])
        .sort(),
    ).toEqual(
      [
        [sales.id, 4, null],
        [culture.id, null, 4],
      ].sort(),
    );

    // a scale of three bands: 1..3
    const strategicPlanId = (await exec.get(`annual-plan/${id.plan}`)).body.data.annualPlan.strategicPlanId;
    for (const rating of [1, 2, 3])
      ok(
        await exec.post('rating-scale/add', {
          description: `Band ${rating}`,
          rating,
          min: (rating - 1) * 50,
          max: rating * 50 - 1,
          target: rating * 50 - 1,
          strategicPlanId,
        }),
      );
    const five = await sam.post('performance-assessment/save-scores', {
      id: assessment.id,
      scores: [{ kpiId: culture.id, manualRatingScore: 5 }],
    });
    expect(five.body.errors).toEqual([
      { field: 'scores.0.manualRatingScore', message: 'Manual rating score must be between 1 and 3' },
    ]);
    // the screens take the scale's bounds from the score report, for their inputs' min and max
    expect(
      (await emma.get(`performance-scorecard/scores?annualPlanId=${id.plan}&scorecardId=${card.id}`)).body.data.scores
        .ratingRange,
    ).toEqual({ min: 1, max: 3 });
    // the scorecard editor's hand ratings too
    const hand = await exec.post('performance-scorecard/save-kpis', {
      id: card.id,
      kpis: [
        { id: sales.id, name: 'Sales', kpiType: 'Quantitative', weight: 60, target: 100 },
        { id: culture.id, name: 'Culture', kpiType: 'Qualitative', weight: 40, manualRatingScore: 2.5 },
      ],
    });
    expect(hand.status).toBe(409); // approved: the KPIs no longer change, whatever their ratings
    const draft = (
      await exec.post('performance-scorecard/add', {
        name: 'Draft FY',
        level: 'corporate',
        annualPlanId: id.plan,
        includeKeyPerformanceArea: 'No',
      })
    ).body.data.scorecard;
    const rated = await exec.post('performance-scorecard/save-kpis', {
      id: draft.id,
      kpis: [{ name: 'Culture', kpiType: 'Qualitative', weight: 100, manualRatingScore: 2.5 }],
    });
    expect(rated.status).toBe(422);
    expect(rated.body.errors).toEqual([
      { field: 'kpis.manualRatingScore', message: 'Manual rating score must be a whole number between 1 and 3' },
    ]);
  });
});
