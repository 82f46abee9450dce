import type { ModuleHookSet } from '../hook-registry.ts';
import { ceoPerformance } from './ceo-performance.ts';
import { companyPerformance, companyPerformanceProgressive } from './company-performance.ts';
import { employeeScorecards, subordinateScorecards } from './employee-scorecard-reports.ts';
import { employeeKpaInitiatives, kpaExport } from './kpa-reports.ts';
import { annualPlanScorecards, periodicCorporateScorecards } from './organisation-scorecard-reports.ts';
import { strategicScorecards } from './strategic-scorecard-report.ts';
import { performanceCurve } from './performance-curve.ts';
import * as review from './review-reports.ts';

/** The performance reports: figures aggregated in SQL, declared as report commands (`commands[].report`). */
export const performanceReportsHooks: ModuleHookSet = {
  command: {
    'performanceReports.performanceCurve': performanceCurve,
    'performanceReports.employeePerformance': review.employeePerformanceReport,
    'performanceReports.assessmentScores': review.assessmentScoreReport,
    'performanceReports.employeeAgreements': review.employeeAgreementReport,
    'performanceReports.employeeAssessments': review.employeeAssessmentReport,
    'performanceReports.pmCommitteeAgreements': review.pmCommitteeAgreementReport,
    'performanceReports.pmCommitteeAssessments': review.pmCommitteeAssessmentReport,
    'performanceReports.myAgreementsCompletion': review.myAgreementsCompletion,
    'performanceReports.myAssessmentsCompletion': review.myAssessmentsCompletion,
    'performanceReports.myEmployeeReviews': review.myEmployeeReviews,
    'performanceReports.myAssessmentScores': review.myAssessmentScores,
    'performanceReports.companyPerformance': companyPerformance,
    'performanceReports.companyPerformanceProgressive': companyPerformanceProgressive,
    'performanceReports.annualPlanScorecards': annualPlanScorecards,
    'performanceReports.periodicCorporateScorecards': periodicCorporateScorecards,
    'performanceReports.strategicScorecards': strategicScorecards,
    'performanceReports.ceoPerformance': ceoPerformance,
    'performanceReports.employeeScorecards': employeeScorecards,
    'performanceReports.subordinateScorecards': subordinateScorecards,
    'performanceReports.employeeKpaInitiatives': employeeKpaInitiatives,
    'performanceReports.kpaExport': kpaExport,
  },
};
