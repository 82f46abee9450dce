import type { EntityDef } from './registry.ts';

/** The stages a record passes through, in order, and the field that holds its stage. */
export interface Lifecycle {
  readonly field: string;
  readonly states: readonly string[];
  /**
   * states that are outcomes of one decision rather than steps one after the other (a submission Processed or
   * Declined): each group is drawn as alternatives at one place of the stepper, the one not taken as such
   */
  readonly alternatives?: readonly (readonly string[])[];
}

/**
 * An entity's lifecycle: the values of its `stageField` (a project's status, written by its form rather than by
 * transitions; a contract's phase, computed from its signing, status and end date), else its workflow's states; none
 * for an entity with neither. What the record's stepper shows and its sections open at (`opensAt`).
 */
export function lifecycleOf(e: EntityDef): Lifecycle | undefined {
  const f = e.stageField ? e.field.get(e.stageField) : undefined;
  if (f?.enum) return { field: f.name, states: f.enum.map(String) };
  if (e.workflow) {
    const alternatives = outcomeGroups(e.workflow.states, e.workflow.transitions);
    return { field: e.workflow.stateField, states: e.workflow.states, ...(alternatives.length && { alternatives }) };
  }
  return undefined;
}

/**
 * The states a workflow reaches from one state forward by different transitions, with no transition between them
 * (Submitted goes to Processed or to Declined; In Progress to Completed or Cancelled): the outcomes of one decision,
 * grouped. A state reached from the same one that leads on to the other (Open → In Progress → Completed) is a step,
 * not an alternative; a move back (a return to Draft) is neither.
 */
export function outcomeGroups(
  states: readonly string[],
  transitions: readonly { readonly from: readonly string[]; readonly to: string }[],
): string[][] {
  const at = (s: string) => states.indexOf(s);
  const linked = (a: string, b: string) =>
    transitions.some((x) => (x.from.includes(a) && x.to === b) || (x.from.includes(b) && x.to === a));
  const group = new Map<string, Set<string>>();
  for (const source of states) {
    const forward = [...new Set(transitions.filter((x) => x.from.includes(source)).map((x) => x.to))].filter(
      (to) => at(to) > at(source),
    );
    for (const a of forward)
      for (const b of forward)
        if (a < b && !linked(a, b)) {
          // join the two groups (a state may be an outcome beside several others: Approved, Rejected, Withdrawn)
          const joined = new Set([...(group.get(a) ?? [a]), ...(group.get(b) ?? [b])]);
          for (const s of joined) group.set(s, joined);
        }
  }
  return [...new Set(group.values())].map((g) => states.filter((s) => g.has(s)));
}
