import { OWNER_ROLE_WITHOUT_OWNER } from './owner-roles.ts';
import type { MetadataFault } from './metadata-error.ts';
import type { Action, EntityDef, EntityMeta, FieldCondition, FieldDef, MemberCondition, Role } from './registry.ts';

/**
 * Who may read, add, update and delete an entity's records: what its entity.json says, else the defaults below, with
 * the owner roles (self, supervisor, unowned) only where the entity declares its owner, and its `unownedWhen`
 * conditions naming stored fields and values they can hold.
 */
export function accessOf(
  m: EntityMeta,
  field: ReadonlyMap<string, FieldDef>,
  file: string,
  faults: MetadataFault[],
): {
  access: EntityDef['access'];
  unownedWhen?: FieldCondition[];
  ownedWhen?: FieldCondition[];
  memberWhen?: Record<string, MemberCondition>;
} {
  const scope = m.scope ?? 'company';
  const acc = m.access ?? {};
  /**
   * Who may act when the metadata does not say. Reading a record that belongs to an employee is that employee's
   * business: it is read by whoever may write it, by the employee and by their supervisor (or acting supervisor), and
   * not by every colleague; an entity whose records are company-wide says `"read": ["employee"]`. Records of nobody
   * stay readable by every employee of the company.
   */
  const defaultRoles = (action: Action): Role[] => {
    if (scope === 'platform') return ['holder'];
    if (m.system) return action === 'read' ? ['employee:moduleAdmin'] : [];
    if (action !== 'read') return ['employee:moduleAdmin'];
    if (m.owner === undefined) return ['employee'];
    return [...new Set<Role>([...writes.add, ...writes.update, ...writes.delete, 'self', 'supervisor'])];
  };
  const writes = {
    add: (acc.add ?? acc.write ?? defaultRoles('add')) as Role[],
    update: (acc.update ?? acc.write ?? defaultRoles('update')) as Role[],
    delete: (acc.delete ?? acc.write ?? defaultRoles('delete')) as Role[],
  };
  const access = { read: (acc.read ?? defaultRoles('read')) as Role[], ...writes };
  if (m.system) for (const a of ['add', 'update', 'delete'] as const) access[a] = [];
  const ownerRoles = (roles: readonly string[] | undefined, pointer: string) => {
    if (m.owner === undefined && roles?.some((r) => r === 'self' || r === 'supervisor' || r === 'unowned'))
      faults.push({ file, pointer, message: OWNER_ROLE_WITHOUT_OWNER });
  };
  for (const [a, roles] of Object.entries(access)) ownerRoles(roles, `/access/${a}`);
  (m.commands ?? []).forEach((c, i) => ownerRoles(c.access, `/commands/${i}/access`));
  const unownedWhen = acc.unownedWhen as FieldCondition[] | undefined;
  if (unownedWhen && !Object.values(access).some((roles) => roles.includes('unowned')))
    faults.push({
      file,
      pointer: '/access/unownedWhen',
      message: 'limits the role unowned, which no access of the entity names',
    });
  const conditions = (key: string, list: FieldCondition[] | undefined) =>
    list?.forEach((condition, i) =>
      Object.entries(condition).forEach(([name, values]) => {
        const f = field.get(name);
        const pointer = `/access/${key}/${i}/${name}`;
        if (!f || f.computed)
          faults.push({ file, pointer, message: `names "${name}", which is not a stored field of ${m.name}` });
        else if (
          values.some((v) =>
            f.enum
              ? !f.enum.includes(v as string | number)
              : typeof v !== (f.type === 'integer' || f.type === 'number' ? 'number' : f.type),
          )
        )
          faults.push({ file, pointer, message: `holds a value that "${name}" cannot have` });
      }),
    );
  conditions('unownedWhen', unownedWhen);
  const ownedWhen = acc.ownedWhen as FieldCondition[] | undefined;
  if (ownedWhen && m.owner === undefined)
    faults.push({ file, pointer: '/access/ownedWhen', message: OWNER_ROLE_WITHOUT_OWNER });
  conditions('ownedWhen', ownedWhen);
  // the membership's own fields are checked where the membership entity is known (relationship-roles.ts)
  const memberWhen = acc.memberWhen as Record<string, MemberCondition> | undefined;
  const memberRoles = new Set([
    ...Object.values(access).flat(),
    ...(m.commands ?? []).flatMap((c) => (c.access ?? []) as Role[]),
  ]);
  for (const [name, when] of Object.entries(memberWhen ?? {})) {
    if (!memberRoles.has(`member:${name}`))
      faults.push({
        file,
        pointer: `/access/memberWhen/${name}`,
        message: `narrows member:${name}, which no access names`,
      });
    conditions(`memberWhen/${name}/records`, when.records as FieldCondition[] | undefined);
    if (when.exceptOwnLine && m.owner === undefined)
      faults.push({
        file,
        pointer: `/access/memberWhen/${name}/exceptOwnLine`,
        message: 'judges the line of the employee a record belongs to, which needs the entity to declare its owner',
      });
  }
  return { access, unownedWhen, ownedWhen, memberWhen };
}
