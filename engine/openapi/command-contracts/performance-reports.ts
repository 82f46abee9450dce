import type { JsonSchema } from '../../metadata/registry.ts';
import { integer, listOf, number, object, orNull, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

/** A report's reply: its rows and how many there are (all of them, or the page's total where it pages). */
const rows = (row: Record<string, JsonSchema>, extra: Record<string, JsonSchema> = {}) =>
  object({ list: listOf(object(row)), total: integer, ...extra });
const unit = { type: 'string', description: 'the business unit or department (— for none)' };

/** The performance reports (engine/hooks/performance/reports): figures aggregated in SQL, declared as report commands. */
export const performanceReportContracts: ContractSet = (records) => {
  const scorecard = (f: string) => records.field('performance-scorecard', f);
  const kpi = (f: string) => records.field('performance-kpi', f);
  const agreement = records.field('performance-agreement', 'status');
  const assessment = records.field('performance-assessment', 'status');
  const organisation = { businessUnit: orNull(text), department: orNull(text) };
  const scored = { kpis: integer, weight: number, total: number, adjustedTotal: number };
  const completion = (statuses: string[]) =>
    rows({
      unit,
      ...Object.fromEntries(statuses.map((s) => [s.charAt(0).toLowerCase() + s.slice(1), integer])),
      total: integer,
      completedPercent: number,
    });
  const agreements = completion(['Pending', 'Disputed', 'Agreed']);
  const assessments = completion([
    'Open',
    'SelfAssessed',
    'Assessed',
    'Disputed',
    'ReferredBack',
    'Agreed',
    'Completed',
  ]);
  const reviews = rows({
    employeeId: integer,
    employee: text,
    scorecard: scorecard('name'),
    ...organisation,
    agreementStatus: orNull(agreement),
    assessmentStatus: orNull(assessment),
    selfScore: orNull(number),
    score: orNull(number),
    finalScore: orNull(number),
  });
  const employeeCards = rows({
    id: integer,
    name: scorecard('name'),
    status: scorecard('status'),
    employeeId: integer,
    employeeName: text,
    ...organisation,
    ...scored,
  });
  const organisationCards = {
    id: integer,
    name: scorecard('name'),
    level: scorecard('level'),
    status: scorecard('status'),
    quarterIndex: scorecard('quarterIndex'),
    ...organisation,
    ...scored,
  };
  return {
    'performanceReports.companyPerformance': {
      reply: rows({
        unit,
        scorecards: integer,
        averageScore: number,
        averageAdjustedScore: number,
        lowestScore: number,
        highestScore: number,
      }),
    },
    'performanceReports.companyPerformanceProgressive': {
      reply: rows({
        quarter: { enum: ['Q1', 'Q2', 'Q3', 'Q4'] },
        scorecards: integer,
        averageScore: orNull(number),
        cumulativeScore: number,
      }),
    },
    'performanceReports.annualPlanScorecards': { reply: rows(organisationCards) },
    'performanceReports.periodicCorporateScorecards': {
      reply: rows({ ...organisationCards, quarter: orNull({ enum: ['Q1', 'Q2', 'Q3', 'Q4'] }) }),
    },
    'performanceReports.strategicScorecards': {
      reply: rows({
        id: integer,
        name: records.field('strategic-scorecard', 'name'),
        status: records.field('strategic-scorecard', 'status'),
        ...scored,
      }),
    },
    'performanceReports.ceoPerformance': {
      reply: rows(
        { quarter: { enum: ['Q1', 'Q2', 'Q3', 'Q4'] }, total: number, adjustedTotal: number },
        {
          scorecard: orNull(
            object({ id: integer, name: scorecard('name'), level: scorecard('level'), employeeName: orNull(text) }),
          ),
        },
      ),
    },
    'performanceReports.employeeScorecards': { reply: employeeCards },
    'performanceReports.subordinateScorecards': { reply: employeeCards },
    'performanceReports.employeeKpaInitiatives': {
      reply: rows({
        employeeId: integer,
        employeeName: text,
        ...organisation,
        scorecardId: integer,
        scorecard: scorecard('name'),
        keyPerformanceAreaId: orNull(integer),
        keyPerformanceArea: orNull(text),
        weight: number,
        initiatives: integer,
        weightedScore: number,
        adjustedWeightedScore: number,
      }),
    },
    'performanceReports.kpaExport': {
      reply: rows({
        id: integer,
        employeeName: text,
        ...organisation,
        scorecard: scorecard('name'),
        keyPerformanceArea: orNull(text),
        kpi: kpi('name'),
        kpiType: kpi('kpiType'),
        optionType: kpi('optionType'),
        weight: orNull(number),
        target: orNull(number),
        actual: orNull(number),
        score: number,
        adjustedScore: number,
      }),
    },
    'performanceReports.performanceCurve': {
      reply: rows({
        band: { type: 'string', description: 'the rating and its percents: 3 (80–99 %)' },
        rating: integer,
        employees: integer,
        percent: number,
      }),
    },
    'performanceReports.employeePerformance': { reply: reviews },
    'performanceReports.myEmployeeReviews': { reply: reviews },
    'performanceReports.employeeAgreements': { reply: agreements },
    'performanceReports.pmCommitteeAgreements': { reply: agreements },
    'performanceReports.myAgreementsCompletion': { reply: agreements },
    'performanceReports.employeeAssessments': { reply: assessments },
    'performanceReports.pmCommitteeAssessments': { reply: assessments },
    'performanceReports.myAssessmentsCompletion': { reply: assessments },
    'performanceReports.assessmentScores': {
      reply: rows({
        unit,
        assessments: integer,
        averageSelfScore: orNull(number),
        averageScore: orNull(number),
        averageFinalScore: number,
        lowestScore: number,
        highestScore: number,
      }),
    },
    'performanceReports.myAssessmentScores': {
      reply: rows({
        employeeId: integer,
        employee: text,
        scorecard: scorecard('name'),
        status: assessment,
        selfScore: orNull(number),
        score: orNull(number),
        finalScore: number,
      }),
    },
  };
};
