import { createHookRegistry, mergeHookSets } from './hook-registry.ts';
import { moduleHookSets } from './module-hook-sets.ts';
import { onboardExecutive } from './organisation/company-onboarding.ts';
import { syncEmployeeAccount } from './organisation/employee-account.ts';
import { indexSsoDomains } from './organisation/sso-domain-index.ts';
import { issueApiToken } from './organisation/api-token-issue.ts';
import { fullName, head } from './organisation/employee-derived.ts';
import { actionLabel as auditActionLabel, entityLabel as auditEntityLabel, recordTitle as auditRecordTitle } from './audit/audit-entry-names.ts';
import { companyModuleStates, setModuleAdminAccess, setModuleEnablement } from './modules/module-commands.ts';
import { displayBaseline, displayTarget, displayTargetDate, displayYtd } from './performance/kpi-display.ts';
import { createQuarters } from './performance/quarter-dates.ts';
import { checkAnnualPlanDates } from './performance/annual-plan-dates.ts';
import { updateActuals } from './performance/scorecard-actuals.ts';
import { cascade, copyFromLibrary, deleteAllEmployeeScorecards } from './performance/scorecard-copy.ts';
import { saveKpis } from './performance/scorecard-kpis.ts';
import { scores } from './performance/scorecard-scores.ts';
import { checkWeights } from './performance/scorecard-weights.ts';
import { rerateRisks } from './risk-management/matrix-rerating.ts';
import { ratingLabel } from './risk-management/rating-label.ts';
import { applyMitigationProgress } from './risk-management/mitigation-progress.ts';
import { followRiskOwner, placeMitigation, placeMitigationProgress } from './risk-management/mitigation-owners.ts';
import { detailedRisks } from './risk-management/detailed-risks.ts';
import { heatMap, matrix, risksInCell } from './risk-management/risk-heat-map.ts';
import { rateResidual, rateRisk } from './risk-management/risk-rating-derivation.ts';
import { phase as contractPhase, phaseFilter as contractPhaseFilter } from './contract-management/contract-phase.ts';
import { signContract } from './contract-management/contract-signing.ts';
import { pastReviewDate, pastReviewFilter } from './contract-management/governance-review.ts';
import { seatCreator } from './actions-tracker/committee-founding.ts';
import { stampAuthor, stampCreator } from './actions-tracker/employee-stamp.ts';
import { myResolutions } from './actions-tracker/my-resolutions.ts';
import { overdue as resolutionOverdue, overdueFilter as resolutionOverdueFilter } from './actions-tracker/resolution-overdue.ts';
import { openStatusHistory, recordStatusUpdate, resolutionCompletion, statusChangeLabel } from './actions-tracker/resolution-status.ts';

import { dueStatus as complianceDueStatus, dueStatusFilter as complianceDueStatusFilter } from './compliance-management/activity-due-status.ts';
import { followActivity } from './compliance-management/activity-follow.ts';
import { noteLabel as complianceNoteLabel, submissionLabel as complianceSubmissionLabel } from './compliance-management/compliance-labels.ts';
import { requiredActionCount, requiredActions } from './compliance-management/required-actions.ts';
import { deriveEvidence, deriveNote, deriveSubmission, scheduleActivity } from './compliance-management/submission-derivation.ts';
import { applyProcessed, clearPending, markPending } from './compliance-management/submission-transitions.ts';

import { linkObjectives, placeInPlan, placeMonthlyProgress } from './strategy/plan-placement.ts';
import { map as strategyMap } from './strategy/strategy-map.ts';
import { checkInitiativeCycle, placeInitiative, placeObjective, placePlanReview, placeReview } from './strategy-execution/execution-placement.ts';
import { agencyReport, report as executionReport } from './strategy-execution/execution-report.ts';
import { possibleObjectives } from './strategy-execution/possible-objectives.ts';
import { checkPillar as checkProjectPillar } from './strategic-projects/project-placement.ts';
import { report as projectReport } from './strategic-projects/project-report.ts';
import { keepSettledInitiative, keepSettledObjective } from './strategy-execution/settled-deletes.ts';

/** Every hook that metadata may name, by kind and name. */
export const hooks = createHookRegistry(mergeHookSets({
  computed: {
    'audit.recordTitle': auditRecordTitle,
    'audit.entityLabel': auditEntityLabel,
    'audit.actionLabel': auditActionLabel,
    'compliance.dueStatus': complianceDueStatus,
    'compliance.submissionLabel': complianceSubmissionLabel,
    'compliance.noteLabel': complianceNoteLabel,
    'contract.phase': contractPhase,
    'governance.pastReviewDate': pastReviewDate,
    'actionsTracker.statusChangeLabel': statusChangeLabel,
    'actionsTracker.overdue': resolutionOverdue,
    'employee.fullName': fullName,
    'employee.head': head,
    'kpi.displayYtd': displayYtd,
    'kpi.displayBaseline': displayBaseline,
    'kpi.displayTarget': displayTarget,
    'kpi.displayTargetDate': displayTargetDate,
    'risk.ratingLabel': ratingLabel,
  },
  command: {
    'strategy.map': strategyMap,
    'execution.report': executionReport,
    'execution.agencyReport': agencyReport,
    'execution.possibleObjectives': possibleObjectives,
    'projects.report': projectReport,
    'compliance.requiredActions': requiredActions,
    'compliance.requiredActionCount': requiredActionCount,
    'actionsTracker.myResolutions': myResolutions,
    'modules.setEnablement': setModuleEnablement,
    'apiToken.issue': issueApiToken,
    'apiToken.issuePlatform': issueApiToken,
    'modules.companyModuleStates': companyModuleStates,
    'modules.setAdminAccess': setModuleAdminAccess,
    'performance.saveKpis': saveKpis,
    'performance.updateActuals': updateActuals,
    'performance.cascade': cascade,
    'performance.copyFromLibrary': copyFromLibrary,
    'performance.deleteAllEmployeeScorecards': deleteAllEmployeeScorecards,
    'performance.scores': scores,
    'risk.matrix': matrix,
    'risk.heatMap': heatMap,
    'risk.risksInCell': risksInCell,
    'risk.detailedRisks': detailedRisks,
  },
  afterWrite: {
    'compliance.followActivity': followActivity,
    'actionsTracker.seatCreator': seatCreator,
    'actionsTracker.openStatusHistory': openStatusHistory,
    'company.onboardExecutive': onboardExecutive,
    'employee.syncAccount': syncEmployeeAccount,
    'sso.indexDomains': indexSsoDomains,
    'performance.createQuarters': createQuarters,
    'risk.rerateRisks': rerateRisks,
    'risk.applyMitigationProgress': applyMitigationProgress,
    'risk.followRiskOwner': followRiskOwner,
  },
  beforeDelete: {
    'execution.keepSettledObjective': keepSettledObjective,
    'execution.keepSettledInitiative': keepSettledInitiative,
  },
  beforeWrite: {
    'strategy.placeInPlan': placeInPlan,
    'strategy.linkObjectives': linkObjectives,
    'strategy.placeMonthlyProgress': placeMonthlyProgress,
    'execution.placeObjective': placeObjective,
    'execution.placeInitiative': placeInitiative,
    'execution.checkInitiativeCycle': checkInitiativeCycle,
    'execution.placeReview': placeReview,
    'execution.placePlanReview': placePlanReview,
    'projects.checkPillar': checkProjectPillar,
    'compliance.scheduleActivity': scheduleActivity,
    'compliance.deriveSubmission': deriveSubmission,
    'compliance.deriveEvidence': deriveEvidence,
    'compliance.deriveNote': deriveNote,
    'contract.sign': signContract,
    'actionsTracker.stampCreator': stampCreator,
    'actionsTracker.stampAuthor': stampAuthor,
    'actionsTracker.resolutionCompletion': resolutionCompletion,
    'risk.rateRisk': rateRisk,
    'risk.rateResidual': rateResidual,
    'risk.placeMitigation': placeMitigation,
    'risk.placeMitigationProgress': placeMitigationProgress,
    'performance.checkAnnualPlanDates': checkAnnualPlanDates,
  },
  transition: {
    'compliance.markPending': markPending,
    'compliance.clearPending': clearPending,
    'compliance.applyProcessed': applyProcessed,
    'actionsTracker.recordStatusUpdate': recordStatusUpdate,
    'performance.checkWeights': checkWeights,
  },
  filter: {
    'contract.phase': contractPhaseFilter,
    'governance.pastReviewDate': pastReviewFilter,
    'compliance.dueStatus': complianceDueStatusFilter,
    'actionsTracker.overdue': resolutionOverdueFilter,
  },
}, ...moduleHookSets));
