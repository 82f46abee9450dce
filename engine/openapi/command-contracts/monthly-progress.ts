import { integer, listOf, number, object, orNull, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

/** Monthly progress: the KPIs to enter progress on, the entries, the periods and the two reports (engine/hooks/performance/monthly-progress). */
export const monthlyProgressContracts: ContractSet = (records) => {
  const kpi = (e: string) => ({
    kpiId: integer,
    kpi: text,
    scorecardId: integer,
    scorecard: records.field('performance-scorecard', 'name'),
    target: records.field('performance-kpi', 'target'),
    weight: records.field('performance-kpi', 'weight'),
    optionType: records.field('performance-kpi', 'optionType'),
    id: { ...orNull(integer), description: 'the month’s progress entry, null while there is none' },
    version: orNull(integer),
    actual: records.field(e, 'actual'),
    percent: records.field(e, 'percent'),
    comment: records.field(e, 'comment'),
  });
  const period = {
    periodId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'monthly-progress-period' }, required: true },
  };
  return {
    'monthlyProgress.employeeKpis': {
      description:
        'The KPIs of an employee’s annual scorecards of the period’s plan, each with the progress recorded for that month.',
      query: {
        ...period,
        employeeId: {
          schema: { type: 'integer', minimum: 1, 'x-ref': 'employee' },
          description: 'whose KPIs (default: the caller)',
        },
      },
      reply: listOf(object(kpi('employee-progress'))),
    },
    'monthlyProgress.companyKpis': {
      description: 'The corporate, business unit and department KPIs of the period’s plan, with the month’s progress.',
      query: period,
      reply: listOf(object({ ...kpi('company-progress'), level: records.field('performance-scorecard', 'level') })),
    },
    'monthlyProgress.companyReport': {
      reply: object({
        list: listOf(
          object({
            periodId: integer,
            month: records.field('monthly-progress-period', 'month'),
            scorecardId: integer,
            scorecard: records.field('performance-scorecard', 'name'),
            kpiId: integer,
            kpi: text,
            target: records.field('performance-kpi', 'target'),
            actual: records.field('company-progress', 'actual'),
            percent: orNull(number),
            comment: records.field('company-progress', 'comment'),
          }),
        ),
      }),
    },
    'monthlyProgress.organisationalReport': {
      reply: object({
        list: listOf(
          object({
            businessUnitId: orNull(integer),
            businessUnit: orNull(text),
            departmentId: orNull(integer),
            department: orNull(text),
            employeesReporting: integer,
            entries: integer,
            averagePercent: orNull(number),
          }),
        ),
      }),
    },
    'monthlyProgress.setEmployeeProgress': { reply: listOf(records.row('employee-progress')) },
    'monthlyProgress.setCompanyProgress': { reply: listOf(records.row('company-progress')) },
    'monthlyProgress.makePeriods': {
      reply: listOf(
        object({
          id: integer,
          annualPlanId: integer,
          month: records.field('monthly-progress-period', 'month'),
          startDate: records.field('monthly-progress-period', 'startDate'),
          endDate: records.field('monthly-progress-period', 'endDate'),
          status: records.field('monthly-progress-period', 'status'),
          version: integer,
        }),
      ),
    },
  };
};
