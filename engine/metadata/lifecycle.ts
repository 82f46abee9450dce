import type { EntityDef } from './registry.ts';

/** The stages a record passes through, in order, and the field that holds its stage. */
export interface Lifecycle {
  readonly field: string;
  readonly states: readonly string[];
}

/**
 * An entity's lifecycle: the values of its `stageField` (a project's status, written by its form rather than by
 * transitions; a contract's phase, computed from its signing, status and end date), else its workflow's states; none
 * for an entity with neither. What the record's stepper shows and its sections open at (`opensAt`).
 */
export function lifecycleOf(e: EntityDef): Lifecycle | undefined {
  const f = e.stageField ? e.field.get(e.stageField) : undefined;
  if (f?.enum) return { field: f.name, states: f.enum.map(String) };
  if (e.workflow) return { field: e.workflow.stateField, states: e.workflow.states };
  return undefined;
}
