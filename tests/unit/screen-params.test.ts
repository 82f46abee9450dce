import { describe, expect, it } from 'vitest';
import { boundValues, fillPath, routeParams } from '../../renderer/src/screens/screen-params.ts';
import type { ScreenMeta } from '../../renderer/src/meta/meta-types.ts';
import { recordAddress } from '../../renderer/src/screens/screen-links.ts';
import { childLink } from '../../renderer/src/screens/child-links.ts';

const pillars: ScreenMeta = {
  path: '/app/strategy-management/strategic-plan/:id/pillar',
  kind: 'list',
  entity: 'strategic-pillar',
  params: { id: 'strategicPlanId' },
};
const editPillar = {
  path: '/app/strategy-management/strategic-plan/:id/pillar/edit/:pillarId',
  params: { id: 'strategicPlanId', pillarId: 'id' },
};
const editObjective = {
  path: '/app/strategy-management/strategic-plan/:id/objective/edit/:objectiveId',
  params: { objectiveId: 'id' },
};

describe('screen parameters', () => {
  it('binds route parameters, then query parameters, to the fields the screen names, numbers as numbers', () => {
    expect(boundValues(pillars, '/app/strategy-management/strategic-plan/7/pillar', new URLSearchParams())).toEqual({
      strategicPlanId: 7,
    });
    const standard: ScreenMeta = {
      path: '/app/strategy-management/strategy-execution/standard',
      kind: 'list',
      params: { cardId: 'scorecardId' },
    };
    expect(boundValues(standard, standard.path, new URLSearchParams('cardId=12'))).toEqual({ scorecardId: 12 });
    expect(boundValues(standard, standard.path, new URLSearchParams())).toEqual({});
    expect(routeParams(pillars, '/app/strategy-management/strategic-plan/7/pillar')).toEqual({ id: '7' });
  });

  it("fills an edit path's parameters from the row (its id for the record) and the route the user is on", () => {
    const current = { id: '7' };
    expect(fillPath(editPillar, current, { id: 3, strategicPlanId: 7 }, 3)).toBe(
      '/app/strategy-management/strategic-plan/7/pillar/edit/3',
    );
    // an unbound :id is the route's, not the row's
    expect(fillPath(editObjective, current, { id: 42 }, 42)).toBe(
      '/app/strategy-management/strategic-plan/7/objective/edit/42',
    );
    // a path whose only parameter is :id takes the row's
    expect(fillPath({ path: '/app/strategy-management/annual-corporate-scorecards/:id/edit' }, {}, { id: 5 }, 5)).toBe(
      '/app/strategy-management/annual-corporate-scorecards/5/edit',
    );
  });

  it('fills an add path from the values the list is about, and gives up when one is missing', () => {
    const add = {
      path: '/app/strategy-management/annual-corporate-scorecards/:id/initiative/add',
      params: { id: 'scorecardId' },
    };
    expect(fillPath(add, {}, { scorecardId: 12 })).toBe(
      '/app/strategy-management/annual-corporate-scorecards/12/initiative/add',
    );
    expect(fillPath(add, {}, {})).toBeUndefined();
  });

  it('fills a parameter no field is bound to from the row field of its name, never an unbound :id from the row', () => {
    const execution = { path: '/app/strategic-projects/execution/projects/:id/:type', params: { id: 'id' } };
    expect(recordAddress(execution, {}, { id: 4, type: 'on-going' })).toBe(
      '/app/strategic-projects/execution/projects/4/on-going',
    );
    expect(recordAddress(editObjective, {}, { id: 42 })).toBeUndefined();
    expect(recordAddress({ path: '/app/actions-tracker/edit-committee' }, {}, { id: 9 })).toBe(
      '/app/actions-tracker/edit-committee?id=9',
    );
    // parameters about something else (the month) leave the record to ?id=
    expect(
      recordAddress(
        { path: '/app/strategy-management/strategy-execution/monthly/:month/edit' },
        { month: '1' },
        { id: 6, month: 1 },
      ),
    ).toBe('/app/strategy-management/strategy-execution/monthly/1/edit?id=6');
    expect(recordAddress(editPillar, { id: '7' }, { id: 3, strategicPlanId: 7 })).toBe(
      '/app/strategy-management/strategic-plan/7/pillar/edit/3',
    );
  });

  it("links a record's children to their list with the parent filled in, or not at all", () => {
    const contents = {
      path: '/app/audit-management/audit-plan/manage/:id/contents',
      kind: 'list' as const,
      params: { id: 'auditPlanId' },
    };
    expect(childLink(contents, 'auditPlanId', { id: 1 })).toBe('/app/audit-management/audit-plan/manage/1/contents');
    expect(childLink({ path: '/app/actions-tracker/members', kind: 'list' }, 'committeeId', { id: 3 })).toBe(
      '/app/actions-tracker/members?committeeId=3',
    );
    expect(
      childLink({ path: '/app/x/:id/y/:otherId', kind: 'list', params: { id: 'parentId' } }, 'parentId', { id: 3 }),
    ).toBeUndefined();
  });

  it('puts the parent in the query under the parameter a screen binds to it, where its route does not name it', () => {
    const addMilestone = {
      path: '/app/projects/add-milestone',
      kind: 'form' as const,
      params: { projectId: 'projectId' },
    };
    expect(childLink(addMilestone, 'projectId', { id: 5 })).toBe('/app/projects/add-milestone?projectId=5');
    const addObjective = {
      path: '/app/strategy-execution/annual-plans/add-objective',
      kind: 'form' as const,
      params: { annualPlanId: 'executionPlanId' },
    };
    expect(childLink(addObjective, 'executionPlanId', { id: 2 })).toBe(
      '/app/strategy-execution/annual-plans/add-objective?annualPlanId=2',
    );
  });
});
