/**
 * The levels a scorecard is cascaded to, by the field of the copy that names its target: the organisation's six
 * levels, from the business unit down to the sub-sub-section (each unit's table names its parent unit by the field of
 * the level above), then the employee.
 */
export const CASCADE_TARGETS = [
  { level: 'business-unit', field: 'businessUnitId', input: 'businessUnitIds' },
  { level: 'department', field: 'departmentId', input: 'departmentIds' },
  { level: 'division', field: 'divisionId', input: 'divisionIds' },
  { level: 'section', field: 'sectionId', input: 'sectionIds' },
  { level: 'sub-section', field: 'subSectionId', input: 'subSectionIds' },
  {
    level: 'sub-sub-section',
    field: 'subSubSectionId',
    input: 'subSubSectionIds',
  },
  { level: 'employee', field: 'employeeId', input: 'employeeIds' },
] as const;

export type CascadeTarget = (typeof CASCADE_TARGETS)[number];
export type UnitField = Exclude<CascadeTarget['field'], 'employeeId'>;

/**
 * Where a scorecard may be cascaded: the company's scorecard (corporate, or an operational plan's) to any unit of any
 * level or any employee; a unit's only one level down, to the units directly under it, and to its own employees (a
 * business unit's to its departments, a department's to its divisions, … a sub-sub-section's to its employees), so
 * that each level's targets are set from the level above. `within` is the unit every target must belong to: the
 * target's field of that name (a division's departmentId, an employee's departmentId). The cascade command refuses
 * what lies outside (scorecard-copy.ts) and the editor offers only what lies inside, from this one rule.
 */
export function cascadeScope(source: { level?: unknown } & Partial<Record<UnitField, unknown>>): {
  targets: CascadeTarget[];
  within: { field: UnitField; id: number } | null;
} {
  const at = CASCADE_TARGETS.findIndex((t) => t.level === source.level && t.level !== 'employee');
  if (at < 0) return { targets: [...CASCADE_TARGETS], within: null };
  const unit = CASCADE_TARGETS[at] as Extract<CascadeTarget, { field: UnitField }>;
  const id = source[unit.field];
  if (typeof id !== 'number') return { targets: [...CASCADE_TARGETS], within: null };
  const below = CASCADE_TARGETS[at + 1];
  return {
    targets: below.level === 'employee' ? [below] : [below, CASCADE_TARGETS[CASCADE_TARGETS.length - 1]],
    within: { field: unit.field, id },
  };
}
