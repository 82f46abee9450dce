import type { CommandDef } from '../../../engine/metadata/registry.ts';

/** What a hook command's example body may refer to. */
export interface HookInputContext {
  /** the record the call is about */
  target: { id: number; version: number };
  /** the employee the call is for (the target's owner, where it has one) */
  ownerId: number | null;
  libraryScorecardId: number;
  strategicModuleId: number;
  bystanderEmployeeId: number;
  /** an annual plan whose employee scorecards may go; without one, a plan that does not exist */
  annualPlanId?: number;
}

/**
 * Hook commands whose input the metadata does not declare (their hooks validate it): an example body that passes
 * validation, so that a refusal can only come from access. A hook command missing here gets `{ id }`, which still
 * proves the role-level refusal (decided before any input is read).
 */
const EXAMPLES: Record<string, (c: HookInputContext) => Record<string, unknown>> = {
  // monthly progress and performance plans (by hook: several entities have a set command); ids from the target record
  'make-periods': (c) => ({ annualPlanId: c.annualPlanId ?? 999_999_999 }),
  'monthlyProgress.setEmployeeProgress': (c) => ({
    periodId: (c.target as Record<string, unknown>).periodId ?? 999_999_999,
    entries: [{ kpiId: (c.target as Record<string, unknown>).kpiId ?? 999_999_999, actual: 1 }],
  }),
  'monthlyProgress.setCompanyProgress': (c) => ({
    periodId: (c.target as Record<string, unknown>).periodId ?? 999_999_999,
    entries: [{ kpiId: (c.target as Record<string, unknown>).kpiId ?? 999_999_999, actual: 1 }],
  }),
  // a QA review's subject, as the target review names it
  'qualityAssurance.checkComplete': (c) => {
    const r = c.target as Record<string, unknown>;
    return r.assessmentId ? { assessmentId: r.assessmentId } : { scorecardId: r.scorecardId ?? 999_999_999 };
  },
  // no scores: the party check on the record comes first, so a non-party is refused before anything is entered
  'performanceReview.saveKpiScores': (c) => ({ id: c.target.id, scores: [] }),
  'performancePlan.setPerformancePlan': (c) => ({ annualPlanId: c.annualPlanId ?? 999_999_999, plan: '<p>Plan</p>' }),
  'save-kpis': (c) => ({ id: c.target.id }),
  'update-actuals': (c) => ({ id: c.target.id, quarter: 0, actuals: [] }),
  'rate-kpis': (c) => ({ id: c.target.id, quarter: 0, ratings: [] }),
  cascade: (c) => ({ id: c.target.id, employeeIds: [c.bystanderEmployeeId] }),
  'copy-from-library': (c) => ({ libraryId: c.libraryScorecardId, employeeId: c.ownerId ?? c.bystanderEmployeeId }),
  // without a plan named: one that does not exist, so that a module admin gets 404 and nothing is deleted
  'delete-all-employee': (c) => ({ annualPlanId: c.annualPlanId ?? 999_999_999 }),
  'set-enablement': (c) => ({ moduleId: c.strategicModuleId, enabled: 'Yes' }),
  // a module the company has (its organisation module is core); a module admin gets a token, anyone else 422 by the hook
  'apiToken.issue': () => ({
    name: `Matrix ${Date.now()}-${Math.random()}`,
    access: 'read',
    modules: ['organisation'],
    expiresOn: '2099-12-31',
  }),
  'set-admin-access': (c) => ({ employeeId: c.bystanderEmployeeId, moduleId: c.strategicModuleId, adminAccess: 'No' }),
};

export function hookInput(command: CommandDef, c: HookInputContext): Record<string, unknown> {
  return (EXAMPLES[command.hook ?? ''] ?? EXAMPLES[command.name] ?? (() => ({ id: c.target.id })))(c);
}

/** The query of a GET command. */
export function getCommandQuery(command: CommandDef, c: HookInputContext): string {
  return command.name === 'scores' ? `annualPlanId=${c.annualPlanId}` : `id=${c.target.id}`;
}
