import { oneScorecardPerPlan } from './one-scorecard-per-plan.ts';
import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { checkAnnualPlanDates } from './annual-plan-dates.ts';
import { displayBaseline, displayTarget, displayTargetDate, displayYtd } from './kpi-display.ts';
import { createQuarters } from './quarter-dates.ts';
import { rateKpis, updateActuals } from './scorecard-actuals.ts';
import { cascade, copyFromLibrary, deleteAllEmployeeScorecards } from './scorecard-copy.ts';
import { saveKpis } from './scorecard-kpis.ts';
import { scores } from './scorecard-scores.ts';
import { checkWeights } from './scorecard-weights.ts';
import { createPlanCalendar, makePeriods } from './monthly-progress/month-periods.ts';
import { checkCompanyProgress, checkEmployeeProgress } from './monthly-progress/progress-checks.ts';
import { setCompanyProgress, setEmployeeProgress } from './monthly-progress/progress-entry.ts';
import { companyKpis, employeeKpis } from './monthly-progress/progress-kpis.ts';
import { companyReport, organisationalReport } from './monthly-progress/progress-reports.ts';
import { checkDevelopmentArea } from './plan/development-area-rules.ts';
import { checkPlanOpen, setPerformancePlan } from './plan/performance-plan-set.ts';
import { currentAnnualPlan } from './plan/current-annual-plan.ts';
import { ceoPerformance } from './reports/ceo-performance.ts';
import { companyPerformance, companyPerformanceProgressive } from './reports/company-performance.ts';
import { employeeScorecards, subordinateScorecards } from './reports/employee-scorecard-reports.ts';
import { employeeKpaInitiatives, kpaExport } from './reports/kpa-reports.ts';
import { annualPlanScorecards, periodicCorporateScorecards } from './reports/organisation-scorecard-reports.ts';
import { performanceCurve } from './reports/performance-curve.ts';
import * as review from './reports/review-reports.ts';
import { strategicScorecards } from './reports/strategic-scorecard-report.ts';
import { checkKpiAssessment, saveKpiScores } from './review/kpi-assessment-scores.ts';
import { deriveAgreement, deriveAssessment } from './review/review-derivation.ts';
import { agreementNote, assessmentNote } from './review/review-notes.ts';
import {
  agreementInbox,
  agreementRequiredActions,
  assessmentInbox,
  assessmentRequiredActions,
} from './review/review-queues.ts';
import { checkAgreementStep, checkAssessmentStep } from './review/review-steps.ts';
import { syncWindowDates } from './review/window-sync.ts';
import { employeeStatus } from './quality-assurance/employee-status-report.ts';
import {
  employeesWithAcceptedAgreements,
  employeesWithAgreementStatus,
  employeesWithAssessmentStatus,
  employeesWithCompletedReviews,
} from './quality-assurance/employee-status-lists.ts';
import { myWork, scorecardsToReview } from './quality-assurance/qa-work.ts';
import { checkComplete, complete, recall, referBack } from './quality-assurance/review-commands.ts';
import { deriveReview } from './quality-assurance/review-derivation.ts';
import { reviews } from './quality-assurance/review-list.ts';

/** Scorecards: KPI display, the annual plan's quarters, actuals, cascade and library copies, KPIs, weights, scores. */
const scorecardHooks = mergeHookSets(
  entityHooks('performance-kpi', {
    computed: {
      'kpi.displayYtd': displayYtd,
      'kpi.displayBaseline': displayBaseline,
      'kpi.displayTarget': displayTarget,
      'kpi.displayTargetDate': displayTargetDate,
    },
  }),
  entityHooks('annual-plan', {
    afterWrite: { 'performance.createQuarters': createQuarters },
    beforeWrite: { 'performance.checkAnnualPlanDates': checkAnnualPlanDates },
  }),
  entityHooks('performance-scorecard', {
    transition: { 'performance.checkWeights': checkWeights },
    beforeWrite: { 'performance.oneScorecardPerPlan': oneScorecardPerPlan },
  }),
  {
    command: {
      'performance.saveKpis': saveKpis,
      'performance.updateActuals': updateActuals,
      'performance.rateKpis': rateKpis,
      'performance.cascade': cascade,
      'performance.copyFromLibrary': copyFromLibrary,
      'performance.deleteAllEmployeeScorecards': deleteAllEmployeeScorecards,
      'performance.scores': scores,
      'performance.currentAnnualPlan': currentAnnualPlan,
    },
  },
);

/** Monthly progress: the months of a plan, progress entered in open months, the company and organisational reports. */
const monthlyProgressHooks = mergeHookSets(
  entityHooks('annual-plan', { afterWrite: { 'monthlyProgress.createPlanCalendar': createPlanCalendar } }),
  entityHooks('employee-progress', { beforeWrite: { 'monthlyProgress.checkEmployeeProgress': checkEmployeeProgress } }),
  entityHooks('company-progress', { beforeWrite: { 'monthlyProgress.checkCompanyProgress': checkCompanyProgress } }),
  {
    command: {
      'monthlyProgress.makePeriods': makePeriods,
      'monthlyProgress.setEmployeeProgress': setEmployeeProgress,
      'monthlyProgress.setCompanyProgress': setCompanyProgress,
      'monthlyProgress.employeeKpis': employeeKpis,
      'monthlyProgress.companyKpis': companyKpis,
      'monthlyProgress.companyReport': companyReport,
      'monthlyProgress.organisationalReport': organisationalReport,
    },
  },
);

/** The employee's performance plan and personal development areas of an annual plan. */
const performancePlanHooks = mergeHookSets(
  entityHooks('personal-development-area', {
    beforeWrite: { 'performancePlan.checkDevelopmentArea': checkDevelopmentArea },
  }),
  entityHooks('performance-plan', { beforeWrite: { 'performancePlan.checkPlanOpen': checkPlanOpen } }),
  { command: { 'performancePlan.setPerformancePlan': setPerformancePlan } },
);

/** Performance agreements and assessments: derivation, steps and their windows, KPI scores, queues, window dates. */
const performanceReviewHooks = mergeHookSets(
  entityHooks('performance-agreement', {
    beforeWrite: { 'performanceReview.deriveAgreement': deriveAgreement },
    transition: { 'performanceReview.checkAgreementStep': checkAgreementStep },
  }),
  entityHooks('performance-assessment', {
    beforeWrite: { 'performanceReview.deriveAssessment': deriveAssessment },
    transition: { 'performanceReview.checkAssessmentStep': checkAssessmentStep },
  }),
  entityHooks('kpi-assessment', { beforeWrite: { 'performanceReview.checkKpiAssessment': checkKpiAssessment } }),
  entityHooks('quarter', { afterWrite: { 'performanceReview.syncWindowDates': syncWindowDates } }),
  {
    command: {
      'performanceReview.agreementNote': agreementNote,
      'performanceReview.assessmentNote': assessmentNote,
      'performanceReview.agreementInbox': agreementInbox,
      'performanceReview.assessmentInbox': assessmentInbox,
      'performanceReview.agreementRequiredActions': agreementRequiredActions,
      'performanceReview.assessmentRequiredActions': assessmentRequiredActions,
      'performanceReview.saveKpiScores': saveKpiScores,
    },
  },
);

/** Quality assurance of scorecards and performance assessments: QA members' reviews, their completion, refer back, the QA lists. */
const qualityAssuranceHooks = mergeHookSets(
  entityHooks('qa-review', { beforeWrite: { 'qualityAssurance.deriveReview': deriveReview } }),
  {
    command: {
      'qualityAssurance.reviews': reviews,
      'qualityAssurance.checkComplete': checkComplete,
      'qualityAssurance.complete': complete,
      'qualityAssurance.recall': recall,
      'qualityAssurance.referBack': referBack,
      'qualityAssurance.myWork': myWork,
      'qualityAssurance.scorecardsToReview': scorecardsToReview,
      'qualityAssurance.employeeStatus': employeeStatus,
      'qualityAssurance.employeesWithCompletedReviews': employeesWithCompletedReviews,
      'qualityAssurance.employeesWithAcceptedAgreements': employeesWithAcceptedAgreements,
      'qualityAssurance.employeesWithAgreementStatus': employeesWithAgreementStatus,
      'qualityAssurance.employeesWithAssessmentStatus': employeesWithAssessmentStatus,
    },
  },
);

/** The performance reports: figures aggregated in SQL, declared as report commands (`commands[].report`). */
const performanceReportsHooks: ModuleHookSet = {
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

/** The performance module: scorecards, monthly progress, the performance plan, reviews, quality assurance, reports. */
export const performanceHooks: ModuleHookSet = mergeHookSets(
  scorecardHooks,
  monthlyProgressHooks,
  performancePlanHooks,
  performanceReviewHooks,
  qualityAssuranceHooks,
  performanceReportsHooks,
);
