import type { EntityDef, Registry } from '../../../engine/metadata/registry.ts';
import { addableCompanyEntities, addSample, type ParentCache } from '../../support/sample-records.ts';
import type { Client } from '../../support/test-stratum.ts';

/** The two people of the crawl who are not administrators: an ordinary employee and the supervisor they report to. */
export interface CrawlPeople {
  employee: number;
  supervisor: number;
}

/** Fields of an entity that name an employee who then reads the record (its owner, or a `field:<name>` role), and that a caller may write. */
function namingFields(e: EntityDef): string[] {
  const roles = [...e.access.read, ...e.access.update];
  const named = roles.filter((r) => r.startsWith('field:')).map((r) => r.slice('field:'.length));
  if (e.owner) named.unshift(e.owner);
  return [...new Set(named)].filter((n) => {
    const f = e.field.get(n);
    return f && f.ref === 'employee' && !f.readOnly;
  });
}

/** Whether the entity's readers are decided by records above it (a derived `field:` role, `parent:` or `member:`), so that its record for the people is one under theirs. */
const readThroughParent = (e: EntityDef) =>
  e.access.read.some(
    (r) =>
      r.startsWith('parent:') ||
      r.startsWith('member:') ||
      (r.startsWith('field:') && e.field.get(r.slice('field:'.length))?.readOnly),
  );

/**
 * Records that name the crawl's people, so that the lists each of them reaches have rows and their record screens can
 * be opened: for every entity the administrator adds that names an employee who then reads the record (owner or a
 * `field:` role), a record naming the employee (the first such field; a second, such as an audit's manager and
 * approver, names the supervisor) and one the other way round; a membership of the employee and the supervisor in
 * every team (committee, contract or compliance team, annual plan's QA), named by the records above where a role
 * reads through it; then, under those records (one family: the employee's audit, its working paper, the working
 * paper's samples), a record of every entity read through a parent, a team or a derived field, what it sends to
 * someone it names going to the supervisor. Generated from the Registry, so that a new entity is covered. Returns what the
 * rules refused, for the log.
 */
export async function arrangePeopleRecords(
  admin: Client,
  registry: Registry,
  people: CrawlPeople,
  overrides: Record<string, Record<string, unknown>>,
): Promise<string[]> {
  const notes: string[] = [];
  const family: ParentCache = new Map();
  const addable = addableCompanyEntities(registry);
  const tryAdd = async (entity: string, values: Record<string, unknown>, shared?: ParentCache) => {
    try {
      const { record } = await addSample(
        admin,
        registry,
        entity,
        { ...overrides[entity], ...values },
        shared ?? new Map(),
        !!shared,
      );
      return record as { id: number };
    } catch (err) {
      notes.push(`${entity} for the crawl's people: ${(err as Error).message.slice(0, 160)}`);
      return undefined;
    }
  };
  // a team or parent a role names by a field of the record (a contract's team, a scorecard's annual plan) is theirs
  const theirs = (e: EntityDef) =>
    Object.fromEntries(
      e.access.read
        .filter((r) => r.startsWith('parent:') || r.startsWith('member:'))
        .map((r) => r.slice(r.indexOf(':') + 1))
        .filter((n) => n !== 'id' && !e.field.get(n)?.readOnly)
        .map((n) => [n, family.get(e.field.get(n)?.ref ?? '')])
        .filter(([, id]) => id !== undefined),
    );
  for (const team of addable.filter((e) => e.members)) {
    const { entity, via, employee } = team.members!;
    const made = (await tryAdd(team.name, {}))?.id;
    if (made === undefined) continue;
    family.set(team.name, made);
    for (const person of [people.employee, people.supervisor])
      await tryAdd(entity, { [via]: made, [employee]: person });
  }
  for (const e of addable) {
    const fields = namingFields(e);
    if (!fields.length) continue;
    const [first, ...rest] = fields;
    const mine = await tryAdd(e.name, {
      ...theirs(e),
      [first]: people.employee,
      ...Object.fromEntries(rest.map((f) => [f, people.supervisor])),
    });
    if (mine && !family.has(e.name)) family.set(e.name, mine.id);
    // the supervisor's own: the first field names the supervisor, the others the employee (nobody approves their own audit)
    await tryAdd(e.name, {
      ...theirs(e),
      [first]: people.supervisor,
      ...Object.fromEntries(rest.map((f) => [f, people.employee])),
    });
  }
  for (const e of addable.filter(readThroughParent)) {
    if (family.has(e.name) && e.members) continue;
    // what the record sends to someone it names (a completion checklist's receiver) goes to the supervisor
    const named = Object.fromEntries(namingFields(e).map((f) => [f, people.supervisor]));
    await tryAdd(e.name, { ...theirs(e), ...named }, family);
    // two of what goes to an approver or receiver: one to wait in their tasks, one they decide
    if (
      e.workflow?.transitions.some((t) => t.access?.some((r) => r === 'field:approverId' || r === 'field:receiverId'))
    )
      await tryAdd(e.name, { ...theirs(e), ...named }, family);
  }
  return notes;
}

/**
 * Items under way to their approver (or receiver), so that the task lists (pending and completed) and the task screens
 * have rows: of every entity whose workflow sends a record to the employee its `approverId` (`receiverId`) names, the employee sends
 * each record they may send (the first open transition that asks for nothing), and the supervisor, the approver of
 * the employee's audit, decides the first of each (its first open transition that asks for nothing). Returns what
 * was refused, for the log.
 */
export async function sendForApproval(registry: Registry, sender: Client, approver: Client): Promise<string[]> {
  const notes: string[] = [];
  const steps = (e: EntityDef, state: unknown) =>
    e.workflow!.transitions.filter((t) => t.from.includes(String(state)) && !t.requires?.length).map((t) => t.action);
  const take = async (
    who: Client,
    e: EntityDef,
    row: { id: number; version: number; _allowed?: { transitions: string[] } },
    state: unknown,
  ) => {
    const action = steps(e, state).find((a) => row._allowed?.transitions.includes(a));
    if (!action) return false;
    const r = await who.post(`${e.name}/${action}`, { id: row.id, version: row.version });
    if (r.status !== 200) notes.push(`${e.name} ${row.id} ${action}: ${r.status} ${r.body.err_msg}`);
    return r.status === 200;
  };
  const rows = async (who: Client, e: EntityDef) =>
    ((await who.get(`${e.name}?limit=5`)).body.data?.[e.dataKeys.list] ?? []) as {
      id: number;
      version: number;
      _allowed?: { transitions: string[] };
    }[];
  for (const e of [...registry.entities.values()].filter((x) =>
    x.workflow?.transitions.some((t) => t.access?.some((r) => r === 'field:approverId' || r === 'field:receiverId')),
  )) {
    const state = e.workflow!.stateField;
    for (const row of await rows(sender, e)) await take(sender, e, row, (row as Record<string, unknown>)[state]);
    for (const row of await rows(approver, e))
      if (await take(approver, e, row, (row as Record<string, unknown>)[state])) break;
  }
  return notes;
}
