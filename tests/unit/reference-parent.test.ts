import { describe, expect, it } from 'vitest';
import type { EntityMeta } from '../../renderer/src/meta/meta-types.ts';
import { isParentLink, parentFilter } from '../../renderer/src/widgets/reference-parent.ts';

const entity = (
  name: string,
  properties: Record<string, string | null>,
  required: string[] = [],
  children: EntityMeta['children'] = [],
): EntityMeta =>
  ({
    name,
    schema: {
      type: 'object',
      required,
      properties: Object.fromEntries(
        Object.entries(properties).map(([k, ref]) => [k, ref ? { type: 'integer', 'x-ref': ref } : { type: 'string' }]),
      ),
    },
    list: { columns: [], filters: Object.keys(properties), search: [], sort: 'id', pageSize: 50 },
    children,
  }) as unknown as EntityMeta;

const businessUnit = entity(
  'business-unit',
  { name: null },
  ['name'],
  [{ key: 'departmentList', entity: 'department', via: 'businessUnitId', children: [] }],
);
const department = entity('department', { name: null, businessUnitId: 'business-unit' });
const task = entity('project-task', { name: null, milestoneId: 'milestone' }, ['name', 'milestoneId']);
const employee = entity('employee', {
  firstName: null,
  businessUnitId: 'business-unit',
  departmentId: 'department',
  supervisorId: 'employee',
});
const ENTITIES = [businessUnit, department, task, employee];

describe('reference select: which choices a form narrows', () => {
  it('knows a parent link by a declared child or a required reference, not by any reference', () => {
    expect(isParentLink(department, 'businessUnitId', ENTITIES)).toBe(true);
    expect(isParentLink(task, 'milestoneId', ENTITIES)).toBe(true);
    expect(isParentLink(employee, 'businessUnitId', ENTITIES)).toBe(false);
    expect(isParentLink(employee, 'supervisorId', ENTITIES)).toBe(false);
  });

  it("offers a chosen business unit's departments only", () => {
    expect(parentFilter(department, employee.schema.properties, { businessUnitId: 7 }, ENTITIES)).toEqual({
      filter: 'businessUnitId',
      value: 7,
    });
    expect(parentFilter(department, employee.schema.properties, {}, ENTITIES)).toBeUndefined();
  });

  it("offers every employee as the supervisor, whatever business unit or department the form's employee is in", () => {
    expect(
      parentFilter(employee, employee.schema.properties, { businessUnitId: 7, departmentId: 3 }, ENTITIES),
    ).toBeUndefined();
  });
});
