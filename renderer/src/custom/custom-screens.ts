import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens that metadata names by component (kind "custom"); each loads as its own chunk. */
export const CUSTOM_SCREENS: Record<string, LazyExoticComponent<ComponentType<any>>> = {
  OrganisationUnits: lazy(() => import('./OrganisationUnits.tsx')),
  ModuleEnablement: lazy(() => import('./ModuleEnablement.tsx')),
  PerformanceCommitteeCompanies: lazy(() =>
    import('./CompanyFlagList.tsx').then((m) => ({ default: m.PerformanceCommitteeCompanies })),
  ),
  QualitativeMeasurementCompanies: lazy(() =>
    import('./CompanyFlagList.tsx').then((m) => ({ default: m.QualitativeMeasurementCompanies })),
  ),
  CompanyLogo: lazy(() => import('./CompanyLogo.tsx')),
  ImportEmployees: lazy(() => import('./ImportEmployees.tsx')),
  // the spec's Sage and Cow employee sources: the same import, with that source's columns chosen
  SageEmployees: lazy(() =>
    import('./ImportEmployees.tsx').then((m) => ({
      default: (p: object) => createElement(m.default, { ...p, source: 'sage' }),
    })),
  ),
  CowEmployees: lazy(() =>
    import('./ImportEmployees.tsx').then((m) => ({
      default: (p: object) => createElement(m.default, { ...p, source: 'cow' }),
    })),
  ),
  ModuleAdminAccess: lazy(() => import('./ModuleAdminAccess.tsx')),
  ScorecardEditor: lazy(() => import('./ScorecardEditor.tsx')),
  RiskHeatMap: lazy(() => import('./RiskHeatMap.tsx')),
  ComplianceRequiredActions: lazy(() => import('./ComplianceRequiredActions.tsx')),
  StrategyMap: lazy(() => import('./StrategyMap.tsx')),
  ExecutionReport: lazy(() => import('./ExecutionReport.tsx')),
  PossibleObjectives: lazy(() => import('./PossibleObjectives.tsx')),
  AuditTasks: lazy(() => import('./audit-management/AuditTasks.tsx')),
  Dashboard: lazy(() => import('./dashboard/Dashboard.tsx')),
  Inbox: lazy(() => import('./Inbox.tsx')),
  FigureReport: lazy(() => import('./dashboard/FigureReport.tsx')),
  // the same figures for the personal development report, a place of its own in the navigation
  PersonalDevelopmentReport: lazy(() => import('./dashboard/FigureReport.tsx')),
  ManualList: lazy(() => import('./dashboard/ManualList.tsx')),
  ManualReader: lazy(() => import('./dashboard/ManualReader.tsx')),
  ProjectTimeline: lazy(() => import('./projects/ProjectTimeline.tsx')),
  Degree360Result: lazy(() => import('./degree-360/Degree360Result.tsx')),
  // monthly progress entry: the employee's own KPIs (employee-progress) or the organisation's (company-progress)
  MonthlyProgressEntry: lazy(() => import('./MonthlyProgressEntry.tsx')),
  QualityAssuranceWork: lazy(() => import('./QualityAssuranceWork.tsx')),
  ReportIndex: lazy(() => import('./ReportIndex.tsx')),
  ApiTokenIssue: lazy(() => import('./ApiTokenIssue.tsx')),
  // the holder's tokens: the same screen over platform-api-token
  PlatformApiTokenIssue: lazy(() =>
    import('./ApiTokenIssue.tsx').then((m) => ({
      default: () => createElement(m.default, { entityName: 'platform-api-token' }),
    })),
  ),
};
