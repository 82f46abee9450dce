import {
  CASCADE_INPUT,
  COPY_FROM_LIBRARY_INPUT,
  DELETE_ALL_EMPLOYEE_INPUT,
} from '../../hooks/performance/scorecard-copy.ts';
import { SAVE_KPIS_INPUT } from '../../hooks/performance/scorecard-kpis.ts';
import { RATE_KPIS_INPUT, UPDATE_ACTUALS_INPUT } from '../../hooks/performance/scorecard-actuals.ts';
import { boolean, integer, listOf, number, object, orNull, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

const plan = (entity: string) => ({ type: 'integer', minimum: 1, 'x-ref': entity });

/** A scoring band of the plan's rating scale: a score (rating) for the percents from min to max. */
export const scoringBand = object({ rating: integer, min: number, max: number, target: number });

/** Performance scorecards: the KPI editor, actuals, the copies and the score report (engine/hooks/performance). */
export const performanceContracts: ContractSet = (records) => {
  const scorecard = (f: string) => records.field('performance-scorecard', f);
  return {
    'performance.saveKpis': {
      description:
        'Saves the scorecard’s key performance areas and KPIs as the editor holds them; the reply is the scorecard as read, with its areas and KPIs.',
      body: SAVE_KPIS_INPUT,
      reply: records.rowWithChildren('performance-scorecard'),
    },
    'performance.updateActuals': {
      description:
        'Sets the KPIs’ actuals of one quarter, inside its assessment window; hand ratings too, from whoever may rate-kpis.',
      body: UPDATE_ACTUALS_INPUT,
      reply: records.rowWithChildren('performance-scorecard'),
    },
    'performance.rateKpis': {
      description:
        'Sets the KPIs’ hand ratings (manual rating scores) inside a quarter’s assessment window: the supervisor’s or a module admin’s judgement, not the employee’s own.',
      body: RATE_KPIS_INPUT,
      reply: records.rowWithChildren('performance-scorecard'),
    },
    'performance.cascade': {
      description:
        'One linked copy of a corporate or unit scorecard for each business unit, department and employee named.',
      body: CASCADE_INPUT,
      reply: listOf(records.row('performance-scorecard')),
    },
    'performance.copyFromLibrary': {
      description: 'A library scorecard copied for one employee.',
      body: COPY_FROM_LIBRARY_INPUT,
      reply: records.row('performance-scorecard'),
    },
    'performance.deleteAllEmployeeScorecards': {
      description: 'Deletes every employee scorecard of an annual plan (annual or periodic).',
      body: DELETE_ALL_EMPLOYEE_INPUT,
      reply: object({ deleted: integer }),
    },
    'performance.currentAnnualPlan': {
      description:
        'The annual plan screens open on when none is named: of the plans with scorecards (else of all), the one whose period holds today, else the newest; null when the company has none.',
      reply: orNull(object({ id: integer, name: text })),
    },
    'performance.scores': {
      description:
        'The score report: a page of the plan’s scorecards the caller may read, each with its KPIs counted, their weight and its weighted totals for a quarter or the year.',
      query: {
        annualPlanId: {
          schema: plan('annual-plan'),
          description: 'this annual plan’s scorecards (or name operationalPlanId)',
        },
        operationalPlanId: {
          schema: plan('operational-plan'),
          description: 'this operational plan’s scorecards (or name annualPlanId)',
        },
        quarter: { schema: { type: 'integer', enum: [0, 1, 2, 3] }, description: 'Q1..Q4 = 0..3; none: the year' },
        level: { schema: scorecard('level') },
        period: { schema: { enum: ['Annual', 'Periodic'] } },
        scorecardId: { schema: plan('performance-scorecard') },
        limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
        offset: { schema: { type: 'integer', minimum: 0, default: 0 } },
      },
      reply: object({
        rows: listOf(
          object({
            id: integer,
            name: scorecard('name'),
            level: scorecard('level'),
            period: scorecard('period'),
            status: scorecard('status'),
            employeeId: orNull(integer),
            employeeName: { type: 'string', description: 'empty for a scorecard of no employee' },
            kpiCount: integer,
            weight: number,
            total: number,
            adjustedTotal: number,
          }),
        ),
        total: integer,
        limit: integer,
        offset: integer,
        quarter: orNull(integer),
        bands: listOf(scoringBand),
        mode: { enum: ['automatic', 'manual'] },
        averageTargetType: boolean,
        actualsWindows: listOf(object({ quarter: integer, from: orNull(text), to: orNull(text), open: boolean })),
        ratingRange: object({ min: integer, max: integer }),
      }),
    },
  };
};
