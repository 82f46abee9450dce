/** The levels a scorecard is cascaded to, by the field of the copy that names its target. */
export const CASCADE_TARGETS = [
  { level: 'business-unit', field: 'businessUnitId', input: 'businessUnitIds' },
  { level: 'department', field: 'departmentId', input: 'departmentIds' },
  { level: 'employee', field: 'employeeId', input: 'employeeIds' },
] as const;

export type CascadeTarget = (typeof CASCADE_TARGETS)[number];

/**
 * Where a scorecard may be cascaded: the company's scorecard (corporate, or an operational plan's) to any business
 * unit, department or employee; a business unit's only down to its own departments and employees; a department's only
 * to its own employees. `within` is the unit every target must belong to (the target's field of that name). The
 * cascade command refuses what lies outside (scorecard-copy.ts) and the editor offers only what lies inside, from this
 * one rule.
 */
export function cascadeScope(source: { level?: unknown; businessUnitId?: unknown; departmentId?: unknown }): {
  targets: CascadeTarget[];
  within: { field: 'businessUnitId' | 'departmentId'; id: number } | null;
} {
  if (source.level === 'business-unit' && typeof source.businessUnitId === 'number')
    return {
      targets: CASCADE_TARGETS.filter((t) => t.level !== 'business-unit'),
      within: { field: 'businessUnitId', id: source.businessUnitId },
    };
  if (source.level === 'department' && typeof source.departmentId === 'number')
    return {
      targets: CASCADE_TARGETS.filter((t) => t.level === 'employee'),
      within: { field: 'departmentId', id: source.departmentId },
    };
  return { targets: [...CASCADE_TARGETS], within: null };
}
